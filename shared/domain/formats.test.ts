import { describe, expect, it } from 'vitest';
import { indexCatalog } from './catalog';
import { formatOptionsOf } from './formats';
import { demoRecords } from './testing';

const catalog = indexCatalog(demoRecords());

describe('selling formats (spec 2.6)', () => {
  it('lists a type 4 item’s active formats in pivot order with price and quantity', () => {
    expect(formatOptionsOf(catalog.items.get(20)!, catalog)).toEqual([
      { pivotId: 1, formatId: 1, name: '½ ración', priceCents: 1350, quantity: 0.5 },
      { pivotId: 2, formatId: 2, name: 'Ración', priceCents: 2400, quantity: 1 },
    ]);
  });
  it('gives other items none', () => {
    expect(formatOptionsOf(catalog.items.get(10)!, catalog)).toEqual([]);
  });
});
