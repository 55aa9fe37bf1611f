import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PurchaseOrderLineWire, PurchaseOrderWire } from '../../../shared/api';
import type { DeliveryOutcome, DeliveryRequest } from '../../../shared/bridge';
import { ServiceError } from '../bridge/dispatcher';
import { GatewayError, type Gateway } from '../gateway';
import { fakeConnection } from '../queue/dispatcher.testing';
import { openQueueService, type QueueService } from '../queue/service';
import { auditDatabaseFile, openAuditLog, type AuditLog } from './auditLog';
import type { BackofficeDeps } from './handlers';
import { purchaseOrderOf } from './purchaseReceipt';
import { purchasingHandlers } from './purchasing';
import { receiptAnswer, recordingStockReceipts } from './stockReceiptAudit';

// Receiving purchase orders on the main side: purchase orders read through the gateway (a fake here), their
// receipt committed to a real queue service (SQLite in a temporary folder, offline so nothing
// leaves), and each delivered line recorded in the audit log.

const dirs: string[] = [];
const services: QueueService[] = [];
const logs: AuditLog[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
  for (const log of logs.splice(0)) log.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const wireLine = (id: number, itemId: number, quantity: number, received = 0): PurchaseOrderLineWire => ({
  id,
  status: 0,
  quantity,
  received,
  price: 2.35,
  subtotal: quantity * 2.35,
  tax: null,
  total: 3.333,
  order_id: 5,
  item_vendor_id: 1,
  itemName: `Item ${itemId}`,
  itemBarcode: '8412345001390',
  item_id: itemId,
});
const LINES = [wireLine(21, 3, 12, 2), wireLine(22, 4, 1.5), { ...wireLine(23, 0, 4), item_id: null }];
const ORDER: PurchaseOrderWire = {
  id: 5,
  vendor_order_id: null,
  reference: 'OC-2024-0005',
  subtotal: 764.69,
  tax: 0,
  total: 764.69,
  status: 0,
  vendor_id: 2,
  vendorName: 'Bodegas y Vinos del Ebro, S.A.',
  contentsArray: LINES,
};

function setup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'comanda-purchasing-'));
  dirs.push(dataDir);
  const queue = openQueueService({
    dataDir,
    accountKey: 'demo@test',
    deliver: async (): Promise<DeliveryOutcome> => ({ outcome: 'not-sent', reason: 'offline', code: 'order-offline', detail: 'test' }),
    connection: fakeConnection('offline'),
  });
  services.push(queue);
  const audit = openAuditLog({ file: auditDatabaseFile(dataDir, 'demo@test'), terminal: 'test' });
  logs.push(audit);
  const gateway = {
    listPurchaseOrders: vi.fn(async () => [{ ...ORDER, id: 4, reference: 'OC-2024-0004' }, ORDER]),
    listPurchaseOrderLines: vi.fn(async () => LINES),
  };
  const deps = {
    gateway: gateway as unknown as Gateway,
    dataDir,
    accountKey: 'demo@test',
    audit,
    queue: { ...queue.handlers, ...queue.receipts },
    emit: () => {},
  } satisfies BackofficeDeps;
  return { handlers: purchasingHandlers(deps), gateway, queue };
}

const receiptOf = (lines: { lineId: number; itemId: number; quantity: number }[]) => ({
  purchaseOrderId: 5,
  reference: 'OC-2024-0005',
  warehouseId: 1,
  warehouseName: 'Almacén principal',
  lines: lines.map((l) => ({ entryId: randomUUID(), itemName: `Item ${l.itemId}`, ...l })),
});

describe('purchase orders', () => {
  it('lists them newest first, money in cents', async () => {
    const { handlers } = setup();
    const { orders } = await handlers.listPurchaseOrders({});
    expect(orders.map((o) => o.id)).toEqual([5, 4]);
    expect(orders[0]).toEqual({
      id: 5,
      reference: 'OC-2024-0005',
      vendorOrderId: null,
      vendorId: 2,
      vendorName: 'Bodegas y Vinos del Ebro, S.A.',
      status: 0,
      subtotalCents: 76_469,
      taxCents: 0,
      totalCents: 76_469,
      lineCount: 3,
    });
    expect(purchaseOrderOf({ ...ORDER, total: null, contentsArray: null, vendor_order_id: 'V-1' })).toMatchObject({
      totalCents: null,
      lineCount: null,
      vendorOrderId: 'V-1',
    });
  });

  it('reads an order’s lines in thousandths (lines without an item left out); `fresh: false` reuses them', async () => {
    const { handlers, gateway } = setup();
    const read = await handlers.getPurchaseOrderLines({ purchaseOrderId: 5, fresh: true });
    expect(read.lines).toEqual([
      {
        id: 21,
        itemId: 3,
        itemName: 'Item 3',
        itemBarcode: '8412345001390',
        status: 0,
        ordered: 12_000,
        receivedAtServer: 2_000,
        here: { accepted: 0, waiting: 0, unconfirmed: 0 },
        priceCents: 235,
        totalCents: 333,
      },
      expect.objectContaining({ id: 22, ordered: 1_500, receivedAtServer: 0 }),
    ]);
    await handlers.getPurchaseOrderLines({ purchaseOrderId: 5, fresh: false });
    expect(gateway.listPurchaseOrderLines).toHaveBeenCalledTimes(1);
    await handlers.getPurchaseOrderLines({ purchaseOrderId: 5, fresh: true });
    expect(gateway.listPurchaseOrderLines).toHaveBeenCalledTimes(2);
  });

  it('a read that fails says why with the gateway’s code', async () => {
    const { handlers, gateway } = setup();
    gateway.listPurchaseOrderLines.mockRejectedValueOnce(new GatewayError({ kind: 'offline', endpoint: 'GET purchaseOrders/{id}', text: { code: 'offline' } }));
    await expect(handlers.getPurchaseOrderLines({ purchaseOrderId: 5, fresh: true })).rejects.toSatisfy(
      (e) => e instanceof ServiceError && e.info.code === 'offline',
    );
  });
});

describe('receiving a purchase order', () => {
  it('commits one queue entry per line in one go (offline too) and the lines then show them waiting to go', async () => {
    const { handlers, queue } = setup();
    await handlers.getPurchaseOrderLines({ purchaseOrderId: 5, fresh: true });
    const input = receiptOf([
      { lineId: 21, itemId: 3, quantity: 2_000 },
      { lineId: 22, itemId: 4, quantity: 500 },
    ]);
    const answer = await handlers.receivePurchaseOrder(input);
    expect(answer.entryIds).toEqual(input.lines.map((l) => l.entryId));
    expect(answer.here).toEqual([
      { lineId: 21, here: { accepted: 0, waiting: 2_000, unconfirmed: 0 } },
      { lineId: 22, here: { accepted: 0, waiting: 500, unconfirmed: 0 } },
      { lineId: 23, here: { accepted: 0, waiting: 0, unconfirmed: 0 } },
    ]);
    const stored = queue.store!.entriesOfKind('stock-receipt');
    expect(stored.map((e) => [e.state, e.request])).toEqual([
      ['queued', { kind: 'stock-add', warehouseId: 1, item_id: 3, quantity: 2 }],
      ['queued', { kind: 'stock-add', warehouseId: 1, item_id: 4, quantity: 0.5 }],
    ]);
    // The same receipt again (its answer was lost on the way to the window): nothing twice.
    await handlers.receivePurchaseOrder(input);
    expect(queue.store!.entriesOfKind('stock-receipt')).toHaveLength(2);
    const { lines } = await handlers.getPurchaseOrderLines({ purchaseOrderId: 5, fresh: false });
    expect(lines.map((l) => [l.id, l.here.waiting])).toEqual([
      [21, 2_000],
      [22, 500],
    ]);
  });

  it('refuses a line that is not one of the order’s (or another item), and a line twice; nothing is stored', async () => {
    const { handlers, queue } = setup();
    await handlers.getPurchaseOrderLines({ purchaseOrderId: 5, fresh: true });
    await expect(handlers.receivePurchaseOrder(receiptOf([{ lineId: 99, itemId: 3, quantity: 1_000 }]))).rejects.toSatisfy(
      (e) => e instanceof ServiceError && e.info.kind === 'invalid-input',
    );
    await expect(handlers.receivePurchaseOrder(receiptOf([{ lineId: 21, itemId: 4, quantity: 1_000 }]))).rejects.toThrow(ServiceError);
    await expect(
      handlers.receivePurchaseOrder(
        receiptOf([
          { lineId: 21, itemId: 3, quantity: 1_000 },
          { lineId: 21, itemId: 3, quantity: 1_000 },
        ]),
      ),
    ).rejects.toThrow(ServiceError);
    expect(queue.store!.entriesOfKind('stock-receipt')).toEqual([]);
  });

  it('a closed queue refuses the receipt (nothing saved, said as a code)', async () => {
    const { handlers, queue } = setup();
    await queue.close();
    await expect(handlers.receivePurchaseOrder(receiptOf([{ lineId: 21, itemId: 3, quantity: 1_000 }]))).rejects.toSatisfy(
      (e) => e instanceof ServiceError && e.info.code === 'queue-closed',
    );
  });
});

describe('the audit log of delivered receipt lines', () => {
  const add: DeliveryRequest = { kind: 'stock-add', warehouseId: 1, item_id: 3, quantity: 2 };

  it('records what reached the POS (accepted, refused, not known), never what did not leave, and only receipts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'comanda-purchasing-'));
    dirs.push(dataDir);
    const audit = openAuditLog({ file: auditDatabaseFile(dataDir, 'demo@test'), terminal: 'bar-1 · browser' });
    logs.push(audit);
    const outcomes: DeliveryOutcome[] = [
      { outcome: 'accepted', orderId: null },
      { outcome: 'not-sent', reason: 'offline', code: 'order-offline', detail: 'x' },
      { outcome: 'rejected', reason: 'invalid', code: 'server-rejected', params: { said: 'No item with id 3.' }, detail: 'x' },
      { outcome: 'unknown', code: 'order-unconfirmed', detail: 'x' },
    ];
    let next = 0;
    const deliver = recordingStockReceipts(
      async () => outcomes[next++]!,
      () => audit,
    );
    for (const outcome of outcomes) expect(await deliver(add, { afterOrderId: null, afterUnconfirmed: false })).toEqual(outcome);
    const other = recordingStockReceipts(
      async () => ({ outcome: 'accepted', orderId: 1 }),
      () => audit,
    );
    await other({ kind: 'customer', customer: { name: 'Ana', active: 1 } }, { afterOrderId: null, afterUnconfirmed: false });
    const records = audit.list().reverse();
    expect(records.map((r) => [r.action, r.target, r.answer])).toEqual([
      ['stock-receipt', 'warehouse 1 · item 3', { outcome: 'accepted' }],
      ['stock-receipt', 'warehouse 1 · item 3', { outcome: 'refused', code: 'server-rejected', said: 'No item with id 3.' }],
      ['stock-receipt', 'warehouse 1 · item 3', { outcome: 'unknown', code: 'order-unconfirmed' }],
    ]);
    expect(JSON.parse(records[0]!.change)).toEqual({ warehouseId: 1, item_id: 3, quantity: 2, resent: false });
    expect(receiptAnswer({ outcome: 'not-sent', reason: 'rate-limited', code: 'order-slow-down' })).toBeNull();
  });

  it('a log that cannot be written never changes the outcome', async () => {
    const lines: string[] = [];
    const broken = {
      record: () => {
        throw new Error('disk full');
      },
    } as unknown as AuditLog;
    const deliver = recordingStockReceipts(
      async () => ({ outcome: 'accepted', orderId: null }),
      () => broken,
      (line) => lines.push(line),
    );
    expect(await deliver(add, { afterOrderId: null, afterUnconfirmed: true })).toEqual({ outcome: 'accepted', orderId: null });
    expect(lines).toEqual([expect.stringContaining('disk full')]);
  });
});
