import 'fake-indexeddb/auto';
import Dexie, { type EntityTable } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, type AppInfo, type BridgeClient, type BridgeEvent, type EntryDraft, type SyncPage } from '../../../shared/bridge';
import { testBridgeClient } from '../bridge/testing';
import { queuedEntry } from '../data/queue/queueTesting';
import { createAccountScopes, scopeBridge, SWITCHING_CODE } from './accountScope';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function eventHub() {
  const listeners = new Set<(event: BridgeEvent) => void>();
  return {
    onEvent: (listener: (event: BridgeEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (event: BridgeEvent) => listeners.forEach((listener) => listener(event)),
    count: () => listeners.size,
  };
}

// The first page of rooms, as the sync asks for it (spec: hospitality 4.2 `V2/rooms?withTables`).
const ROOMS = { pages: [{ resource: 'rooms' as const, page: 1 }] };
const roomsPage = (...names: string[]): { pages: SyncPage[] } => ({
  pages: [{ records: names.map((name) => ({ id: name.length, name })), page: 1, lastPage: 1, total: names.length }],
});
const info = (accountKey: string): AppInfo => ({
  shell: 'browser',
  mode: accountKey === 'demo' ? 'demo' : 'account',
  accountKey,
  tenant: accountKey,
  version: '0',
});
const TAKEAWAY_ID = '00000000-0000-4000-8000-00000000000a';
/** A takeaway as the renderer submits it (the scope does not look inside). */
const draft: EntryDraft = {
  id: TAKEAWAY_ID,
  kind: 'takeaway',
  tableIds: [],
  place: { kind: 'takeaway', customer: 'Ana' },
  serviceId: null,
  request: { kind: 'order', order: { order: { extraId: TAKEAWAY_ID, total: 2.5, contents: [{ item_id: 10, itemPrice: 2.5 }] } } },
  lines: [],
  summary: 'Takeaway · 1 item · 2,50 €',
  totalCents: 250,
};
const saved = { entry: queuedEntry(draft, 1, '2026-11-23T12:00:00.000Z') };

describe('a scoped bridge names its account', () => {
  it('learns its account from getAppInfo once, then names it on every call', async () => {
    const getAppInfo = vi.fn(async () => info('demo'));
    const fetchSyncPages = vi.fn(async () => roomsPage());
    const submitEntry = vi.fn(async () => saved);
    const scoped = scopeBridge(testBridgeClient({ getAppInfo, fetchSyncPages, submitEntry }));
    await scoped.client.fetchSyncPages(ROOMS);
    await scoped.client.submitEntry({ draft });
    expect(fetchSyncPages).toHaveBeenCalledWith(ROOMS, { accountKey: 'demo' });
    expect(submitEntry).toHaveBeenCalledWith({ draft }, { accountKey: 'demo' });
    expect(getAppInfo).toHaveBeenCalledTimes(1);
  });

  it('refuses a call made after it closed as unreachable: it never leaves', async () => {
    const submitEntry = vi.fn(async () => saved);
    const scoped = scopeBridge(testBridgeClient({ submitEntry }), { accountKey: 'demo' });
    scoped.close();
    await expect(scoped.client.submitEntry({ draft })).rejects.toMatchObject({ kind: 'unreachable', code: SWITCHING_CODE });
    expect(submitEntry).not.toHaveBeenCalled();
  });

  it('still hands over a submitted entry that was on its way when it closed (the main side checked its account)', async () => {
    const answer = deferred<typeof saved>();
    const scoped = scopeBridge(testBridgeClient({ submitEntry: () => answer.promise }), { accountKey: 'demo' });
    const submitting = scoped.client.submitEntry({ draft });
    scoped.close();
    answer.resolve(saved);
    await expect(submitting).resolves.toEqual(saved);
  });

  it('still hands over a queue write the main side committed when it closed: the order was saved', async () => {
    const answer = deferred<{ cleared: boolean }>();
    const scoped = scopeBridge(testBridgeClient({ clearTable: () => answer.promise }), { accountKey: 'demo' });
    const clearing = scoped.client.clearTable({ serviceId: '00000000-0000-4000-8000-000000000001' });
    scoped.close();
    answer.resolve({ cleared: true });
    await expect(clearing).resolves.toEqual({ cleared: true });
  });

  it('starts over when the main side says the account changed (a missed account-changed event)', async () => {
    let current = 'demo';
    const root = testBridgeClient({
      getAppInfo: async () => info(current),
      submitEntry: async (_input, context) => {
        if (context?.accountKey !== current) throw new BridgeError({ kind: 'wrong-account', code: 'wrong-account', detail: 'another account' });
        return saved;
      },
    });
    const scopes = createAccountScopes(root);
    const first = scopes.current();
    await expect(first.bridge.submitEntry({ draft })).resolves.toEqual(saved);
    current = 'bar-pepe@pos.example.com'; // switched in another window; no event reached this one
    await expect(first.bridge.submitEntry({ draft })).rejects.toMatchObject({ kind: 'wrong-account' });
    await expect(first.bridge.submitEntry({ draft })).rejects.toBeInstanceOf(BridgeError);
    expect(scopes.current().id).toBe(first.id + 1); // once, however many calls were refused
    await expect(scopes.current().bridge.submitEntry({ draft })).resolves.toEqual(saved);
  });

  it('a scope that knows its account refuses getAppInfo naming another one', async () => {
    const scopes = createAccountScopes(testBridgeClient({ getAppInfo: async () => info('b@y'), saveSettings: async () => ({ accountKey: 'a@x' }) }));
    await scopes.switchAccount({ account: { mode: 'demo' }, syncEveryMinutes: 15 });
    const scope = scopes.current();
    await expect(scope.bridge.getAppInfo({})).rejects.toMatchObject({ kind: 'wrong-account' });
    expect(scopes.current().id).toBe(scope.id + 1);
  });
});

describe('a scoped bridge', () => {
  it('passes calls and events through until closed, then refuses answers still on their way', async () => {
    const hub = eventHub();
    const slow = deferred<{ pages: SyncPage[] }>();
    const root = testBridgeClient({ fetchSyncPages: () => slow.promise, getConnectionState: async () => ({ state: null }), onEvent: hub.onEvent });
    const scoped = scopeBridge(root, { accountKey: 'demo' });
    const events: BridgeEvent[] = [];
    scoped.client.onEvent((event) => events.push(event));
    expect(await scoped.client.getConnectionState({})).toEqual({ state: null });
    hub.emit({ type: 'connection', state: 'online', at: 'now' });

    const pending = scoped.client.fetchSyncPages(ROOMS);
    scoped.close();
    slow.resolve(roomsPage('Terraza'));
    await expect(pending).rejects.toMatchObject({ kind: 'internal', code: SWITCHING_CODE });
    await expect(scoped.client.getConnectionState({})).rejects.toBeInstanceOf(BridgeError);
    hub.emit({ type: 'connection', state: 'offline', at: 'later' });
    expect(events).toEqual([{ type: 'connection', state: 'online', at: 'now' }]);
    expect(hub.count()).toBe(0);
  });
});

describe('account scopes', () => {
  it('close the current scope before saveSettings leaves and open a new one after it answered', async () => {
    let scopeClosedWhenSent: boolean | null = null;
    const root: BridgeClient = testBridgeClient({
      saveSettings: vi.fn(async () => {
        scopeClosedWhenSent = await first.bridge.getConnectionState({}).then(
          () => false,
          () => true,
        );
        return { accountKey: 'bar-pepe@pos.example.com' };
      }),
      getConnectionState: async () => ({ state: null }),
      getAppInfo: async () => info('demo'),
    });
    const scopes = createAccountScopes(root);
    const first = scopes.current();
    const changes = vi.fn();
    scopes.subscribe(changes);
    await expect(scopes.switchAccount({ account: { mode: 'demo' }, syncEveryMinutes: 15 })).resolves.toEqual({ accountKey: 'bar-pepe@pos.example.com' });
    expect(scopeClosedWhenSent).toBe(true);
    expect(scopes.current().id).toBe(first.id + 1);
    expect(changes).toHaveBeenCalledTimes(1);
    await expect(scopes.current().bridge.getConnectionState({})).resolves.toEqual({ state: null });
  });

  it('start over even when the save is refused (the old scope is closed by then)', async () => {
    const root = testBridgeClient({
      saveSettings: async () => {
        throw new BridgeError({ kind: 'invalid-input', code: 'invalid-input', params: { operation: 'saveSettings', fields: 'account.tenant' } });
      },
    });
    const scopes = createAccountScopes(root);
    await expect(scopes.switchAccount({ account: { mode: 'demo' }, syncEveryMinutes: 15 })).rejects.toMatchObject({ kind: 'invalid-input' });
    expect(scopes.current().id).toBe(1);
  });

  it('follow a switch made elsewhere, but not the late echo of their own', async () => {
    const hub = eventHub();
    const root = testBridgeClient({ onEvent: hub.onEvent, saveSettings: async () => ({ accountKey: 'a@x' }) });
    const scopes = createAccountScopes(root);
    const stop = scopes.follow();
    await scopes.switchAccount({ account: { mode: 'demo' }, syncEveryMinutes: 15 });
    expect(scopes.current().id).toBe(1);
    hub.emit({ type: 'account-changed', accountKey: 'a@x' }); // our own switch, reported late
    expect(scopes.current().id).toBe(1);
    hub.emit({ type: 'account-changed', accountKey: 'b@y' }); // another window switched
    expect(scopes.current().id).toBe(2);
    stop();
    hub.emit({ type: 'account-changed', accountKey: 'c@z' });
    expect(scopes.current().id).toBe(2);
  });
});

describe('two accounts never mix', () => {
  type Stored = { id: number; name: string };
  const dbs: Dexie[] = [];
  afterEach(async () => {
    for (const db of dbs.splice(0)) await db.delete();
  });
  function openDb(accountKey: string) {
    const db = new Dexie(`scope-test-${accountKey}`) as Dexie & { rooms: EntityTable<Stored, 'id'> };
    db.version(1).stores({ rooms: 'id' });
    dbs.push(db);
    return db;
  }

  /** Like the app's data owners: which account → its database → the server's rooms, saved. */
  async function ownAccountData(bridge: BridgeClient) {
    const { accountKey } = await bridge.getAppInfo({});
    const db = openDb(accountKey);
    try {
      const { pages } = await bridge.fetchSyncPages(ROOMS);
      await db.rooms.bulkPut((pages[0]?.records ?? []).map(({ id, name }) => ({ id: Number(id), name: String(name) })));
    } catch {
      // a refused answer writes nothing
    }
    return db;
  }

  it('an answer from the next account never lands in the previous account’s database', async () => {
    // The main side: the current account answers every call; the first rooms request is slow.
    let current: 'demo' | 'bar-pepe@pos.example.com' = 'demo';
    const slowRooms = deferred<void>();
    let slowOnce = true;
    const info = (accountKey: string): AppInfo => ({
      shell: 'browser',
      mode: accountKey === 'demo' ? 'demo' : 'account',
      accountKey,
      tenant: accountKey,
      version: '0',
    });
    const root = testBridgeClient({
      getAppInfo: async () => info(current),
      fetchSyncPages: async () => {
        if (slowOnce) {
          slowOnce = false;
          await slowRooms.promise;
        }
        // Answered by whichever account is current when the server gets to it.
        return roomsPage(current === 'demo' ? 'Salón demo' : 'Terraza Pepe');
      },
      saveSettings: async () => {
        current = 'bar-pepe@pos.example.com';
        return { accountKey: current };
      },
    });
    const scopes = createAccountScopes(root);
    const demoData = ownAccountData(scopes.current().bridge);
    await vi.waitFor(() => expect(slowOnce).toBe(false)); // the demo's rooms request is out
    await scopes.switchAccount({ account: { mode: 'demo' }, syncEveryMinutes: 15 });
    slowRooms.resolve(); // now the server answers that request, as bar-pepe
    const demoDb = await demoData;
    const pepeDb = await ownAccountData(scopes.current().bridge);

    expect(await demoDb.table('rooms').toArray()).toEqual([]);
    expect((await pepeDb.table('rooms').toArray()).map((r: Stored) => r.name)).toEqual(['Terraza Pepe']);
    expect(pepeDb.name).toBe('scope-test-bar-pepe@pos.example.com');
  });
});
