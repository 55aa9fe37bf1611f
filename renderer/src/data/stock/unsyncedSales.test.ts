import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../../shared/bridge';
import type { StoredStock } from '../catalog/catalogDb';
import { shownStock, unsyncedSales } from './unsyncedSales';

const SYNCED_AT = '2026-11-27T10:00:00.000Z';

/** The fields unsyncedSales reads of a queue entry; the rest does not matter here. */
function order(fields: {
  items: [number, number][];
  warehouse?: number | null;
  state?: OutboxEntry['state'];
  resolution?: OutboxEntry['resolution'];
  createdAt?: string;
  updatedAt?: string;
}): OutboxEntry {
  const warehouse = fields.warehouse === undefined ? 1 : fields.warehouse;
  return {
    request: { kind: 'order', order: { ...(warehouse === null ? {} : { warehouse_id: warehouse }) } },
    state: fields.state ?? 'queued',
    resolution: fields.resolution ?? null,
    createdAt: fields.createdAt ?? '2026-11-27T10:05:00.000Z',
    updatedAt: fields.updatedAt ?? fields.createdAt ?? '2026-11-27T10:05:00.000Z',
    lines: fields.items.map(([itemId, quantity]) => ({ choice: { itemId, quantity }, quantity })),
  } as unknown as OutboxEntry;
}

const row = (quantity: number, setAt?: string): StoredStock & { setAt?: string } => ({
  id: 1,
  quantity,
  defaultQuantity: 0,
  alert: 2,
  warehouse_id: 1,
  item_id: 7,
  unit_id: null,
  ...(setAt ? { setAt } : {}),
});

describe('unsyncedSales', () => {
  it('sums, per item, the units of orders from the chosen warehouse that the synced stock does not count', () => {
    const sold = unsyncedSales(
      [
        order({
          items: [
            [7, 2],
            [8, 1],
          ],
        }),
        order({ items: [[7, 1]], state: 'accepted', updatedAt: '2026-11-27T10:06:00.000Z' }), // accepted after the sync
        order({ items: [[7, 5]], state: 'accepted', createdAt: '2026-11-27T09:50:00.000Z', updatedAt: '2026-11-27T09:55:00.000Z' }), // in the synced figure
        order({ items: [[7, 4]], warehouse: 2 }), // another warehouse
        order({ items: [[7, 4]], warehouse: null }), // no warehouse: the POS takes no stock
        order({ items: [[7, 3]], state: 'rejected' }),
        order({ items: [[7, 3]], state: 'unconfirmed', resolution: 'discarded' }),
        order({ items: [[7, 1]], state: 'unconfirmed' }), // may have arrived: counted
      ],
      1,
      SYNCED_AT,
    );
    expect((sold.get(7) ?? []).reduce((sum, units) => sum + units.quantity, 0)).toBe(4);
    expect(sold.get(8)?.map((units) => units.quantity)).toEqual([1]);
  });

  it('leaves out what is not an order (a seating, a payment, a customer)', () => {
    const seating = { ...order({ items: [[7, 2]] }), request: { kind: 'seating', data: {} } } as unknown as OutboxEntry;
    expect(unsyncedSales([seating], 1, SYNCED_AT).size).toBe(0);
  });
});

describe('shownStock', () => {
  it('takes the sold units off the row, never below 0', () => {
    const sold = [{ at: Date.parse('2026-11-27T10:05:00.000Z'), quantity: 3 }];
    expect(shownStock(row(10), sold).quantity).toBe(7);
    expect(shownStock(row(2), sold).quantity).toBe(0);
    expect(shownStock(row(10), undefined).quantity).toBe(10);
  });

  it('counts only what was sold after an 86 or a put back set the row', () => {
    const sold = [
      { at: Date.parse('2026-11-27T10:05:00.000Z'), quantity: 3 },
      { at: Date.parse('2026-11-27T10:20:00.000Z'), quantity: 1 },
    ];
    expect(shownStock(row(6, '2026-11-27T10:10:00.000Z'), sold).quantity).toBe(5);
  });
});
