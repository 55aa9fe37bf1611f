import { connect, createServer, type Socket } from 'node:net';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOP_WEBHOOK_SETTINGS,
  type BridgeEvent,
  type ShopWebhookSettings,
  type WebhookLogEntry,
  type WebhookRefused,
} from '../../../../shared/bridge';
import { DEMO_SHOP } from '../../../sandbox/retail';
import { deliveryBody, signBody } from '../../../sandbox/retail/webhooks';
import { createFileWebhookVault } from '../../secrets/vault.file';
import { GatewayError } from '../../gateway/errors';
import { createRetailGateway, type RetailGateway } from '../gateway';
import { createRetailLimiter } from '../limiter';
import { createShopWebhooks, type ShopWebhooks } from './service';
import { useDemoShopSandbox } from '../../../sandbox/retail/demoShop.testing';

// The shop's webhook receiver against the real retail sandbox serving the demo shop: its webhooks deliver
// to the receiver over HTTP, signed with the account's secret; the sandbox's own API makes the
// changes. Forged, unsigned and repeated deliveries change nothing.

const sandbox = useDemoShopSandbox({ webhooks: { timeScale: 0.001, timeoutMs: 10_000 } });

const open: ShopWebhooks[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((w) => w.close()));
  sandbox().webhooks.reset();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const headers = { username: DEMO_SHOP.username, authorization: `Bearer ${DEMO_SHOP.accessToken}`, 'content-type': 'application/json' };

async function until<T>(read: () => T | undefined | null | false, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Opened {
  webhooks: ShopWebhooks;
  events: BridgeEvent[];
  lines: string[];
  url: string;
  dataDir: string;
  fetched: number[];
  settings: { value: ShopWebhookSettings };
}

/** A receiver for the demo shop on a free loopback port, its secret the sandbox's (registered first). */
async function openReceiver(
  options: { dataDir?: string; secret?: string | null; username?: string; idleTimeoutMs?: number; readsFail?: boolean } = {},
): Promise<Opened> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'comanda-webhooks-')));
  if (!options.dataDir) dirs.push(dataDir);
  const events: BridgeEvent[] = [];
  const lines: string[] = [];
  const fetched: number[] = [];
  const real = createRetailGateway({
    baseUrl: sandbox().url,
    username: DEMO_SHOP.username,
    token: async () => DEMO_SHOP.accessToken,
    limiter: createRetailLimiter(),
    timeoutMs: 5_000,
  });
  const gateway: Pick<RetailGateway, 'getProduct'> = {
    getProduct: (id, o) => {
      fetched.push(id);
      if (options.readsFail)
        return Promise.reject(new GatewayError({ kind: 'server-error', text: { code: 'server-error' }, endpoint: 'catalog/products/{id}', status: 503 }));
      return real.getProduct(id, o);
    },
  };
  const settings = { value: { ...DEFAULT_SHOP_WEBHOOK_SETTINGS, enabled: true, port: 0 } };
  const webhooks = createShopWebhooks({
    dataDir,
    accountKey: 'shop:demo',
    username: options.username ?? DEMO_SHOP.username,
    gateway,
    settings: { get: () => settings.value, save: async (next) => (settings.value = next) },
    vault: createFileWebhookVault(dataDir),
    emit: (event) => events.push(event),
    log: (line) => lines.push(line),
    bindRetryMs: 300,
    ...(options.idleTimeoutMs !== undefined ? { idleTimeoutMs: options.idleTimeoutMs } : {}),
  });
  open.push(webhooks);
  await webhooks.start();
  if (options.secret) await webhooks.handlers.saveShopWebhooks({ settings: settings.value, secret: options.secret });
  const status = await webhooks.handlers.getShopWebhooks({});
  expect(status.receiver.state).toBe('listening');
  return { webhooks, events, lines, url: status.receiver.urls[0]!, dataDir, fetched, settings };
}

/** Registers a webhook at the sandbox for the demo shop: its secret. */
function register(url: string, event: 'product.*' | 'customer.*' | 'order.closed' | 'payment.updated'): string {
  return sandbox().webhooks.service.add({ username: DEMO_SHOP.username, url, event, active: true }).secret;
}

/** A product of the demo shop sold by the unit (not a variant master). */
function plainProduct(): { id: number; price: number; name: string } {
  const account = sandbox().app.state.account(DEMO_SHOP.username)!;
  const product = account.products.find((p) => p.type === 0 && p.active && !p.usesWeight)!;
  return { id: product.id, price: product.price, name: product.name };
}

async function setPrice(productId: number, price: string): Promise<void> {
  const answer = await fetch(`${sandbox().url}/api/external/catalog/products/${productId}`, { method: 'POST', headers, body: JSON.stringify({ price }) });
  expect(answer.status).toBe(200);
}

async function post(url: string, body: string, signature?: string): Promise<number> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === undefined ? {} : { 'X-Service-Hmac-SHA256': signature }) },
    body,
  });
  await answer.text();
  return answer.status;
}

const productEvents = (events: BridgeEvent[]) =>
  events.filter((e): e is Extract<BridgeEvent, { type: 'shop-product-changed' }> => e.type === 'shop-product-changed');
const log = async (opened: Opened): Promise<WebhookLogEntry[]> => (await opened.webhooks.handlers.getShopWebhookLog({})).entries;
const refusedCount = async (opened: Opened): Promise<WebhookRefused> => (await opened.webhooks.handlers.getShopWebhookLog({})).refused;

describe('the shop’s webhook receiver against the retail sandbox', () => {
  it('product.updated: the product is read fresh by id and its new price reaches every window', async () => {
    const opened = await openReceiver();
    const secret = register(opened.url, 'product.*');
    await opened.webhooks.handlers.saveShopWebhooks({ settings: opened.settings.value, secret });
    const product = plainProduct();

    await setPrice(product.id, '23.45');
    const [changed] = await until(() => productEvents(opened.events).length > 0 && productEvents(opened.events), 'the product event');
    expect(changed).toMatchObject({ productId: product.id, product: { id: product.id, price: 2345, name: product.name } });
    expect(opened.fetched).toEqual([product.id]);
    await opened.webhooks.idle();
    const [entry] = await log(opened);
    expect(entry).toMatchObject({
      event: 'product.updated',
      verified: true,
      outcome: 'applied',
      change: { kind: 'product', id: product.id, name: product.name, removed: false },
    });
    expect(sandbox().webhooks.service.deliveries({ event: 'product.updated' })[0]).toMatchObject({ status: 'delivered', attempts: [{ httpStatus: 200 }] });
  });

  it('product.created is read fresh with its stocks; product.deleted removes it', async () => {
    const opened = await openReceiver();
    const secret = register(opened.url, 'product.*');
    await opened.webhooks.handlers.saveShopWebhooks({ settings: opened.settings.value, secret });
    const category = sandbox().app.state.account(DEMO_SHOP.username)!.categories[0]!;
    const created = await fetch(`${sandbox().url}/api/external/catalog/products`, {
      method: 'POST',
      headers,
      body: JSON.stringify([{ name: 'Gorra webhook', category_id: category.id, price: '9.90', usesStockManagement: true }]),
    });
    expect(created.status).toBe(201);
    const [{ id }] = (await created.json()) as [{ id: number }];
    const added = await until(() => productEvents(opened.events).find((e) => e.productId === id), 'the created product');
    expect(added.product).toMatchObject({ id, name: 'Gorra webhook', price: 990, stocks: [] });
    expect(opened.fetched).toEqual([id]);

    const deleted = await fetch(`${sandbox().url}/api/external/catalog/products/${id}`, { method: 'DELETE', headers });
    expect(deleted.status).toBe(200);
    const removed = await until(() => productEvents(opened.events).find((e) => e.productId === id && e.product === null), 'the removal');
    expect(removed).toEqual({ type: 'shop-product-changed', productId: id, product: null });
    await opened.webhooks.idle();
    expect((await log(opened))[0]).toMatchObject({ event: 'product.deleted', outcome: 'applied', change: { kind: 'product', id, removed: true } });
  });

  it('a forged or missing signature is answered 401 and changes nothing; it is counted, not logged', async () => {
    const opened = await openReceiver();
    const secret = register(opened.url, 'product.*');
    await opened.webhooks.handlers.saveShopWebhooks({ settings: opened.settings.value, secret });
    const product = plainProduct();
    const body = deliveryBody(DEMO_SHOP.username, 'product.updated', { id: product.id, name: 'Forged', category_id: 1, price: '0.01' });

    expect(await post(opened.url, body, signBody(body, 'not-the-secret'))).toBe(401);
    expect(await post(opened.url, body)).toBe(401);
    // Signed right, but for another body.
    expect(await post(opened.url, body, signBody(`${body}x`, secret))).toBe(401);
    await opened.webhooks.idle();
    expect(opened.events.filter((e) => e.type !== 'shop-webhook-logged')).toEqual([]);
    expect(await log(opened)).toEqual([]);
    expect(await refusedCount(opened)).toMatchObject({
      total: 3,
      byReason: { 'signature-wrong': 2, 'signature-missing': 1, 'no-secret': 0, 'not-a-delivery': 0 },
    });
  });

  it('a repeated delivery (same body) is answered 200 and done once — also after a restart', async () => {
    const first = await openReceiver();
    const secret = register(first.url, 'product.*');
    await first.webhooks.handlers.saveShopWebhooks({ settings: first.settings.value, secret });
    const product = plainProduct();
    await setPrice(product.id, '31.00');
    await until(() => productEvents(first.events).length === 1, 'the first delivery');
    const [delivery] = sandbox().webhooks.service.deliveries({ event: 'product.updated' });

    expect(await post(first.url, delivery!.body, delivery!.signature)).toBe(200);
    await first.webhooks.idle();
    expect(productEvents(first.events)).toHaveLength(1);
    expect((await log(first))[0]).toMatchObject({ outcome: 'repeated', verified: true, event: 'product.updated' });

    // A restart (same data folder) still knows it.
    await first.webhooks.close();
    const again = await openReceiver({ dataDir: first.dataDir });
    expect(await post(again.url, delivery!.body, delivery!.signature.toUpperCase())).toBe(200);
    await again.webhooks.idle();
    expect(productEvents(again.events)).toEqual([]);
    expect((await log(again))[0]).toMatchObject({ outcome: 'repeated' });
  });

  it('order.closed and payment.updated make the reports stale; another account’s delivery does nothing', async () => {
    const opened = await openReceiver();
    const secret = register(opened.url, 'order.closed');
    await opened.webhooks.handlers.saveShopWebhooks({ settings: opened.settings.value, secret });
    for (const event of ['order.closed', 'payment.updated']) {
      const body = deliveryBody(DEMO_SHOP.username, event, { id: 1, total: '10.00' });
      expect(await post(opened.url, body, signBody(body, secret))).toBe(200);
    }
    const other = deliveryBody('demo-shop-child', 'product.deleted', { id: 5 });
    expect(await post(opened.url, other, signBody(other, secret))).toBe(200);
    const turn = deliveryBody(DEMO_SHOP.username, 'turn.closed', { id: 3 });
    expect(await post(opened.url, turn, signBody(turn, secret))).toBe(200);
    await opened.webhooks.idle();
    expect(opened.events.filter((e) => e.type !== 'shop-webhook-logged')).toEqual([{ type: 'shop-reports-stale' }, { type: 'shop-reports-stale' }]);
    expect((await log(opened)).map((e) => e.outcome)).toEqual(['ignored', 'other-account', 'applied', 'applied']);
    expect(opened.lines.join('\n')).toMatch(/demo-shop-child/);
  });

  it('refuses every delivery while no secret is saved, and says so in Settings', async () => {
    const opened = await openReceiver();
    const status = await opened.webhooks.handlers.getShopWebhooks({});
    expect(status).toMatchObject({ secretSaved: false, secretProblem: { code: 'webhook-secret-missing' } });
    const body = deliveryBody(DEMO_SHOP.username, 'product.deleted', { id: 5 });
    expect(await post(opened.url, body, signBody(body, 'anything'))).toBe(401);
    await opened.webhooks.idle();
    expect(await log(opened)).toEqual([]);
    expect(await refusedCount(opened)).toMatchObject({ total: 1, byReason: { 'no-secret': 1 } });
  });

  it('answers only POST with a form at its path, and refuses a body over the limit with 413', async () => {
    const opened = await openReceiver({ secret: 'x'.repeat(64) });
    const base = opened.url.replace(/\/retail-webhooks$/, '');
    expect((await fetch(`${base}/other`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(opened.url)).status).toBe(405);
    expect((await fetch(opened.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(415);
    expect(await post(opened.url, 'data='.padEnd(1024 * 1024 + 10, 'x'), 'f'.repeat(64))).toBe(413);
    await opened.webhooks.idle();
    expect(await log(opened)).toEqual([]);
    // The other path is not the receiver's; the other three were not deliveries.
    expect(await refusedCount(opened)).toMatchObject({ total: 3, byReason: { 'not-a-delivery': 3 } });
  });

  it('keeps the secret in the vault only: never in settings, the log or the journal', async () => {
    const secret = 'the-webhook-secret-0123456789abcdef';
    const opened = await openReceiver({ secret });
    const body = deliveryBody(DEMO_SHOP.username, 'turn.closed', { id: 1 });
    expect(await post(opened.url, body, signBody(body, secret))).toBe(200);
    await opened.webhooks.idle();
    expect(JSON.stringify(await opened.webhooks.handlers.getShopWebhooks({}))).not.toContain(secret);
    expect(JSON.stringify(opened.settings.value)).not.toContain(secret);
    expect(opened.lines.join('\n')).not.toContain(secret);
    const files = await readdir(join(opened.dataDir, 'webhooks'));
    for (const file of files) expect(await readFile(join(opened.dataDir, 'webhooks', file), 'utf8')).not.toContain(secret);
    expect(await readFile(join(opened.dataDir, 'credentials.webhook.json'), 'utf8')).toContain(secret);
  });

  it('says the port is in use instead of failing the account, and listens once it is free', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const opened = await openReceiver();
    const saved = await opened.webhooks.handlers.saveShopWebhooks({ settings: { ...opened.settings.value, port } });
    expect(saved.receiver).toEqual({ state: 'failed', urls: [], problem: { code: 'webhook-port-in-use', params: { host: '127.0.0.1', port } } });
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
    const retried = await opened.webhooks.handlers.saveShopWebhooks({ settings: { ...opened.settings.value, port } });
    expect(retried.receiver).toEqual({ state: 'listening', urls: [`http://127.0.0.1:${port}/retail-webhooks`], problem: null });
    const off = await opened.webhooks.handlers.saveShopWebhooks({ settings: { ...opened.settings.value, enabled: false } });
    expect(off.receiver.state).toBe('off');
  }, 30_000);
});

describe('replays, forgeries and silent sockets', () => {
  it('a captured product.updated replayed once the journal forgot it does not roll the price back (25,00 stays)', async () => {
    const first = await openReceiver();
    const secret = register(first.url, 'product.*');
    await first.webhooks.handlers.saveShopWebhooks({ settings: first.settings.value, secret });
    const product = plainProduct();
    await setPrice(product.id, '1.00');
    await until(() => productEvents(first.events).some((e) => e.product?.price === 100), 'the 1,00 delivery');
    const captured = sandbox()
      .webhooks.service.deliveries({ event: 'product.updated' })
      .find((d) => d.body.includes('1.00'))!;
    await setPrice(product.id, '25.00');
    await until(() => productEvents(first.events).some((e) => e.product?.price === 2500), 'the 25,00 delivery');
    await first.webhooks.close();

    // A fresh journal: as after 2,000 newer deliveries or 7 days, the captured body is new to it.
    const later = await openReceiver({ secret });
    expect(await post(later.url, captured.body, captured.signature)).toBe(200);
    await later.webhooks.idle();
    expect(productEvents(later.events)).toEqual([{ type: 'shop-product-changed', productId: product.id, product: expect.objectContaining({ price: 2500 }) }]);
    expect(later.fetched).toEqual([product.id]);
  });

  it('product.deleted for a product that still exists deletes nothing (the read says it is there)', async () => {
    const secret = 'a-secret-for-the-deleted-test-0123';
    const opened = await openReceiver({ secret });
    const product = plainProduct();
    const body = deliveryBody(DEMO_SHOP.username, 'product.deleted', { id: product.id, name: product.name });
    expect(await post(opened.url, body, signBody(body, secret))).toBe(200);
    await opened.webhooks.idle();
    const changes = productEvents(opened.events);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.product).toMatchObject({ id: product.id, name: product.name });
    expect((await log(opened))[0]).toMatchObject({ event: 'product.deleted', outcome: 'applied', change: { kind: 'product', id: product.id, removed: false } });
  });

  it('a product.updated whose product cannot be read changes nothing (its data is not applied)', async () => {
    const secret = 'a-secret-for-the-unread-test-01234';
    const opened = await openReceiver({ secret, readsFail: true });
    const product = plainProduct();
    const body = deliveryBody(DEMO_SHOP.username, 'product.updated', { id: product.id, name: product.name, price: '0.01' });
    expect(await post(opened.url, body, signBody(body, secret))).toBe(200);
    await opened.webhooks.idle();
    expect(productEvents(opened.events)).toEqual([]);
    expect((await log(opened))[0]).toMatchObject({ event: 'product.updated', outcome: 'failed', reason: 'fetch-failed' });
  });

  it('120 forged deliveries leave the real log intact and are counted', async () => {
    const opened = await openReceiver();
    const secret = register(opened.url, 'product.*');
    await opened.webhooks.handlers.saveShopWebhooks({ settings: opened.settings.value, secret });
    const product = plainProduct();
    await setPrice(product.id, '12.34');
    await until(() => productEvents(opened.events).length === 1, 'the real delivery');
    await opened.webhooks.idle();
    const real = await log(opened);
    expect(real).toHaveLength(1);

    for (let i = 0; i < 120; i++) {
      const body = deliveryBody(DEMO_SHOP.username, 'product.updated', { id: product.id, name: `Forged ${i}`, price: '0.01' });
      expect(await post(opened.url, body, signBody(body, `wrong-${i}`))).toBe(401);
    }
    await opened.webhooks.idle();
    expect(await log(opened)).toEqual(real);
    expect(await refusedCount(opened)).toMatchObject({ total: 120, byReason: { 'signature-wrong': 120 } });
    expect(productEvents(opened.events)).toHaveLength(1);
  });

  it('64 silent sockets do not keep a real delivery out, and the receiver closes them', async () => {
    const opened = await openReceiver({ idleTimeoutMs: 400 });
    const secret = register(opened.url, 'product.*');
    await opened.webhooks.handlers.saveShopWebhooks({ settings: opened.settings.value, secret });
    const { hostname, port } = new URL(opened.url);
    const closed = new Set<Socket>();
    const silent = await Promise.all(
      Array.from(
        { length: 64 },
        () =>
          new Promise<Socket>((resolve, reject) => {
            const socket = connect({ host: hostname, port: Number(port) });
            socket.once('connect', () => resolve(socket));
            socket.once('error', reject);
            socket.on('error', () => undefined);
            socket.once('close', () => closed.add(socket));
          }),
      ),
    );
    try {
      const product = plainProduct();
      await setPrice(product.id, '17.50');
      const [changed] = await until(() => productEvents(opened.events).length > 0 && productEvents(opened.events), 'the delivery past the silent sockets');
      expect(changed!.product).toMatchObject({ price: 1750 });
      expect(sandbox().webhooks.service.deliveries({ event: 'product.updated' })[0]).toMatchObject({ status: 'delivered' });
      await until(() => silent.every((socket) => closed.has(socket)), 'every silent socket closed by the receiver');
    } finally {
      for (const socket of silent) socket.destroy();
    }
  });
});
