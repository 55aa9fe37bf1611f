import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { queuedEntry, type EntryDraft, type OutboxEntry } from '../../../shared/bridge';
import { receiptDrafts, receivedHereByLine } from '../backoffice/purchaseReceipt';
import { createMostSoldReader } from './mostSold';
import { openQueueDatabase } from './database';
import { createQueueStore } from './store';
import { canaLine, customerDraft, queueStoreFixture, takeawayDraft } from './store.testing';

// A purchase order's receipt in the queue — one `stock-receipt` entry per line,
// all committed in one transaction or none, stored once per id, never counted as sold.

const fixture = queueStoreFixture();
afterEach(() => fixture.cleanUp());

const receipt = (lines: { lineId: number; itemId: number; quantity: number }[], purchaseOrderId = 5) =>
  receiptDrafts({
    purchaseOrderId,
    reference: 'OC-2024-0005',
    warehouseId: 1,
    warehouseName: 'Almacén principal',
    lines: lines.map((l) => ({ entryId: randomUUID(), itemName: `Item ${l.itemId}`, ...l })),
  });

describe('stock receipts in the queue store', () => {
  it('commits every line of a receipt in one go, queued, each an addStock of its line', () => {
    const { store } = fixture.open();
    const drafts = receipt([
      { lineId: 21, itemId: 3, quantity: 12_000 },
      { lineId: 22, itemId: 4, quantity: 1_500 },
    ]);
    const revision = store.revision();
    const entries = store.submitAll(drafts);
    expect(store.revision()).toBe(revision + 1); // one transaction
    expect(entries.map((e) => [e.kind, e.state, e.pending, e.request])).toEqual([
      ['stock-receipt', 'queued', 1, { kind: 'stock-add', warehouseId: 1, item_id: 3, quantity: 12 }],
      ['stock-receipt', 'queued', 1, { kind: 'stock-add', warehouseId: 1, item_id: 4, quantity: 1.5 }],
    ]);
    expect(entries[0]).toMatchObject({
      place: { kind: 'purchase-order', reference: 'OC-2024-0005', warehouse: 'Almacén principal' },
      receipt: { purchaseOrderId: 5, lineId: 21, itemName: 'Item 3' },
      lines: [],
      tableIds: [],
    });
    expect(store.pending().map((e) => e.id)).toEqual(drafts.map((d) => d.id));
  });

  it('the same receipt again (its answer was lost) stores nothing twice', () => {
    const { store } = fixture.open();
    const drafts = receipt([{ lineId: 21, itemId: 3, quantity: 2_000 }]);
    const first = store.submitAll(drafts);
    const again = store.submitAll(drafts);
    expect(again).toEqual(first);
    expect(store.entriesOfKind('stock-receipt')).toHaveLength(1);
  });

  it('all or nothing: one malformed line and no line of the receipt is stored', () => {
    const { store } = fixture.open();
    const [good, other] = receipt([
      { lineId: 21, itemId: 3, quantity: 2_000 },
      { lineId: 22, itemId: 4, quantity: 1_000 },
    ]);
    const bad: EntryDraft = { ...other!, lines: [canaLine(1)], totalCents: 250 };
    expect(() => store.submitAll([good!, bad])).toThrow(/ticket lines/);
    expect(store.entriesOfKind('stock-receipt')).toEqual([]);
    expect(() => store.submitAll([])).toThrow();
    expect(() => store.submitAll([good!, good!])).toThrow(/twice/);
    // Only receipts go together; other kinds are saved on their own.
    expect(() => store.submitAll([good!, takeawayDraft('Ana')])).toThrow(/on its own/);
    expect(store.pending()).toEqual([]);
  });

  it('checks what a stock receipt is: an addStock, its line, no table, no wait', () => {
    const { store } = fixture.open();
    const [draft] = receipt([{ lineId: 21, itemId: 3, quantity: 2_000 }]);
    const { receipt: _line, ...withoutLine } = draft!;
    expect(() => store.submit(withoutLine)).toThrow(/names its purchase order line/);
    expect(() => store.submit({ ...draft!, tableIds: [4] })).toThrow(/no table/);
    expect(() => store.submit({ ...draft!, after: randomUUID() })).toThrow(/waits for no other entry/);
    expect(() => store.submit({ ...draft!, request: customerDraft('Ana').request })).toThrow(/must send an addStock/);
    // …and nothing else sends an addStock or names a line.
    expect(() => store.submit({ ...customerDraft('Ana'), request: draft!.request })).toThrow();
    expect(() => store.submit({ ...customerDraft('Ana'), receipt: draft!.receipt })).toThrow(/receives no purchase order line/);
    expect(store.submit(draft!)).toMatchObject({ kind: 'stock-receipt', state: 'queued' });
  });

  it('lists every receipt entry, pending or not; received lines are never counted as sold', () => {
    const { store, file } = fixture.open();
    const entries = store.submitAll(receipt([{ lineId: 21, itemId: 10, quantity: 30_000 }]));
    store.record(entries[0]!.id, (e) => ({ ...e, state: 'accepted', pending: 0 }));
    const takeaway = store.submit(takeawayDraft('Ana', 2));
    store.record(takeaway.id, (e) => ({ ...e, state: 'accepted', pending: 0 }));
    expect(store.entriesOfKind('stock-receipt').map((e) => [e.id, e.state])).toEqual([[entries[0]!.id, 'accepted']]);
    expect(store.pending()).toEqual([]);
    const db = openQueueDatabase(file);
    try {
      // Item 10 (the Caña): the 2 sold, not the 30 received.
      expect(createMostSoldReader(db).read({ now: new Date('2026-11-23T13:00:00Z'), limit: 10 }).items).toEqual([{ itemId: 10, quantity: 2 }]);
    } finally {
      db.close();
    }
  });

  it('survives a reopen of the file (a receipt made offline is still there after a restart)', () => {
    const { store, file } = fixture.open();
    const drafts = receipt([{ lineId: 21, itemId: 3, quantity: 4_000 }]);
    store.submitAll(drafts);
    store.close();
    const reopened = createQueueStore(openQueueDatabase(file), { now: () => new Date() });
    try {
      expect(reopened.pending().map((e) => e.id)).toEqual([drafts[0]!.id]);
    } finally {
      reopened.close();
    }
  });
});

describe('what this terminal received of each line (receivedHereByLine)', () => {
  const entry = (draft: EntryDraft, patch: Partial<OutboxEntry>): OutboxEntry => ({ ...queuedEntry(draft, 1, '2026-11-23T12:00:00.000Z'), ...patch });

  it('accepted or marked done counts as accepted; queued and sending wait; unconfirmed apart; rejected and discarded add nothing', () => {
    const drafts = receipt([
      { lineId: 21, itemId: 3, quantity: 1_000 },
      { lineId: 21, itemId: 3, quantity: 2_000 },
      { lineId: 21, itemId: 3, quantity: 4_000 },
      { lineId: 21, itemId: 3, quantity: 8_000 },
      { lineId: 22, itemId: 4, quantity: 16_000 },
      { lineId: 22, itemId: 4, quantity: 32_000 },
      { lineId: 22, itemId: 4, quantity: 64_000 },
    ]);
    const entries = [
      entry(drafts[0]!, { state: 'accepted', pending: 0 }),
      entry(drafts[1]!, { state: 'unconfirmed', resolution: 'marked-done', pending: 0 }),
      entry(drafts[2]!, { state: 'queued' }),
      entry(drafts[3]!, { state: 'sending' }),
      entry(drafts[4]!, { state: 'unconfirmed' }),
      entry(drafts[5]!, { state: 'rejected' }),
      entry(drafts[6]!, { state: 'queued', resolution: 'discarded', pending: 0 }),
      // Another purchase order's line, and an entry of another kind.
      entry(receipt([{ lineId: 21, itemId: 3, quantity: 128_000 }], 6)[0]!, {}),
      entry(customerDraft('Ana'), {}),
    ];
    const here = receivedHereByLine(entries, 5);
    expect(Object.fromEntries(here)).toEqual({
      21: { accepted: 3_000, waiting: 12_000, unconfirmed: 0 },
      22: { accepted: 0, waiting: 0, unconfirmed: 16_000 },
    });
  });
});
