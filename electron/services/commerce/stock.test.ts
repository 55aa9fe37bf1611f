import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../shared/bridge';
import { DEMO_ACCOUNT, startSandbox, type RunningSandbox } from '../../sandbox';
import { ServiceError } from '../bridge/dispatcher';
import { createGateway, type Gateway } from '../gateway';
import { STOCK_SETTINGS_FILE, stockHandlers } from './stock';
import { failureOf } from '../../../shared/testing/failureOf.testing';

let sandbox: RunningSandbox;
let dataDir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'comanda-stock-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const gatewayAt = (baseUrl: string): Gateway => createGateway({ baseUrl, secrets: async () => DEMO_ACCOUNT, timeoutMs: 5000 });

async function handlersFor(options: { accountKey?: string; gateway?: Gateway } = {}) {
  const events: BridgeEvent[] = [];
  const logs: string[] = [];
  const handlers = stockHandlers({
    gateway: options.gateway ?? gatewayAt(sandbox.url),
    dataDir,
    accountKey: options.accountKey ?? 'demo',
    emit: (event) => events.push(event),
    log: (line) => logs.push(line),
  });
  return { handlers, events, logs };
}

/** A port nothing listens on: the vendor is unreachable. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe('setItemStock', () => {
  it('sets the stock at the vendor (86 = 0, then put back), and tells every window', async () => {
    const { handlers, events } = await handlersFor();
    const vendor = gatewayAt(sandbox.url);
    const row = (await vendor.listStocks(1)).find((stock) => stock.quantity > 0)!;
    expect(row).toBeDefined();

    const zero = await handlers.setItemStock({ warehouseId: 1, itemId: row.item_id, quantity: 0 });
    expect(zero).toEqual({ stock: { warehouseId: 1, itemId: row.item_id, quantity: 0 } });
    expect((await vendor.listStocks(1)).find((stock) => stock.item_id === row.item_id)?.quantity).toBe(0);
    expect(events).toEqual([{ type: 'stock-changed', stock: { warehouseId: 1, itemId: row.item_id, quantity: 0 } }]);

    await handlers.setItemStock({ warehouseId: 1, itemId: row.item_id, quantity: 5 });
    expect((await vendor.listStocks(1)).find((stock) => stock.item_id === row.item_id)?.quantity).toBe(5);
    expect(events.at(-1)).toEqual({ type: 'stock-changed', stock: { warehouseId: 1, itemId: row.item_id, quantity: 5 } });
  });

  it('fails with the vendor’s reason as a code when it refuses, and announces nothing', async () => {
    const { handlers, events } = await handlersFor();
    const failure = await failureOf(handlers.setItemStock({ warehouseId: 1, itemId: 999_999, quantity: 0 }), ServiceError);
    expect(failure.info.kind).toBe('invalid');
    expect(failure.info.params?.said).toMatch(/999999/);
    const unknownWarehouse = await failureOf(handlers.setItemStock({ warehouseId: 9_999, itemId: 1, quantity: 0 }), ServiceError);
    expect(unknownWarehouse.info.kind).toBe('not-found');
    expect(events).toEqual([]);
  });

  it('is online only: with the vendor unreachable it fails `offline` at once and changes nothing', async () => {
    const { handlers, events } = await handlersFor({ gateway: gatewayAt(`http://127.0.0.1:${await closedPort()}`) });
    const failure = await failureOf(handlers.setItemStock({ warehouseId: 1, itemId: 1, quantity: 0 }), ServiceError);
    expect(failure.info.kind).toBe('offline');
    expect(failure.info.code).toBeTruthy();
    expect(events).toEqual([]);
  });
});

describe('stock settings', () => {
  it('has no warehouse until one is saved, then keeps it per account in one file written 0600', async () => {
    const demo = await handlersFor({ accountKey: 'demo' });
    const other = await handlersFor({ accountKey: 'pepe@pos.example:8443' });
    expect(await demo.handlers.getStockSettings({})).toEqual({ warehouseId: null });

    expect(await demo.handlers.saveStockSettings({ warehouseId: 2 })).toEqual({ warehouseId: 2 });
    await other.handlers.saveStockSettings({ warehouseId: 7 });
    expect(await demo.handlers.getStockSettings({})).toEqual({ warehouseId: 2 });
    expect(await other.handlers.getStockSettings({})).toEqual({ warehouseId: 7 });

    // "None" is a choice too.
    await demo.handlers.saveStockSettings({ warehouseId: null });
    expect(await demo.handlers.getStockSettings({})).toEqual({ warehouseId: null });
    expect(await other.handlers.getStockSettings({})).toEqual({ warehouseId: 7 });

    const path = join(dataDir, STOCK_SETTINGS_FILE);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({
      version: 1,
      accounts: { demo: { warehouseId: null }, 'pepe@pos.example:8443': { warehouseId: 7 } },
    });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('saves made at the same time all land (one after another)', async () => {
    const keys = ['a', 'b', 'c', 'd', 'e'];
    const all = await Promise.all(keys.map((accountKey) => handlersFor({ accountKey })));
    await Promise.all(all.map(({ handlers }, index) => handlers.saveStockSettings({ warehouseId: index + 1 })));
    for (const [index, { handlers }] of all.entries()) expect(await handlers.getStockSettings({})).toEqual({ warehouseId: index + 1 });
  });

  it.each([
    ['not JSON', '{"version": 1, "accounts": {"demo": {"warehouseId": 3'],
    ['the wrong shape', JSON.stringify({ version: 1, accounts: { demo: { warehouseId: 'three' } } })],
    ['an unknown version', JSON.stringify({ version: 2, accounts: { demo: { warehouseId: 3 } } })],
  ])('reads a damaged file (%s) as no warehouse, logs it, and the next save replaces it', async (_what, text) => {
    const { handlers, logs } = await handlersFor();
    await writeFile(join(dataDir, STOCK_SETTINGS_FILE), text);
    expect(await handlers.getStockSettings({})).toEqual({ warehouseId: null });
    expect(logs.join('\n')).toMatch(/damaged/);
    await handlers.saveStockSettings({ warehouseId: 1 });
    expect(await handlers.getStockSettings({})).toEqual({ warehouseId: 1 });
  });
});
