import { mkdir } from 'node:fs/promises';
import { analyze } from './support/screens';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { retailGet, type Wire } from './support/shop';
import { expect, test } from './support/shopFixtures';
import { WebhooksSettings } from './pages/shop/WebhooksSettings';

// The webhooks, proven in the browser shell on a shop account with the receiver enabled in
// settings.json (loopback, a free port): a webhook registered at the vendor's retail sandbox
// (its control API, as the vendor's webhooks page would) points at the URL Settings shows, and the
// secret the sandbox generated is typed into Settings. Then a price changed through the retail
// API reaches the till without a sync (the header's last sync unchanged, and the sandbox counted
// no catalog request but the change itself and the receiver's read of the product: a delivery's
// `data` is not taken as the product's state); a forged signature changes nothing and is counted,
// not logged; a repeated delivery changes nothing twice (an older price replayed after a newer one
// leaves the newer). The referee is the sandbox: its API, its request counts and delivery log.

test.use({ actionTimeout: 20_000, shopSetup: { webhookReceiver: true } });

const SHOTS = '/tmp/shots/webhooks';
const SHOP_HEADERS = { username: 'demo-shop', Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' };

interface Delivery {
  id: number;
  event: string;
  status: string;
  body: string;
  signature: string;
  attempts: { httpStatus: number | null }[];
}

async function deliveries(retailUrl: string, event: string): Promise<Delivery[]> {
  const answer = await controlRequest<{ deliveries: Delivery[] }>(retailUrl, `/__sandbox/retail/webhooks/deliveries?username=demo-shop&event=${event}`);
  expect(answer.status).toBe(200);
  return answer.body.deliveries;
}

async function catalogRequests(retailUrl: string): Promise<number> {
  const answer = await controlRequest<{ requests: { catalog: number } }>(retailUrl, '/__sandbox/stats');
  expect(answer.status).toBe(200);
  return answer.body.requests.catalog;
}

async function setPrice(retailUrl: string, productId: number, price: string): Promise<void> {
  const answer = await fetch(`${retailUrl}/api/external/catalog/products/${productId}`, {
    method: 'POST',
    headers: SHOP_HEADERS,
    body: JSON.stringify({ price }),
  });
  expect(answer.status, await answer.text()).toBe(200);
}

async function postToReceiver(url: string, body: string, signature: string): Promise<number> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Service-Hmac-SHA256': signature },
    body,
  });
  await answer.text();
  return answer.status;
}

const euros = (price: string) => `€${price}`;

test('a price changed at the shop reaches the till through a webhook, without a sync; forged and repeated deliveries change nothing', async ({
  vendor: { retailUrl },
  openShop,
}) => {
  await mkdir(SHOTS, { recursive: true });
  const till = await openShop();
  const { page } = till;
  const section = new WebhooksSettings(page);

  // A plain product of the demo shop (sold by the unit), found by its reference.
  const plain = (p: Wire) =>
    Number(p.type) === 0 &&
    Boolean(p.active) &&
    !p.usesWeight &&
    typeof p.reference === 'string' &&
    p.reference !== '' &&
    !['23.45', '24.50'].includes(String(p.price));
  let product: Wire | undefined;
  for (let pageNo = 1; product === undefined; pageNo++) {
    const listed = await retailGet<{ data: Wire[]; last_page: number }>(retailUrl, `catalog/products?pagination=200&page=${pageNo}`);
    product = listed.data.find(plain);
    if (pageNo >= listed.last_page) break;
  }
  if (product === undefined) throw new Error('the demo shop has no plain product with a reference');
  const productId = Number(product.id);

  // Settings: the receiver listens; its URL is registered at the retail service, its secret typed here.
  await section.open();
  await expect(section.receiver).toHaveAttribute('data-state', 'listening');
  const receiverUrl = await section.receiverUrl();
  expect(receiverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/retail-webhooks$/);
  const registered = await controlRequest<{ id: number; secret: string }>(retailUrl, '/__sandbox/retail/webhooks', {
    body: { username: 'demo-shop', url: receiverUrl, event: 'product.*' },
  });
  expect(registered.status).toBe(201);
  await section.saveSecret(registered.body.secret);
  await section.backToTill();

  // The product on the till, with its price as synced.
  const card = (await till.find(String(product.reference), productId)).root;
  const status = till.header.syncStatus;
  await expect(status).toHaveClass(/sync-status--synced/);
  const lastSync = await status.textContent();
  const catalogBefore = await catalogRequests(retailUrl);

  // The price changes at the shop: the till shows it without a sync.
  const started = Date.now();
  await setPrice(retailUrl, productId, '23.45');
  await expect(card).toContainText(euros('23.45'), { timeout: 15_000 });
  const shownAfterMs = Date.now() - started;
  test.info().annotations.push({ type: 'latency', description: `price on the till ${shownAfterMs} ms after the API call answered` });
  console.log(`webhooks e2e: the new price showed ${shownAfterMs} ms after the change`);
  await expect(status).toHaveText(lastSync!);
  await expect(status).toHaveClass(/sync-status--synced/);
  // Only the change and the receiver's read of that one product reached the catalog paths (no sync).
  expect(await catalogRequests(retailUrl)).toBe(catalogBefore + 2);
  const [first] = await deliveries(retailUrl, 'product.updated');
  expect(first).toMatchObject({ status: 'delivered', attempts: [{ httpStatus: 200 }] });

  // A forged delivery (a price of 0.01, signed with another key) is refused and changes nothing.
  const forged = new URLSearchParams({ username: 'demo-shop', event: 'product.updated', data: JSON.stringify({ ...product, price: '0.01' }) }).toString();
  expect(await postToReceiver(receiverUrl, forged, 'ab'.repeat(32))).toBe(401);

  // A second change, then the first delivery again (the vendor retries): the newer price stays.
  await setPrice(retailUrl, productId, '24.50');
  await expect(card).toContainText(euros('24.50'));
  expect(await postToReceiver(receiverUrl, first!.body, first!.signature)).toBe(200);

  // The log says what happened, newest first: repeated, applied, applied; the forgery is counted below it.
  await section.open();
  const entries = section.entries;
  await expect(entries.first()).toHaveAttribute('data-outcome', 'repeated');
  await expect(entries).toHaveCount(3);
  expect(await section.outcomes()).toEqual([
    ['repeated', 'true'],
    ['applied', 'true'],
    ['applied', 'true'],
  ]);
  await expect(entries.nth(2)).toContainText(`Product “${String(product.name)}” (#${productId}) updated`);
  const refused = section.refused;
  await expect(refused).toHaveAttribute('data-total', '1');
  await expect(refused).toContainText('1 request refused');
  await expect(refused).toContainText('1 with a wrong signature');
  // The section passes axe (serious and critical rules).
  const axe = await analyze(page, '[data-testid="settings-webhooks"]');
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  await section.scrollTo(section.root, 'start');
  await page.screenshot({ path: `${SHOTS}/settings-webhooks-1280x800.png` });
  await section.root.screenshot({ path: `${SHOTS}/settings-webhooks-section-1280x800.png` });
  await section.scrollTo(section.log, 'center');
  await page.screenshot({ path: `${SHOTS}/settings-webhooks-log-1280x800.png` });

  await section.backToTill();
  await till.find(String(product.reference), productId);
  await expect(card).toContainText(euros('24.50'));
  await expect(card).not.toContainText(euros('23.45'));
  await expect(card).not.toContainText(euros('0.01'));
  expect(await catalogRequests(retailUrl)).toBe(catalogBefore + 4);
  await expect(status).toHaveText(lastSync!);
  // The service agrees.
  const served = await retailGet<Wire>(retailUrl, `catalog/products/${productId}`);
  expect(String(served.price)).toMatch(/^24\.50?$/);

  // Portrait (a till on its side): the same section.
  await page.setViewportSize({ width: 800, height: 1280 });
  await section.open();
  await section.scrollTo(section.root, 'start');
  await page.screenshot({ path: `${SHOTS}/settings-webhooks-800x1280.png` });
});
