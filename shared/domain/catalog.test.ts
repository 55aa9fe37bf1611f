import { describe, expect, it } from 'vitest';
import { byOrder, indexCatalog } from './catalog';
import { demoRecords } from './testing';

describe('catalog index', () => {
  it('orders by `order`, absent last, then id', () => {
    const list = [{ id: 3 }, { id: 2, order: 5 }, { id: 1, order: 5 }, { id: 4, order: 0 }, { id: 0, order: null }];
    expect([...list].sort(byOrder).map((r) => r.id)).toEqual([4, 1, 2, 0, 3]);
  });
  it('groups children under their parent in order', () => {
    const catalog = indexCatalog(demoRecords());
    expect(catalog.formatPivotsByItem.get(20)!.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(catalog.modifierPivotsByGroup.get(1)!.map((p) => p.category_id)).toEqual([1, 2]);
    expect(catalog.menuCategoriesByItem.get(30)!.map((c) => c.name)).toEqual(['Primeros', 'Segundos', 'Postre', 'Tapas']);
    expect(catalog.items.get(10)!.name).toBe('Caña');
  });
});
