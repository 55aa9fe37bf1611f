import { describe, expect, it } from 'vitest';
import { billLine, entriesOf, tableService } from '../../../../shared/domain/bill.testing';
import { paidServiceIds } from './paidTables';

describe('paidServiceIds', () => {
  const service = tableService({ tableIds: [5], primaryTableId: 5, tableNames: ['5'] });
  const make = entriesOf(service);
  const entries = [make.seating(), make.round([billLine(1, 250, 4)])];

  it('paidServiceIds: a bill paid in full', () => {
    const paid = [...entries, make.payment(1000, {}, { state: 'accepted', pending: 0 })];
    expect(paidServiceIds([service], new Map([[service.id, entries]])).has(service.id)).toBe(false);
    expect(paidServiceIds([service], new Map([[service.id, paid]])).has(service.id)).toBe(true);
  });
});
