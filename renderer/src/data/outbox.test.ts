import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryRequest } from '../../../shared/bridge';
import { formatMoney } from '../../../shared/domain/money';
import type { CatalogDb } from './catalogDb';
import { flowUrlLength, MAX_FLOW_URL_CHARS, openOutbox } from './outbox';
import { demoCatalogDb, demoLines, scriptedBridge, testOutboxDb } from './outboxTesting';
import { OutboxInputError, type Outbox } from './outboxTypes';

const opened: Outbox[] = [];
const catalogs: CatalogDb[] = [];
afterEach(async () => {
  for (const outbox of opened.splice(0)) {
    outbox.close();
    await outbox.db.delete();
  }
  for (const db of catalogs.splice(0)) await db.delete();
});

let ids = 0;
async function outboxWithCatalog(): Promise<Outbox> {
  const catalog = await demoCatalogDb();
  catalogs.push(catalog);
  const outbox = openOutbox({
    accountKey: 'test',
    db: testOutboxDb(),
    bridge: scriptedBridge(),
    catalogDb: () => catalog,
    dispatch: false,
    newId: () => `id-${++ids}`,
    now: () => new Date('2026-11-22T12:00:00Z'),
  });
  opened.push(outbox);
  return outbox;
}

const loyalty = (request: DeliveryRequest) => {
  if (request.kind !== 'order') throw new Error('expected a loyalty order');
  return request.order;
};

describe('seat', () => {
  it('commits the service and a Flow seating with the plain items; the others follow as the first round', async () => {
    const outbox = await outboxWithCatalog();
    const { service, seating, firstRound } = await outbox.seat({
      tables: [{ id: 5, name: 'T5' }, { id: 6, name: 'T6' }],
      guests: 3,
      customer: { name: ' Ana ', phone: '+34 600 11 22 33' },
      notes: 'Window',
      lines: [demoLines.cana(2, 'sin hielo'), demoLines.entrecot()],
    });
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
    expect(seating).toMatchObject({ state: 'queued', pending: 1, seq: 1, kind: 'seating', tableIds: [5, 6], label: 'Tables T5 + T6', totalCents: 500 });
    expect(firstRound).not.toBeNull();
    const order = loyalty(firstRound!.request);
    expect(order.order).toMatchObject({ table_id: 6, guests: 3, extraId: firstRound!.id, total: '20.10' });
    expect(order.order.contents).toEqual([{ item_id: 11, itemPrice: '18.90', quantity: 1, modifiers: [{ id: 2, name: 'Al punto', price: '0.00' }, { id: 3, name: 'Huevo', price: '1.20' }] }]);
    expect(firstRound).toMatchObject({ seq: 2, kind: 'round', tableIds: [6], serviceId: service.id });
    expect(await outbox.db.services.get(service.id)).toEqual(service);
  });

  it('sends a seating’s items as its first round when they would make the Flow URL too long', async () => {
    const outbox = await outboxWithCatalog();
    // 60 different plain lines (each a note, so none merges): far past the URL budget.
    const lines = Array.from({ length: 60 }, (_, i) => demoLines.cana(1, `nota ${i} — sin hielo, con limón y una pajita`));
    const { seating, firstRound } = await outbox.seat({ tables: [{ id: 2, name: 'T2' }], guests: 2, customer: null, notes: '', lines });
    expect(seating.request).toMatchObject({ kind: 'seating', data: { contents: null } });
    expect(flowUrlLength(seating.request)).toBeLessThanOrEqual(MAX_FLOW_URL_CHARS);
    expect(firstRound).not.toBeNull();
    expect(loyalty(firstRound!.request).order.contents).toHaveLength(60);
  });

  it('refuses bad guests, a table seated twice, and a table already seated — and saves nothing then', async () => {
    const outbox = await outboxWithCatalog();
    const table = { id: 1, name: 'T1' };
    await expect(outbox.seat({ tables: [table], guests: 0, customer: null, notes: '' })).rejects.toThrow(/Guests must be a whole number from 1 to 99/);
    await expect(outbox.seat({ tables: [table], guests: 100, customer: null, notes: '' })).rejects.toThrow(OutboxInputError);
    await expect(outbox.seat({ tables: [table, table], guests: 2, customer: null, notes: '' })).rejects.toThrow(/twice/);
    await expect(outbox.seat({ tables: [table], guests: 2, customer: { name: 'x', phone: 'call me' }, notes: '' })).rejects.toThrow(/only digits/);
    expect(await outbox.db.entries.count()).toBe(0);
    await outbox.seat({ tables: [table], guests: 2, customer: null, notes: '' });
    await expect(outbox.seat({ tables: [{ id: 2, name: 'T2' }, table], guests: 2, customer: null, notes: '' })).rejects.toThrow(/Table T1 is already seated/);
    expect(await outbox.db.entries.count()).toBe(1);
    expect(await outbox.db.services.count()).toBe(1);
  });
});

describe('rounds, takeaway and delivery', () => {
  it('sends a round to the primary table with extraId = the entry id, merging into the open order', async () => {
    const outbox = await outboxWithCatalog();
    const { service } = await outbox.seat({ tables: [{ id: 3, name: 'T3' }], guests: 2, customer: null, notes: '' });
    const round = await outbox.sendRound({ serviceId: service.id, lines: [demoLines.jamon(), demoLines.cana(3)], payment: { paymentMethodId: 1, amountCents: 2100, tipCents: 150 } });
    const order = loyalty(round.request);
    expect(order).toEqual({
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
    expect(round).toMatchObject({ kind: 'round', state: 'queued', totalCents: 2100, summary: `Round · 4 items · ${formatMoney(2100)}` });
    await expect(outbox.sendRound({ serviceId: service.id, lines: [demoLines.cana()], payment: { paymentMethodId: 1, amountCents: 251, tipCents: 0 } })).rejects.toThrow(/more than the order total/);
    await expect(outbox.sendRound({ serviceId: service.id, lines: [] })).rejects.toThrow(/empty/);
    await outbox.clearTable(service.id);
    await expect(outbox.sendRound({ serviceId: service.id, lines: [demoLines.cana()] })).rejects.toThrow(/cleared/);
  });

  it('sends takeaways and deliveries without a table', async () => {
    const outbox = await outboxWithCatalog();
    const takeaway = await outbox.sendTakeaway({ name: 'Marta', phone: '600111222', lines: [demoLines.cana()] });
    expect(loyalty(takeaway.request)).toEqual({
      order: { total: '2.50', contents: [{ item_id: 10, itemPrice: '2.50', quantity: 1, modifiers: [] }], tableName: 'Marta', extraId: takeaway.id },
      delivery: { phone: '600111222' },
    });
    expect(takeaway).toMatchObject({ kind: 'takeaway', tableIds: [], label: 'Takeaway · Marta' });
    const delivery = await outbox.sendDelivery({ phone: '600333444', address: 'Calle Mayor 1', city: 'Girona', email: 'p@example.com', name: 'Pau', date: '2026-11-22 21:30:00', lines: [demoLines.cana(2)] });
    expect(loyalty(delivery.request)).toEqual({
      order: { total: '5.00', contents: [{ item_id: 10, itemPrice: '2.50', quantity: 2, modifiers: [] }], tableName: 'Pau', extraId: delivery.id },
      customer: { name: 'Pau', email: 'p@example.com', phone: '600333444' },
      delivery: { phone: '600333444', address: 'Calle Mayor 1', city: 'Girona', date: '2026-11-22 21:30:00' },
    });
    await expect(outbox.sendDelivery({ phone: '600', address: ' ', lines: [demoLines.cana()] })).rejects.toThrow(/address/);
    await expect(outbox.sendTakeaway({ name: '', lines: [demoLines.cana()] })).rejects.toThrow(/name/);
  });
});

describe('waiter decisions', () => {
  it('resends only unconfirmed entries, marks done and discards with the state checked', async () => {
    const outbox = await outboxWithCatalog();
    const { seating, service } = await outbox.seat({ tables: [{ id: 9, name: 'T9' }], guests: 2, customer: null, notes: '' });
    await expect(outbox.resend(seating.id)).rejects.toThrow(/cannot be resent now: it is queued/);
    await outbox.db.entries.update(seating.id, { state: 'unconfirmed' });
    await outbox.resend(seating.id);
    expect(await outbox.db.entries.get(seating.id)).toMatchObject({ state: 'queued', afterUnconfirmed: true, pending: 1 });
    await outbox.db.entries.update(seating.id, { state: 'unconfirmed' });
    await outbox.markDone(seating.id);
    expect(await outbox.db.entries.get(seating.id)).toMatchObject({ pending: 0, resolution: 'marked-done' });
    await expect(outbox.discard(seating.id)).rejects.toThrow(/no longer pending/);

    // Discarding the only entry of a service frees its table.
    const other = await outbox.seat({ tables: [{ id: 10, name: 'T10' }], guests: 1, customer: null, notes: '' });
    await outbox.discard(other.seating.id);
    expect(await outbox.db.services.get(other.service.id)).toMatchObject({ open: 0 });
    expect(await outbox.db.services.get(service.id)).toMatchObject({ open: 1 });
  });

  it('resolves a seating conflict by sending its items as a round, or by moving it to another table', async () => {
    const outbox = await outboxWithCatalog();
    const first = await outbox.seat({ tables: [{ id: 4, name: 'T4' }], guests: 2, customer: null, notes: '', lines: [demoLines.cana(2)] });
    await outbox.db.entries.update(first.seating.id, { state: 'rejected', conflict: true });
    await outbox.sendSeatingAsRound(first.seating.id);
    const entries = await outbox.db.entries.where('serviceId').equals(first.service.id).sortBy('seq');
    expect(entries.map((e) => [e.kind, e.state, e.resolution])).toEqual([
      ['seating', 'rejected', 'sent-as-round'],
      ['round', 'queued', null],
    ]);
    expect(loyalty(entries[1]!.request).order).toMatchObject({ table_id: 4, total: '5.00' });

    const second = await outbox.seat({ tables: [{ id: 7, name: 'T7' }], guests: 4, customer: null, notes: '' });
    const round = await outbox.sendRound({ serviceId: second.service.id, lines: [demoLines.cana()] });
    await outbox.db.entries.update(second.seating.id, { state: 'rejected', conflict: true });
    await outbox.moveSeating(second.seating.id, [{ id: 8, name: 'T8' }]);
    expect(await outbox.db.services.get(second.service.id)).toMatchObject({ tableIds: [8], primaryTableId: 8, tableNames: ['T8'] });
    const moved = await outbox.db.entries.get(round.id);
    expect(moved).toMatchObject({ tableIds: [8], label: 'Table T8' });
    expect(loyalty(moved!.request).order.table_id).toBe(8);
    const seatings = await outbox.db.entries.where('serviceId').equals(second.service.id).filter((e) => e.kind === 'seating' && e.pending === 1).toArray();
    expect(seatings.map((s) => s.request.kind === 'seating' && s.request.data.table_id)).toEqual([[8]]);
  });

  it('exports the pending entries as JSON', async () => {
    const outbox = await outboxWithCatalog();
    await outbox.sendTakeaway({ name: 'Lia', lines: [demoLines.cana()] });
    const exported = JSON.parse(await outbox.exportPending()) as { count: number; entries: Array<{ label: string }> };
    expect(exported.count).toBe(1);
    expect(exported.entries[0]!.label).toBe('Takeaway · Lia');
  });
});

describe('one dispatcher per account', () => {
  it('lets a second copy of the terminal send only after the first closes (Web Locks)', async () => {
    // A minimal navigator.locks: exclusive, queued in request order.
    const queue: Array<() => void> = [];
    let held = false;
    const locks = {
      async request(_name: string, callback: () => Promise<void>) {
        if (held) await new Promise<void>((go) => queue.push(go));
        held = true;
        try {
          await callback();
        } finally {
          held = false;
          queue.shift()?.();
        }
      },
    };
    const global = globalThis as { navigator?: unknown };
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: { locks }, configurable: true, writable: true });
    try {
      const catalog = await demoCatalogDb();
      catalogs.push(catalog);
      const db = testOutboxDb();
      const firstBridge = scriptedBridge();
      const secondBridge = scriptedBridge();
      const first = openOutbox({ accountKey: 'locked', db, bridge: firstBridge, catalogDb: () => catalog });
      const second = openOutbox({ accountKey: 'locked', db: testOutboxDb(), bridge: secondBridge, catalogDb: () => catalog });
      opened.push(second);
      await first.sendTakeaway({ name: 'Uno', lines: [demoLines.cana()] });
      await firstBridge.waitForCalls(1);
      await second.db.entries.add({ ...(await first.db.entries.toArray())[0]!, id: 'copy', seq: 99, state: 'queued' });
      second.kick();
      await new Promise((done) => setTimeout(done, 50));
      expect(secondBridge.calls).toHaveLength(0); // waits for the lock
      first.close();
      await first.db.delete();
      await secondBridge.waitForCalls(1);
      expect(secondBridge.calls[0]!.request).toMatchObject({ kind: 'order' });
    } finally {
      if (saved) Object.defineProperty(globalThis, 'navigator', saved);
      else delete global.navigator;
    }
  });
});
