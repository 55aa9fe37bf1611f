import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeError, type DeliveryRequest } from '../../../../shared/bridge';
import type { CatalogDb } from '../catalog/catalogDb';
import { flowUrlLength, MAX_FLOW_URL_CHARS, openOutbox } from './outboxClient';
import { OutboxInputError, type Outbox } from './outboxTypes';
import { startQueueFeed, type QueueFeed } from './queueFeed';
import { createQueueStore, queueSelectors, type QueueStoreApi } from './queueStore';
import { demoCatalogDb, demoLines, fakeQueueBridge, type QueueBridgeFake } from './queueTesting';

// The renderer builds each entry from its catalog and submits it; the main side (here in memory)
// commits it. These tests hold the drafts to the exact requests the previous outbox stored.

const catalogs: CatalogDb[] = [];
const feeds: QueueFeed[] = [];
afterEach(async () => {
  for (const feed of feeds.splice(0)) feed.stop();
  for (const db of catalogs.splice(0)) await db.delete();
});

let ids = 0;
const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

async function clientWithCatalog(): Promise<{ outbox: Outbox; main: QueueBridgeFake; store: QueueStoreApi; refreshes: () => number }> {
  const catalog = await demoCatalogDb();
  catalogs.push(catalog);
  const main = fakeQueueBridge();
  const store = createQueueStore();
  let refreshes = 0;
  const outbox = openOutbox({
    bridge: main,
    store,
    catalogDb: () => catalog,
    newId,
    now: () => new Date('2026-11-22T12:00:00Z'),
    refresh: () => void (refreshes += 1),
  });
  return { outbox, main, store, refreshes: () => refreshes };
}

const loyalty = (request: DeliveryRequest) => {
  if (request.kind !== 'order') throw new Error('expected a loyalty order');
  return request.order;
};

describe('seat', () => {
  it('submits the service and a Flow seating with the plain items in one call; the others follow as the first round', async () => {
    const { outbox, main, store } = await clientWithCatalog();
    const { service, seating, firstRound } = await outbox.seat({
      tables: [
        { id: 5, name: 'T5' },
        { id: 6, name: 'T6' },
      ],
      guests: 3,
      customer: { name: ' Ana ', phone: '+34 600 11 22 33' },
      notes: 'Window',
      lines: [demoLines.cana(2, 'sin hielo'), demoLines.entrecot()],
    });
    expect(main.calls).toEqual(['seatService']);
    expect(service).toMatchObject({ tableIds: [5, 6], primaryTableId: 6, guests: 3, open: 1, customer: { name: 'Ana' } });
    expect(seating.request).toEqual({
      kind: 'seating',
      data: {
        customer: { name: 'Ana', phone: 34600112233 },
        notes: 'Window · Caña: sin hielo',
        table_id: [5, 6],
        guests: 3,
        contents: [{ item_id: 10, itemPrice: '2.50', quantity: 2, itemName: 'Caña' }],
        payments: null,
      },
    });
    expect(seating).toMatchObject({
      state: 'queued',
      pending: 1,
      seq: 1,
      kind: 'seating',
      tableIds: [5, 6],
      place: { kind: 'tables', names: ['T5', 'T6'] },
      totalCents: 500,
    });
    const order = loyalty(firstRound!.request);
    expect(order.order).toMatchObject({ table_id: 6, guests: 3, extraId: firstRound!.id, total: '20.10' });
    expect(order.order.contents).toEqual([
      {
        item_id: 11,
        itemPrice: '18.90',
        quantity: 1,
        modifiers: [
          { id: 2, name: 'Al punto', price: '0.00' },
          { id: 3, name: 'Huevo', price: '1.20' },
        ],
      },
    ]);
    expect(firstRound).toMatchObject({ seq: 2, kind: 'round', tableIds: [6], serviceId: service.id });
    // Shown at once, before any snapshot: the table is seated and the order builder finds it.
    expect(queueSelectors.serviceById(service.id)(store.getState())).toEqual(service);
    expect(queueSelectors.tableStatuses(store.getState()).get(5)).toMatchObject({ kind: 'sending', waiting: 2 });
  });

  it('sends a seating’s items as its first round when they would make the Flow URL too long', async () => {
    const { outbox } = await clientWithCatalog();
    // 60 different plain lines (each a note, so none merges): far past the URL budget.
    const lines = Array.from({ length: 60 }, (_, i) => demoLines.cana(1, `nota ${i} — sin hielo, con limón y una pajita`));
    const { seating, firstRound } = await outbox.seat({ tables: [{ id: 2, name: 'T2' }], guests: 2, customer: null, notes: '', lines });
    expect(seating.request).toMatchObject({ kind: 'seating', data: { contents: null } });
    expect(flowUrlLength(seating.request)).toBeLessThanOrEqual(MAX_FLOW_URL_CHARS);
    expect(loyalty(firstRound!.request).order.contents).toHaveLength(60);
  });

  it('refuses what the waiter must fix before anything is submitted', async () => {
    const { outbox, main } = await clientWithCatalog();
    const table = { id: 1, name: 'T1' };
    await expect(outbox.seat({ tables: [table], guests: 0, customer: null, notes: '' })).rejects.toThrow(
      expect.objectContaining({ code: 'guests-range', params: { min: 1, max: 99 } }),
    );
    await expect(outbox.seat({ tables: [table], guests: 100, customer: null, notes: '' })).rejects.toThrow(OutboxInputError);
    await expect(outbox.seat({ tables: [], guests: 2, customer: null, notes: '' })).rejects.toThrow(expect.objectContaining({ code: 'choose-a-table' }));
    await expect(outbox.seat({ tables: [table, table], guests: 2, customer: null, notes: '' })).rejects.toThrow(
      expect.objectContaining({ code: 'table-chosen-twice' }),
    );
    await expect(outbox.seat({ tables: [table], guests: 2, customer: { name: ' ' }, notes: '' })).rejects.toThrow(
      expect.objectContaining({ code: 'customer-needs-name' }),
    );
    await expect(outbox.seat({ tables: [table], guests: 2, customer: { name: 'x', phone: 'call me' }, notes: '' })).rejects.toThrow(
      expect.objectContaining({ code: 'phone-digits', params: { phone: 'call me' } }),
    );
    expect(main.calls).toEqual([]);
  });

  it('says the table was just seated when the main side answers conflict, and reads the queue again', async () => {
    const { outbox, main, refreshes } = await clientWithCatalog();
    await outbox.seat({ tables: [{ id: 1, name: '5' }], guests: 2, customer: null, notes: '' });
    const refused = outbox.seat({
      tables: [
        { id: 2, name: '6' },
        { id: 1, name: '5' },
      ],
      guests: 2,
      customer: null,
      notes: '',
    });
    await expect(refused).rejects.toThrow(OutboxInputError);
    await expect(refused).rejects.toThrow(expect.objectContaining({ code: 'tables-just-seated', params: { count: 1, tables: '5' } }));
    expect(refreshes()).toBe(1);
    expect(main.services.size).toBe(1);
  });
});

describe('rounds, takeaway and delivery', () => {
  it('sends a round to the primary table with extraId = the entry id', async () => {
    const { outbox, main } = await clientWithCatalog();
    const { service } = await outbox.seat({ tables: [{ id: 3, name: 'T3' }], guests: 2, customer: null, notes: '' });
    const round = await outbox.sendRound({
      serviceId: service.id,
      lines: [demoLines.jamon(), demoLines.cana(3)],
      payment: { paymentMethodId: 1, amountCents: 2100, tipCents: 150 },
    });
    expect(loyalty(round.request)).toEqual({
      order: {
        total: '21.00',
        contents: [
          { item_id: 20, itemPrice: '13.50', quantity: 1, modifiers: [{ id: 1, price: '0.00' }] },
          { item_id: 10, itemPrice: '2.50', quantity: 3, modifiers: [] },
        ],
        table_id: 3,
        guests: 2,
        extraId: round.id,
        payment: { amount: '21.00', payment_method_id: 1, tip: '1.50' },
      },
    });
    expect(round).toMatchObject({ kind: 'round', state: 'queued', totalCents: 2100, summary: { code: 'round', params: { items: 4, totalCents: 2100 } } });
    expect(main.calls).toEqual(['seatService', 'submitEntry']);
    await expect(
      outbox.sendRound({ serviceId: service.id, lines: [demoLines.cana()], payment: { paymentMethodId: 1, amountCents: 251, tipCents: 0 } }),
    ).rejects.toThrow(expect.objectContaining({ code: 'payment-over-total', params: { payment: 2.51, total: 2.5 } }));
    await expect(outbox.sendRound({ serviceId: service.id, lines: [] })).rejects.toThrow(expect.objectContaining({ code: 'ticket-empty' }));
    await outbox.clearTable(service.id);
    await expect(outbox.sendRound({ serviceId: service.id, lines: [demoLines.cana()] })).rejects.toThrow(expect.objectContaining({ code: 'table-cleared' }));
  });

  it('sends takeaways and deliveries without a table', async () => {
    const { outbox } = await clientWithCatalog();
    const takeaway = await outbox.sendTakeaway({ name: 'Marta', phone: '600111222', lines: [demoLines.cana()] });
    expect(loyalty(takeaway.request)).toEqual({
      order: { total: '2.50', contents: [{ item_id: 10, itemPrice: '2.50', quantity: 1, modifiers: [] }], tableName: 'Marta', extraId: takeaway.id },
      delivery: { phone: '600111222' },
    });
    expect(takeaway).toMatchObject({ kind: 'takeaway', tableIds: [], place: { kind: 'takeaway', customer: 'Marta' } });
    const delivery = await outbox.sendDelivery({
      phone: '600333444',
      address: 'Calle Mayor 1',
      city: 'Girona',
      email: 'p@example.com',
      name: 'Pau',
      date: '2026-11-22 21:30:00',
      lines: [demoLines.cana(2)],
    });
    expect(loyalty(delivery.request)).toEqual({
      order: { total: '5.00', contents: [{ item_id: 10, itemPrice: '2.50', quantity: 2, modifiers: [] }], tableName: 'Pau', extraId: delivery.id },
      customer: { name: 'Pau', email: 'p@example.com', phone: '600333444' },
      delivery: { phone: '600333444', address: 'Calle Mayor 1', city: 'Girona', date: '2026-11-22 21:30:00' },
    });
    // Its place names the customer, else the phone it goes to: the renderer words it.
    expect(delivery.place).toEqual({ kind: 'delivery', customer: 'Pau' });
    const unnamed = await outbox.sendDelivery({ phone: '600555666', address: 'Carrer Nou 2', lines: [demoLines.cana()] });
    expect(unnamed.place).toEqual({ kind: 'delivery', customer: '600555666' });
    await expect(outbox.sendDelivery({ phone: '600', address: ' ', lines: [demoLines.cana()] })).rejects.toThrow(
      expect.objectContaining({ code: 'delivery-needs-address' }),
    );
    await expect(outbox.sendDelivery({ phone: ' ', address: 'Calle Mayor 1', lines: [demoLines.cana()] })).rejects.toThrow(
      expect.objectContaining({ code: 'delivery-needs-phone' }),
    );
    await expect(outbox.sendTakeaway({ name: '', lines: [demoLines.cana()] })).rejects.toThrow(expect.objectContaining({ code: 'takeaway-needs-name' }));
  });

  it('a submit the main side’s database refused: "cannot save orders" comes from the main side (through the feed) until a write succeeds', async () => {
    const { outbox, main, store } = await clientWithCatalog();
    feeds.push(startQueueFeed({ bridge: main, store }));
    main.failNextWith = new BridgeError({ kind: 'storage', code: 'queue-storage', detail: 'SQLITE_FULL: database or disk is full' });
    const failed = outbox.sendTakeaway({ name: 'Lia', lines: [demoLines.cana()] });
    await expect(failed).rejects.toThrow(BridgeError);
    expect(queueSelectors.storageProblem(store.getState())).toMatchObject({ code: 'queue-cannot-save', detail: 'SQLITE_FULL: database or disk is full' });
    expect(queueSelectors.pendingCount(store.getState())).toBe(0);
    await outbox.sendTakeaway({ name: 'Lia', lines: [demoLines.cana()] });
    expect(queueSelectors.storageProblem(store.getState())).toBeNull();
    expect(queueSelectors.pendingCount(store.getState())).toBe(1);
  });
});

describe('waiter decisions', () => {
  it('are bridge calls whose committed result shows at once', async () => {
    const { outbox, main, store } = await clientWithCatalog();
    const { seating } = await outbox.seat({ tables: [{ id: 9, name: 'T9' }], guests: 2, customer: null, notes: '' });
    main.update(seating.id, { state: 'unconfirmed' });
    await outbox.resend(seating.id);
    expect(main.entries.get(seating.id)).toMatchObject({ state: 'queued', afterUnconfirmed: true });
    await outbox.retryNow(seating.id);
    await outbox.markDone(seating.id);
    expect(queueSelectors.pendingCount(store.getState())).toBe(0);
    const takeaway = await outbox.sendTakeaway({ name: 'Lia', lines: [demoLines.cana()] });
    await outbox.discard(takeaway.id);
    expect(main.calls.slice(1)).toEqual(['resendEntry', 'retryEntry', 'markEntryDone', 'submitEntry', 'discardEntry']);
    expect(queueSelectors.pendingEntries(store.getState())).toEqual([]);
    expect(JSON.parse(await outbox.exportPending())).toEqual({ entries: [] });
  });

  it('prices a conflicted seating’s items as a round, or builds a new seating for other tables', async () => {
    const { outbox, main, store } = await clientWithCatalog();
    const first = await outbox.seat({ tables: [{ id: 4, name: 'T4' }], guests: 2, customer: null, notes: '', lines: [demoLines.cana(2)] });
    await expect(outbox.sendSeatingAsRound(first.seating.id)).rejects.toThrow(expect.objectContaining({ code: 'seating-not-in-conflict' }));
    main.update(first.seating.id, { state: 'rejected', conflict: true });
    store.getState().applySnapshot(main.snapshot());
    await outbox.sendSeatingAsRound(first.seating.id);
    const round = [...main.entries.values()].find((e) => e.kind === 'round')!;
    expect(round).toMatchObject({ serviceId: first.service.id, tableIds: [4], lines: [expect.objectContaining({ name: 'Caña', quantity: 2 })] });
    expect(loyalty(round.request).order).toMatchObject({ table_id: 4, total: '5.00', extraId: round.id });

    const second = await outbox.seat({ tables: [{ id: 7, name: 'T7' }], guests: 4, customer: null, notes: '' });
    main.update(second.seating.id, { state: 'rejected', conflict: true });
    store.getState().applySnapshot(main.snapshot());
    await outbox.moveSeating(second.seating.id, [{ id: 8, name: 'T8' }]);
    const seating = [...main.entries.values()].find((e) => e.kind === 'seating' && e.pending === 1 && e.serviceId === second.service.id)!;
    expect(seating).toMatchObject({
      tableIds: [8],
      place: { kind: 'tables', names: ['T8'] },
      summary: { code: 'seating', params: { guests: 4, items: 0, totalCents: 0 } },
    });
    expect(seating.request).toMatchObject({ kind: 'seating', data: { table_id: [8], guests: 4 } });
  });
});

describe('a deposit taken at seating', () => {
  const cash = { amountCents: 2000, methodId: 2, methodName: 'Cash' };

  it('goes with the Flow seating as its payments, its method named in the tender for the bill', async () => {
    const { outbox } = await clientWithCatalog();
    const { seating } = await outbox.seat({ tables: [{ id: 3, name: 'T3' }], guests: 4, customer: null, notes: '', prepayment: cash });
    expect(seating.request).toMatchObject({ kind: 'seating', data: { contents: null, payments: [{ amount: '20.00', payment_method_id: 2 }] } });
    expect(seating.tender).toEqual({ methodId: 2, methodName: 'Cash', amountCents: 2000, tipCents: 0 });
  });

  it('moves with a refused seating, goes as the round’s payment when sent as a round, and is never dropped', async () => {
    const { outbox, main, store } = await clientWithCatalog();
    const moved = await outbox.seat({ tables: [{ id: 4, name: 'T4' }], guests: 2, customer: null, notes: '', prepayment: cash });
    main.update(moved.seating.id, { state: 'rejected', conflict: true });
    store.getState().applySnapshot(main.snapshot());
    // Sent as a round it would have nothing to go with: the waiter is told to move it instead.
    await expect(outbox.sendSeatingAsRound(moved.seating.id)).rejects.toThrow(expect.objectContaining({ code: 'prepayment-needs-free-table' }));
    await outbox.moveSeating(moved.seating.id, [{ id: 8, name: 'T8' }]);
    const again = [...main.entries.values()].find((e) => e.kind === 'seating' && e.pending === 1 && e.serviceId === moved.service.id)!;
    expect(again.request).toMatchObject({ data: { table_id: [8], payments: [{ amount: '20.00', payment_method_id: 2 }] } });
    expect(again.tender).toMatchObject({ methodName: 'Cash', amountCents: 2000 });

    const asRound = await outbox.seat({ tables: [{ id: 9, name: 'T9' }], guests: 2, customer: null, notes: '', lines: [demoLines.cana(10)], prepayment: cash });
    main.update(asRound.seating.id, { state: 'rejected', conflict: true });
    store.getState().applySnapshot(main.snapshot());
    await outbox.sendSeatingAsRound(asRound.seating.id);
    const round = [...main.entries.values()].find((e) => e.kind === 'round' && e.serviceId === asRound.service.id)!;
    expect(loyalty(round.request).order).toMatchObject({ total: '25.00', payment: { amount: '20.00', payment_method_id: 2 } });
    expect(round.tender).toMatchObject({ methodName: 'Cash', amountCents: 2000 });
  });
});

describe('a submit whose answer never came back (it may have been committed)', () => {
  const lost = () => new BridgeError({ kind: 'unreachable', code: 'local-service-not-answering' });

  /** The in-memory main side, whose first answer to `name` is lost after it committed. */
  async function loseFirstAnswer(name: 'submitEntry' | 'seatService') {
    const catalog = await demoCatalogDb();
    catalogs.push(catalog);
    const main = fakeQueueBridge();
    let loseNext = true;
    const committed = main[name] as (input: unknown) => Promise<unknown>;
    const bridge = {
      ...main,
      [name]: async (input: unknown) => {
        const answer = await committed(input);
        if (loseNext) {
          loseNext = false;
          throw lost();
        }
        return answer;
      },
    } as QueueBridgeFake;
    const outbox = openOutbox({ bridge, store: createQueueStore(), catalogDb: () => catalog, newId, now: () => new Date('2026-11-22T12:00:00Z') });
    return { outbox, main };
  }

  it('the same ticket sent again reuses its ids, so the main side stores it once; after an answer the next one is new', async () => {
    const { outbox, main } = await loseFirstAnswer('submitEntry');
    const takeaway = { name: 'Lia', lines: [demoLines.cana()] };
    await expect(outbox.sendTakeaway(takeaway)).rejects.toMatchObject({ kind: 'unreachable' });
    const entry = await outbox.sendTakeaway(takeaway);
    expect([...main.entries.keys()]).toEqual([entry.id]);
    const next = await outbox.sendTakeaway(takeaway);
    expect(next.id).not.toBe(entry.id);
    expect(main.entries.size).toBe(2);
  });

  it('a seating sent again after a lost answer is the same service, not a conflict with itself', async () => {
    const { outbox, main } = await loseFirstAnswer('seatService');
    const seat = { tables: [{ id: 5, name: 'T5' }], guests: 2, customer: null, notes: '' };
    await expect(outbox.seat(seat)).rejects.toMatchObject({ kind: 'unreachable' });
    const { service } = await outbox.seat(seat);
    expect([...main.services.keys()]).toEqual([service.id]);
    expect(main.entries.size).toBe(1);
  });
});
