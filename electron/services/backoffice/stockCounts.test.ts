import { describe, expect, it } from 'vitest';
import type { AuditRecord, BridgeEvent } from '../../../shared/bridge';
import type { SetStockRequest, StockWire } from '../../../shared/api';
import { ServiceError } from '../bridge/dispatcher';
import { GatewayError, type Gateway } from '../gateway';
import type { AuditInput, AuditLog } from './auditLog';
import type { BackofficeDeps } from './handlers';
import { sameQuantity, stockCountHandlers } from './stockCounts';

// The stock count's handlers against a fake gateway: what they read, what they write (one
// setStock with the `stocks` array, or nothing), what the audit log and the windows hear.

const row = (item_id: number, quantity: number, warehouse_id = 1): StockWire => ({ id: item_id * 10, quantity, warehouse_id, item_id, unit_id: null });

/** A warehouse at the POS: its rows, the setStock calls it took, and an optional failure or meddler. */
function fakeVendor(rows: StockWire[], options: { setStockFails?: GatewayError; beforeRead?: (reads: number) => void } = {}) {
  const stocks = rows.map((r) => ({ ...r }));
  const setCalls: { warehouseId: number; body: SetStockRequest; priority: string | undefined }[] = [];
  let reads = 0;
  const gateway = {
    async listStocks(warehouseId: number) {
      reads += 1;
      options.beforeRead?.(reads);
      return stocks.filter((s) => s.warehouse_id === warehouseId).map((s) => ({ ...s }));
    },
    async setStock(warehouseId: number, body: SetStockRequest, o?: { priority?: string }) {
      setCalls.push({ warehouseId, body, priority: o?.priority });
      if (options.setStockFails) throw options.setStockFails;
      if (!('stocks' in body)) throw new Error('expected the stocks array');
      return body.stocks.map((pair) => {
        let found = stocks.find((s) => s.warehouse_id === warehouseId && s.item_id === pair.item_id);
        if (!found) stocks.push((found = row(pair.item_id, 0, warehouseId)));
        found.quantity = pair.quantity;
        return { ...found };
      });
    },
  };
  return { gateway: gateway as unknown as Gateway, stocks, setCalls, reads: () => reads };
}

function fakeAudit() {
  const records: AuditInput[] = [];
  const audit: AuditLog = {
    record(input) {
      records.push(input);
      return { id: records.length, at: '2026-11-27T10:00:00.000Z', terminal: 't', ...input, change: JSON.stringify(input.change) } as AuditRecord;
    },
    list: () => [],
    close() {},
  };
  return { audit, records };
}

function handlersWith(vendor: ReturnType<typeof fakeVendor>) {
  const { audit, records } = fakeAudit();
  const events: BridgeEvent[] = [];
  const deps: BackofficeDeps = {
    gateway: vendor.gateway,
    dataDir: '/nowhere',
    accountKey: 'demo',
    audit,
    queue: {} as BackofficeDeps['queue'],
    emit: (event) => events.push(event),
  };
  return { handlers: stockCountHandlers(deps), audit: records, events };
}

describe('readWarehouseStock', () => {
  it('answers one row per item of the warehouse', async () => {
    const vendor = fakeVendor([row(1, 12), row(2, 0.5), row(3, 7, 2), row(2, 4)]);
    const { handlers } = handlersWith(vendor);
    expect(await handlers.readWarehouseStock({ warehouseId: 1 })).toEqual({
      warehouseId: 1,
      stocks: [
        { itemId: 1, quantity: 12 },
        { itemId: 2, quantity: 4 },
      ],
    });
  });

  it('fails with the gateway code (offline), not a bare error', async () => {
    const vendor = fakeVendor([]);
    const gateway = {
      listStocks: async () => Promise.reject(new GatewayError({ kind: 'offline', text: { code: 'offline' }, endpoint: 'warehouses/{id}' })),
    } as unknown as Gateway;
    const { handlers } = handlersWith({ ...vendor, gateway });
    const error = await handlers.readWarehouseStock({ warehouseId: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).info.code).toBe('offline');
  });
});

describe('saveStockCount', () => {
  it('re-reads, then writes every counted item in ONE setStock holding the stocks array, audited, and tells every window', async () => {
    const vendor = fakeVendor([row(1, 12), row(2, 3), row(3, 8)]);
    const { handlers, audit, events } = handlersWith(vendor);
    const answer = await handlers.saveStockCount({
      warehouseId: 1,
      counts: [
        { itemId: 1, expected: 12, counted: 10 },
        { itemId: 3, expected: 8, counted: 8 },
        { itemId: 9, expected: 0, counted: 2.5 }, // no row yet: expected 0
      ],
    });
    expect(answer).toEqual({
      outcome: 'saved',
      stocks: [
        { itemId: 1, quantity: 10 },
        { itemId: 3, quantity: 8 },
        { itemId: 9, quantity: 2.5 },
      ],
    });
    expect(vendor.reads()).toBe(1);
    expect(vendor.setCalls).toEqual([
      {
        warehouseId: 1,
        body: {
          stocks: [
            { item_id: 1, quantity: 10 },
            { item_id: 3, quantity: 8 },
            { item_id: 9, quantity: 2.5 },
          ],
        },
        priority: 'interactive',
      },
    ]);
    expect(audit).toEqual([{ action: 'stock-count', target: 'warehouse 1', change: vendor.setCalls[0]!.body, answer: { outcome: 'accepted' } }]);
    expect(events).toEqual([
      { type: 'stock-changed', stock: { warehouseId: 1, itemId: 1, quantity: 10 } },
      { type: 'stock-changed', stock: { warehouseId: 1, itemId: 3, quantity: 8 } },
      { type: 'stock-changed', stock: { warehouseId: 1, itemId: 9, quantity: 2.5 } },
    ]);
    expect(vendor.stocks.find((s) => s.item_id === 2)?.quantity).toBe(3); // not counted: untouched
  });

  it('writes nothing when a counted quantity changed since it was read, and names those items with their new quantity', async () => {
    const vendor = fakeVendor([row(1, 12), row(2, 3), row(3, 8)], {
      beforeRead: () => {
        // Someone else sold two of item 2 and removed item 3's row after the manager's read.
        vendor.stocks[1]!.quantity = 1;
        vendor.stocks.splice(2, 1);
      },
    });
    const { handlers, audit, events } = handlersWith(vendor);
    const answer = await handlers.saveStockCount({
      warehouseId: 1,
      counts: [
        { itemId: 1, expected: 12, counted: 11 },
        { itemId: 2, expected: 3, counted: 5 },
        { itemId: 3, expected: 8, counted: 8 },
      ],
    });
    expect(answer).toEqual({
      outcome: 'changed-elsewhere',
      changed: [
        { itemId: 2, expected: 3, now: 1 },
        { itemId: 3, expected: 8, now: 0 },
      ],
    });
    expect(vendor.setCalls).toEqual([]);
    expect(audit).toEqual([]);
    expect(events).toEqual([]);
    expect(vendor.stocks.find((s) => s.item_id === 1)?.quantity).toBe(12);
  });

  it('saves once the manager keeps the count against the new quantity', async () => {
    const vendor = fakeVendor([row(2, 1)]);
    const { handlers } = handlersWith(vendor);
    expect(await handlers.saveStockCount({ warehouseId: 1, counts: [{ itemId: 2, expected: 1, counted: 5 }] })).toMatchObject({ outcome: 'saved' });
    expect(vendor.stocks[0]!.quantity).toBe(5);
  });

  it('records a refusal in the audit log and fails with its code; no window hears of a change', async () => {
    const refusal = new GatewayError({
      kind: 'invalid',
      text: { code: 'server-rejected', params: { status: 422, said: 'No item with id 9 in the catalog.' } },
      endpoint: 'warehouses/{id}/setStock',
      status: 422,
    });
    const vendor = fakeVendor([row(1, 12)], { setStockFails: refusal });
    const { handlers, audit, events } = handlersWith(vendor);
    const error = await handlers.saveStockCount({ warehouseId: 1, counts: [{ itemId: 9, expected: 0, counted: 1 }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(vendor.setCalls).toHaveLength(1);
    expect(audit).toEqual([
      {
        action: 'stock-count',
        target: 'warehouse 1',
        change: { stocks: [{ item_id: 9, quantity: 1 }] },
        answer: { outcome: 'refused', status: 422, said: 'No item with id 9 in the catalog.', code: 'server-rejected' },
      },
    ]);
    expect(events).toEqual([]);
  });

  it('compares quantities to the POS precision, not float noise', () => {
    expect(sameQuantity(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameQuantity(1.5, 1.501)).toBe(false);
  });
});
