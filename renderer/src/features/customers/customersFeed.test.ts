import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, entryDraftSchema, type BridgeClient, type CustomerDetails } from '../../../../shared/bridge';
import { customerDetailsDb, customerIdsByDetails } from '../../data/customers/customerDetails';
import { openGenerationDb, type CatalogDb, type StoredCustomer } from '../../data/catalog/catalogDb';
import { createCatalogStore } from '../../data/catalog/catalogStore';
import type { OpenGeneration } from '../../data/catalog/generations';
import { fakeQueueBridge, type QueueBridgeFake } from '../../data/queue/queueTesting';
import { startQueueFeed } from '../../data/queue/queueFeed';
import { createQueueStore } from '../../data/queue/queueStore';
import { startCustomersFeed } from './customersFeed';
import { customerEntryDraft, useCustomersStore } from '../../session/customersStore';

let db: CatalogDb | null = null;
const stops: (() => void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  if (db) await db.delete();
  db = null;
});

const customer = (id: number, name: string) => ({ id, name, active: true, email: null, phone: null }) as StoredCustomer;

async function setup(customers: StoredCustomer[] = []) {
  db = openGenerationDb(`customers-feed-${Math.random().toString(36).slice(2)}`, 1);
  await db.customers.bulkPut(customers);
  const catalog = createCatalogStore();
  const syncNow = vi.fn(async () => {});
  const accountKey = `customers-feed-account-${Math.random().toString(36).slice(2)}`;
  catalog.setState({ accountKey, current: { db, n: 1 } as unknown as OpenGeneration, syncNow });
  const queue = createQueueStore();
  const bridge = fakeQueueBridge() as QueueBridgeFake & { -readonly [K in 'deleteCustomer' | 'getCustomer']: BridgeClient[K] };
  const deleted: number[] = [];
  bridge.deleteCustomer = async ({ customerId }) => {
    deleted.push(customerId);
    return { deleted: true };
  };
  // The POS's records read by id: the contact details the listing lacks (spec 2.4, 4.2).
  const atThePos = new Map<number, CustomerDetails>();
  bridge.getCustomer = async ({ customerId }) => {
    const found = atThePos.get(customerId);
    if (!found) throw new BridgeError({ kind: 'offline', code: 'local-service-not-answering' });
    return { customer: found };
  };
  const queueFeed = startQueueFeed({ bridge, store: queue });
  stops.push(() => queueFeed.stop());
  const feed = startCustomersFeed({ bridge, queue, catalog });
  stops.push(() => feed.stop());
  await queueFeed.refresh();
  const actions = useCustomersStore.getState().actions!;
  return { db, bridge, queue, catalog, syncNow, actions, deleted, queueFeed, atThePos, accountKey };
}

const until = async (check: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 5));
  }
  throw new Error('condition never met');
};

describe('creating a customer', () => {
  it('commits a `customer` queue entry that sends the customer as typed, shown in the queue at once', async () => {
    const { actions, bridge, queue } = await setup();
    const entry = await actions.create({ name: 'Ana García', active: 1, email: 'ana@example.com' });
    expect(bridge.entries.get(entry.id)).toMatchObject({
      kind: 'customer',
      state: 'queued',
      tableIds: [],
      serviceId: null,
      place: { kind: 'legacy', text: 'Ana García' },
      request: { kind: 'customer', customer: { name: 'Ana García', active: 1, email: 'ana@example.com' } },
      totalCents: 0,
    });
    expect(queue.getState().queue?.pending.map((e) => e.id)).toEqual([entry.id]);
  });

  it('the entry draft passes the bridge schema', () => {
    expect(() => entryDraftSchema.parse(customerEntryDraft(crypto.randomUUID(), { name: 'Bea', active: 0 }))).not.toThrow();
  });

  it('an accepted entry with the created record puts it into the local copy', async () => {
    const { actions, queue, db } = await setup();
    const entry = await actions.create({ name: 'Ana García', active: 1, phone: '600123456' });
    queue
      .getState()
      .applyWrite({ entries: [{ ...entry, state: 'accepted', pending: 0, answer: { customer: { id: 501, name: 'Ana García', phone: '600123456' } } }] });
    await until(async () => (await db.customers.get(501)) !== undefined);
    expect(await db.customers.get(501)).toMatchObject({ id: 501, name: 'Ana García', phone: '600123456', active: true });
  });

  it('an entry that left the snapshot is read back: its created customer joins the copy, no sync', async () => {
    const { actions, bridge, db, syncNow, queueFeed } = await setup();
    const entry = await actions.create({ name: 'Ana García', active: 1 });
    bridge.update(entry.id, { state: 'accepted', pending: 0, answer: { customer: { id: 502, name: 'Ana García' } } });
    await queueFeed.refresh();
    await until(async () => (await db.customers.get(502)) !== undefined);
    expect(bridge.calls).toContain('getEntries');
    expect(syncNow).not.toHaveBeenCalled();
  });

  it('accepted without the created record (the POS answered none): the catalog is synced again', async () => {
    const { actions, bridge, syncNow, queueFeed } = await setup();
    const entry = await actions.create({ name: 'Ana García', active: 1 });
    expect(syncNow).not.toHaveBeenCalled();
    bridge.update(entry.id, { state: 'accepted', pending: 0 });
    await queueFeed.refresh();
    await until(() => syncNow.mock.calls.length === 1);
  });

  it('discarded by a person: nothing was created, no sync', async () => {
    const { actions, bridge, syncNow, queueFeed } = await setup();
    const entry = await actions.create({ name: 'Ana García', active: 1 });
    bridge.update(entry.id, { pending: 0, resolution: 'discarded' });
    await queueFeed.refresh();
    await until(() => bridge.calls.includes('getEntries'));
    await queueFeed.refresh();
    expect(syncNow).not.toHaveBeenCalled();
  });
});

describe('deleting a customer', () => {
  it('deletes it at the POS, then from the local copy', async () => {
    const { actions, db, deleted } = await setup([customer(7, 'Ana'), customer(8, 'Bea')]);
    await actions.remove(7);
    expect(deleted).toEqual([7]);
    expect((await db.customers.toArray()).map((c) => c.id)).toEqual([8]);
  });

  it('a failure keeps it here', async () => {
    const { actions, db, bridge } = await setup([customer(7, 'Ana')]);
    bridge.deleteCustomer = async () => {
      throw new BridgeError({ kind: 'offline', code: 'offline' });
    };
    await expect(actions.remove(7)).rejects.toMatchObject({ kind: 'offline' });
    expect(await db.customers.get(7)).toBeDefined();
  });

  it('`customer-changed` from any window drops it from this one', async () => {
    const { bridge, db } = await setup([customer(7, 'Ana'), customer(8, 'Bea')]);
    bridge.emit({ type: 'customer-changed', customerId: 8, deleted: true });
    await until(async () => (await db.customers.get(8)) === undefined);
    expect(await db.customers.get(7)).toBeDefined();
  });
});

describe("a customer's details (spec 4.2 GET V2/customers/<id>)", () => {
  it('are read when opened and kept: offline afterwards they are still there, and search by phone or email finds the customer', async () => {
    const { actions, atThePos, accountKey, bridge } = await setup([customer(7, 'Marta Soler')]);
    atThePos.set(7, { id: 7, name: 'Marta Soler', active: true, email: 'Marta.Soler@example.com', phone: '+34 611 22 33 44' });
    const details = customerDetailsDb(accountKey);
    expect(await customerIdsByDetails(details, '611 22', 10)).toEqual([]);
    await expect(actions.readDetails(7)).resolves.toMatchObject({ id: 7, email: 'Marta.Soler@example.com', phone: '+34 611 22 33 44' });
    // The POS goes away: reading again fails, what was read stays.
    atThePos.clear();
    await expect(actions.readDetails(7)).rejects.toMatchObject({ kind: 'offline' });
    expect(await details.details.get(7)).toMatchObject({ email: 'Marta.Soler@example.com', phone: '+34 611 22 33 44' });
    expect(await customerIdsByDetails(details, '611 22', 10)).toEqual([7]);
    expect(await customerIdsByDetails(details, '+34 611', 10)).toEqual([7]);
    expect(await customerIdsByDetails(details, 'marta.s', 10)).toEqual([7]);
    expect(await customerIdsByDetails(details, 'nobody', 10)).toEqual([]);
    // Deleted from any window: its details leave too.
    bridge.emit({ type: 'customer-changed', customerId: 7, deleted: true });
    await until(async () => (await details.details.get(7)) === undefined);
    await details.delete();
  });
});
