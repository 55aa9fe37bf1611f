// The renderer's sync engine against the sandbox through the real gateway: the
// same records, pages and failures a terminal gets, minus only the IPC/HTTP hop of the bridge
// (replaced by the bridge's own output schema check). No timing is measured here: see the bench.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { demoHeaders } from '../../electron/sandbox/testing';
import { createGateway, fetchSyncPages, GatewayError, type Gateway } from '../../electron/services/gateway';
import { BridgeError, bridgeOperations, syncResourceNames, type BridgeClient, type SyncResource } from '../../shared/bridge';
import { testBridgeClient } from '../../renderer/src/bridge/testing';
import { recordStores, type CatalogDb } from '../../renderer/src/data/catalog/catalogDb';
import { openAccountDb, type ComandaDb } from '../../renderer/src/data/db';
import { readCurrentGeneration } from '../../renderer/src/data/catalog/generations';
import { SyncFailure, syncCatalog, type SyncSuccess } from '../../renderer/src/data/sync/sync';

const NO_RATE_LIMIT = { requestsPerMinute: 100_000 };

interface Terminal {
  bridge: BridgeClient;
  calls: Array<{ resource: SyncResource; page: number; warehouseId?: number }>;
  photos: string[][];
  /** Runs before each page request (the test's chance to inject a fault). */
  before: (index: number) => Promise<void>;
}

/** The main side as the renderer sees it: the handler's fetchSyncPages over the gateway, its errors as BridgeErrors. */
function terminalOver(gateway: Gateway): Terminal {
  const pageByPage: Pick<Gateway, 'fetchSyncPage'> = {
    async fetchSyncPage(input) {
      const index = terminal.calls.length;
      terminal.calls.push(input);
      await terminal.before(index);
      return gateway.fetchSyncPage(input);
    },
  };
  const terminal: Terminal = {
    calls: [],
    photos: [],
    before: async () => {},
    bridge: testBridgeClient({
      async fetchSyncPages({ pages }) {
        try {
          // Through JSON and the bridge's output schema, as over IPC or HTTP.
          return bridgeOperations.fetchSyncPages.output.parse(JSON.parse(JSON.stringify({ pages: await fetchSyncPages(pageByPage, pages) })));
        } catch (error) {
          if (error instanceof GatewayError) throw new BridgeError(error.toBridgeError());
          throw error;
        }
      },
      async syncImages({ photos }) {
        terminal.photos.push(photos);
        return { queued: photos.length, done: 0, failed: 0 };
      },
    }),
  };
  return terminal;
}

const gatewaySecrets = async () => ({ tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' });

function gatewayFor(sandbox: RunningSandbox): Gateway {
  return createGateway({
    baseUrl: sandbox.url,
    secrets: gatewaySecrets,
    timeoutMs: 10_000,
    requestsPerMinute: NO_RATE_LIMIT.requestsPerMinute,
  });
}

/** What the sandbox itself says it holds: `total` of each list (rooms, stocks per warehouse, …). */
async function sandboxTotals(sandbox: RunningSandbox): Promise<Record<string, number>> {
  const get = async (path: string) => {
    const response = await fetch(`${sandbox.url}/api/external/v2/${path}`, { headers: demoHeaders() });
    expect(response.status, path).toBe(200);
    return (await response.json()) as { total?: number; data?: unknown[] } | unknown[];
  };
  const totals: Record<string, number> = {};
  for (const resource of syncResourceNames) {
    if (resource === 'stocks' || resource === 'paymentMethods') continue;
    const path = resource === 'rooms' ? 'rooms?withTables=1' : ['customers', 'warehouses'].includes(resource) ? resource : `catalog/${resource}?pagination=1`;
    const body = (await get(path)) as { total: number; data: Array<{ tables?: unknown[] }> };
    totals[resource] = body.total;
  }
  totals.paymentMethods = ((await get('paymentMethods')) as unknown[]).length;
  const warehouses = (await get('warehouses?pagination=200')) as { data: Array<{ id: number }> };
  totals.stocks = 0;
  for (const warehouse of warehouses.data) totals.stocks += ((await get(`warehouses/${warehouse.id}?pagination=1`)) as { total: number }).total;
  return totals;
}

let counter = 0;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function account(): { accountKey: string; accountDb: ComandaDb; track: (result: SyncSuccess) => CatalogDb } {
  const accountKey = `it-${Date.now()}-${counter++}`;
  const accountDb = openAccountDb(accountKey);
  const opened: CatalogDb[] = [];
  cleanups.push(async () => {
    for (const db of opened) db.close();
    accountDb.close();
    for (const name of await Dexie.getDatabaseNames()) if (name.startsWith(`comanda-${accountKey}`)) await Dexie.delete(name);
  });
  return {
    accountKey,
    accountDb,
    track: (result) => {
      opened.push(result.db);
      return result.db;
    },
  };
}

async function storedCounts(db: CatalogDb): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const store of recordStores) counts[store] = await db[store].count();
  return counts;
}

function minimumRequests(totals: Record<string, number>, warehouseStocks: number[]): number {
  let sum = 0;
  for (const resource of syncResourceNames) {
    if (resource === 'stocks') continue;
    sum += Math.max(1, Math.ceil(totals[resource]! / (resource === 'rooms' ? 20 : 200)));
  }
  for (const stocks of warehouseStocks) sum += Math.max(1, Math.ceil(stocks / 200));
  return sum;
}

describe('catalog sync against the sandbox (demo venue)', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ limits: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('holds an exact copy: the record counts the sandbox reports, tables and photos included', async () => {
    const { accountKey, accountDb, track } = account();
    const terminal = terminalOver(gatewayFor(sandbox));
    const result = await syncCatalog({ bridge: terminal.bridge, accountKey, accountDb, log: () => {} });
    const db = track(result);

    const totals = await sandboxTotals(sandbox);
    const counts = await storedCounts(db);
    for (const resource of syncResourceNames) expect(counts[resource], resource).toBe(totals[resource]);
    const rooms = (await (await fetch(`${sandbox.url}/api/external/v2/rooms?withTables=1`, { headers: demoHeaders() })).json()) as {
      data: Array<{ tables: unknown[] }>;
    };
    expect(counts.floorTables).toBe(rooms.data.flatMap((room) => room.tables).length);
    expect(counts.items).toBeGreaterThan(100);

    const itemsWithPhoto = await db.items.filter((item) => typeof item.photo === 'string' && item.photo !== '').count();
    expect(itemsWithPhoto).toBeGreaterThan(0);
    expect(terminal.photos).toHaveLength(1);
    expect(terminal.photos[0]!.length).toBeGreaterThanOrEqual(itemsWithPhoto);
    expect(await readCurrentGeneration(accountDb)).toMatchObject({ n: 1, state: 'current' });
  });

  it('a connection lost mid-sync keeps the previous copy; a record deleted upstream vanishes on the next sync', async () => {
    const { accountKey, accountDb, track } = account();
    const headers = { ...demoHeaders(), 'content-type': 'application/json' };
    const created = (await (
      await fetch(`${sandbox.url}/api/external/v2/catalog/items`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Plato del día', price: 12.5, costPrice: 4, type: 0, category_id: await firstCategoryId(sandbox) }),
      })
    ).json()) as { id: number };
    const first = track(await syncCatalog({ bridge: terminalOver(gatewayFor(sandbox)).bridge, accountKey, accountDb, log: () => {} }));
    expect(await first.items.get(created.id)).toMatchObject({ name: 'Plato del día', price: 12.5 });
    const before = await storedCounts(first);

    // Deleted upstream, then the sandbox goes offline after 5 pages of the next sync.
    expect((await fetch(`${sandbox.url}/api/external/v2/catalog/items/${created.id}`, { method: 'DELETE', headers: demoHeaders() })).status).toBe(200);
    const faulty = terminalOver(gatewayFor(sandbox));
    faulty.before = async (index) => {
      if (index === 5) await control(sandbox, { offline: true });
    };
    const failure = await syncCatalog({ bridge: faulty.bridge, accountKey, accountDb, log: () => {} }).catch((error: unknown) => error);
    await control(sandbox, {});
    expect(failure).toBeInstanceOf(SyncFailure);
    expect((failure as SyncFailure).kind).toBe('connection');
    expect(await readCurrentGeneration(accountDb)).toMatchObject({ n: 1, state: 'current' });
    expect(await storedCounts(first)).toEqual(before);
    expect(await first.items.get(created.id)).toBeDefined();
    expect((await Dexie.getDatabaseNames()).filter((name) => name.startsWith(`comanda-${accountKey}-gen-`))).toEqual([`comanda-${accountKey}-gen-1`]);

    const next = await syncCatalog({ bridge: terminalOver(gatewayFor(sandbox)).bridge, accountKey, accountDb, log: () => {} });
    const third = track(next);
    expect(next.n).toBe(3);
    expect(await third.items.get(created.id)).toBeUndefined();
    expect(await third.items.count()).toBe(before.items! - 1);
  });
  it('a server whose pages lie (items: last page 5,000,000) fails on its first page; the previous copy stays', async () => {
    const { accountKey, accountDb, track } = account();
    const first = track(await syncCatalog({ bridge: terminalOver(gatewayFor(sandbox)).bridge, accountKey, accountDb, log: () => {} }));
    const before = await storedCounts(first);

    // The sandbox's own answers, with the items list rewritten on its way in.
    const lying: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const response = await fetch(request);
      if (!new URL(request.url).pathname.endsWith('/catalog/items')) return response;
      const body = (await response.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ ...body, last_page: 5_000_000 }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const terminal = terminalOver(
      createGateway({ baseUrl: sandbox.url, secrets: gatewaySecrets, timeoutMs: 10_000, requestsPerMinute: NO_RATE_LIMIT.requestsPerMinute, fetch: lying }),
    );
    const failure = await syncCatalog({ bridge: terminal.bridge, accountKey, accountDb, log: () => {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SyncFailure);
    expect(failure).toMatchObject({ kind: 'server', bridgeKind: 'invalid-response' });
    expect((failure as SyncFailure).detail).toContain('items page 1');
    expect((failure as SyncFailure).detail).toContain('GET catalog/items');
    expect(terminal.calls.filter((call) => call.resource === 'items')).toHaveLength(1);
    expect(await readCurrentGeneration(accountDb)).toMatchObject({ n: 1, state: 'current' });
    expect(await storedCounts(first)).toEqual(before);
  });
});

describe('catalog sync against the sandbox at --scale 20000', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ limits: NO_RATE_LIMIT, scale: 20_000 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('syncs a 20,000-item catalog completely, with the fewest requests possible', { timeout: 240_000 }, async () => {
    const { accountKey, accountDb, track } = account();
    const terminal = terminalOver(gatewayFor(sandbox));
    const result = await syncCatalog({ bridge: terminal.bridge, accountKey, accountDb, log: () => {} });
    const db = track(result);

    const totals = await sandboxTotals(sandbox);
    expect(totals.items).toBe(20_000);
    const counts = await storedCounts(db);
    for (const resource of syncResourceNames) expect(counts[resource], resource).toBe(totals[resource]);

    const stocksPerWarehouse = new Map<number, number>();
    for (const call of terminal.calls.filter((c) => c.resource === 'stocks')) stocksPerWarehouse.set(call.warehouseId!, 0);
    for (const id of stocksPerWarehouse.keys()) stocksPerWarehouse.set(id, await db.stocks.where('warehouse_id').equals(id).count());
    expect(terminal.calls).toHaveLength(minimumRequests(totals, [...stocksPerWarehouse.values()]));
    expect(terminal.calls.filter((c) => c.resource === 'items')).toHaveLength(100);

    const items = result.progress.resources.find((r) => r.resource === 'items')!;
    expect(items).toEqual({ resource: 'items', records: 20_000, total: 20_000, requests: 100, requestsTotal: 100, done: true });
    expect(new Set(terminal.photos[0]).size).toBe(terminal.photos[0]!.length);
  });
});

async function control(sandbox: RunningSandbox, faults: Record<string, unknown>): Promise<void> {
  expect((await controlRequest(sandbox.url, '/__sandbox/faults', { body: faults })).status).toBe(200);
}

async function firstCategoryId(sandbox: RunningSandbox): Promise<number> {
  const body = (await (await fetch(`${sandbox.url}/api/external/v2/catalog/categories?pagination=1`, { headers: demoHeaders() })).json()) as {
    data: Array<{ id: number }>;
  };
  return body.data[0]!.id;
}
