import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { analyze } from './support/screens';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { useCleanup } from './support/cleanup';
import { startServe } from './support/processes';
import { SettingsPage } from './support/SettingsPage';
import { openWindow } from './support/terminal';

// The shop's catalog sync and stock on the demo shop (the browser shell with settings.json naming it; its
// own first sync fills the till, nothing is seeded): the shop's header says when the catalog was
// last synced, with the connection, "Sync now" and Pending orders; a cash sale lowers a product's
// stock on its card at once; a manager (behind the PIN) sets a product's stock, and the retail
// sandbox's own API — the referee — lists the new count; offline, nothing changes.

test.use({ actionTimeout: 30_000 });

const { running, contexts } = useCleanup();

const PIN = '2468';
const SHOTS = 'test-results/screens';
const RETAIL_HEADERS = { username: 'demo-shop', authorization: 'Bearer demo-token' };

interface Shop {
  page: Page;
  /** The embedded retail sandbox of the demo shop (its API and control routes). */
  retailUrl: string;
}

/** The browser shell on the demo shop, its first sync done (the till shows its groups). */
async function openShop(viewport = { width: 1280, height: 800 }): Promise<Shop> {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-shop-stock-'));
  await mkdir(dataDir, { recursive: true });
  await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ account: { mode: 'demo-shop' }, syncEveryMinutes: 60 }));
  const serve = await startServe(['--port', '0', '--data', dataDir]);
  running.push(serve);
  const page = await openWindow(serve.url, contexts, { viewport });
  await expect(page.getByTestId('till-groups').getByRole('tab').first()).toBeVisible({ timeout: 120_000 });
  // The main side says where it started the demo shop's sandbox before the shell's address.
  const retailUrl = /demo shop: embedded retail sandbox at (http:\/\/127\.0\.0\.1:\d+)/.exec(serve.output())?.[1];
  expect(retailUrl, serve.output()).toBeTruthy();
  return { page, retailUrl: retailUrl! };
}

interface WireProduct {
  id: number;
  name: string;
  type: number;
  active: boolean | number;
  usesStockManagement: boolean | number;
  usesWeight: boolean | number;
  barcode: string | null;
  reference: string | null;
  main_product_id: number | null;
  stocks?: { warehouse_id: number; quantity: string | number }[];
}

/** A GET of the retail API; a 429 (the till's sync shares the budget) is waited out. */
async function retailGet<T>(retailUrl: string, path: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const answer = await fetch(`${retailUrl}/api/external/${path}`, { headers: RETAIL_HEADERS });
    if (answer.status === 429 && attempt < 5) {
      const seconds = Number(answer.headers.get('retry-after') ?? '5');
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000));
      continue;
    }
    expect(answer.status, path).toBe(200);
    return (await answer.json()) as T;
  }
}

/** The referee: the product's stock on the shop floor (warehouse 1) as the sandbox's API lists it. */
async function floorStockOnServer(retailUrl: string, productId: number): Promise<number | null> {
  const product = await retailGet<WireProduct>(retailUrl, `catalog/products/${productId}?withStocks=1`);
  const row = (product.stocks ?? []).find((s) => s.warehouse_id === 1);
  return row === undefined ? null : Number(row.quantity);
}

/**
 * Products a card can show by themselves (plain ones, or variants found by their own barcode), not by
 * weight, counted on the shop floor with at least 3 — from the API's first page.
 */
async function stockedProducts(retailUrl: string): Promise<WireProduct[]> {
  const page = await retailGet<{ data: WireProduct[] }>(retailUrl, 'catalog/products?page=1&pagination=200&withStocks=1');
  return page.data.filter(
    (p) =>
      (p.type === 0 || p.type === 6) && Boolean(p.active) && Boolean(p.usesStockManagement) && !p.usesWeight && p.barcode !== null && Number(p.stocks?.find((s) => s.warehouse_id === 1)?.quantity ?? 0) >= 3,
  );
}

/** A product's card found by searching its barcode (the search lists it alone). */
async function findCard(page: Page, product: WireProduct): Promise<Locator> {
  const search = page.getByTestId('till-search');
  await search.fill(product.barcode!);
  const card = page.getByTestId('till-search-results').locator(`[data-testid="till-product"][data-product-id="${product.id}"]`);
  await expect(card).toBeVisible();
  return card;
}

async function tapPin(scope: Locator, pin: string) {
  for (const digit of pin) await scope.getByRole('button', { name: digit, exact: true }).tap();
}

/** Settings → Set PIN, then back to the till: the manager's actions now ask for it. */
async function setPin(page: Page) {
  const settings = new SettingsPage(page);
  await settings.open();
  await page.getByRole('button', { name: 'Set PIN' }).tap();
  const setup = page.getByTestId('pin-setup');
  await tapPin(setup, PIN);
  await setup.getByRole('button', { name: 'Next' }).tap();
  await tapPin(setup, PIN);
  await setup.getByTestId('pin-submit').tap();
  await expect(setup).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back to floor' })).toHaveCount(0);
  await settings.backToFloor();
  await expect(page.getByTestId('till')).toBeVisible();
}

/** Answers the PIN gate: its title says what it is for. */
async function answerPin(page: Page) {
  const gate = page.getByTestId('pin-dialog');
  await expect(gate.getByRole('heading', { name: 'Enter the PIN to set this product’s stock' })).toBeVisible();
  await tapPin(gate, PIN);
  await gate.getByTestId('pin-submit').tap();
  await expect(gate).toHaveCount(0);
}

/** Holds a button as a finger does (pointer down, the dialog it opens appears, pointer up). */
async function hold(target: Locator, appears: Locator) {
  const box = (await target.boundingBox())!;
  const at = { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, isPrimary: true, button: 0, pointerType: 'touch', bubbles: true };
  await target.dispatchEvent('pointerdown', at);
  await expect(appears).toBeVisible();
  await target.dispatchEvent('pointerup', at);
}

test('the shop’s header: last sync with its view and Sync now, the connection, Pending orders and back; no venue words', async () => {
  const { page } = await openShop();
  const header = page.locator('.app-header');
  const status = page.getByTestId('sync-status');
  await expect(status).toHaveClass(/sync-status--synced/);
  await expect(status).toContainText(/Catalog synced \d\d:\d\d/);
  await expect(page.getByTestId('connection-indicator')).toContainText('Online');
  await expect(page.getByTestId('pending-count')).toHaveText('0');
  await page.screenshot({ path: `${SHOTS}/shop-header-1280.png` });

  // The sync view: what the shop's catalog holds; Sync now runs a sync and "last sync" follows it.
  await status.tap();
  const panel = page.getByTestId('sync-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('sync-resource-products')).toContainText(/Products [\d,]+/);
  await expect(panel.getByTestId('sync-resource-promotions')).toBeVisible();
  await expect(panel.getByTestId('sync-progress')).toContainText('Up to date');
  await page.screenshot({ path: `${SHOTS}/shop-sync-panel-1280.png` });
  const before = await status.textContent();
  await panel.getByTestId('sync-now').tap();
  await expect(status).toHaveClass(/sync-status--syncing/);
  await expect(status).toHaveClass(/sync-status--synced/, { timeout: 120_000 });
  await expect(panel.getByTestId('sync-progress')).toContainText('Up to date');
  expect(await status.textContent()).toMatch(/Catalog synced \d\d:\d\d/);
  expect(before).toMatch(/Catalog synced \d\d:\d\d/);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // Pending orders, and back to the till.
  await page.getByTestId('pending-button').tap();
  await expect(page.getByTestId('pending-screen')).toBeVisible();
  await expect(page.getByTestId('pending-button')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Nothing pending: every order reached the POS')).toBeVisible();
  await page.getByRole('button', { name: 'Back to the till' }).tap();
  await expect(page.getByTestId('till')).toBeVisible();

  // Nothing the shop shows in its header speaks of tables, floors or venues.
  const words = `${await header.innerText()} ${await header.evaluate((h) => [...h.querySelectorAll('[aria-label], [title]')].map((e) => `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('title') ?? ''}`).join(' '))}`;
  expect(words).not.toMatch(/\b(table|tables|floor|venue)\b/i);

  await page.setViewportSize({ width: 800, height: 1280 });
  await expect(page.getByTestId('till')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shop-header-800.png` });
});

test('a cash sale lowers the product’s stock on its card at once; the shop’s count agrees once the invoice arrives', async () => {
  test.setTimeout(240_000);
  const { page, retailUrl } = await openShop();
  const [product] = await stockedProducts(retailUrl);
  expect(product, 'a product counted on the shop floor').toBeDefined();
  const before = Number(product!.stocks!.find((s) => s.warehouse_id === 1)!.quantity);

  const card = await findCard(page, product!);
  await expect(card).toHaveAttribute('data-stock', String(before));
  await expect(card.getByTestId('stock-mark')).toHaveText(String(before));

  // Two of it, paid in cash with a note handed over.
  await card.getByRole('button').tap();
  await card.getByRole('button').tap();
  await expect(page.locator(`[data-testid="till-line"][data-product-id="${product!.id}"]`)).toBeVisible();
  await page.getByTestId('till-pay').tap();
  const pay = page.getByTestId('sale-pay-dialog');
  await pay.getByRole('button', { name: /Cash$/ }).tap();
  await pay.getByTestId('sale-pay-submit').tap();
  await expect(pay.getByTestId('sale-pay-saved')).toBeVisible();
  // Closed (whatever the receipt beside it offers): the sale is saved.
  await page.keyboard.press('Escape');
  await expect(pay).toHaveCount(0);

  // At once, before any sync: the card says two fewer.
  await expect(card).toHaveAttribute('data-stock', String(before - 2));
  await expect(card.getByTestId('stock-mark')).toHaveText(String(before - 2));
  // The shop's own count, once the invoice is delivered (the queue leaves on its own).
  await expect.poll(() => floorStockOnServer(retailUrl, product!.id), { timeout: 90_000, intervals: [1_000, 2_000, 5_000] }).toBe(before - 2);
});

test('a manager sets a stock behind the PIN (keyboard on a card, holding a variant cell); the shop lists it; offline nothing changes', async () => {
  test.setTimeout(300_000);
  const { page, retailUrl } = await openShop();
  const [product] = await stockedProducts(retailUrl);
  await setPin(page);

  // The keyboard way: Shift+F10 on the focused card, then the PIN, then the dialog.
  const card = await findCard(page, product!);
  const before = Number(product!.stocks!.find((s) => s.warehouse_id === 1)!.quantity);
  await card.getByRole('button').focus();
  await page.keyboard.press('Shift+F10');
  await answerPin(page);
  const dialog = page.getByTestId('till-set-stock');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: `Set the stock of ${product!.name}` })).toBeVisible();
  await expect(dialog.getByTestId('till-set-stock-now')).toContainText(`Now: ${before} in stock`);
  await expect(dialog.getByTestId('till-keypad-field')).toBeFocused();
  await dialog.getByTestId('till-keypad-field').fill('4');
  await dialog.getByTestId('till-keypad-field').press('Backspace');
  await dialog.getByRole('button', { name: '4', exact: true }).tap();
  await dialog.getByRole('button', { name: '2', exact: true }).tap();
  await expect(dialog.getByTestId('till-keypad-field')).toHaveValue('42');
  await page.screenshot({ path: `${SHOTS}/shop-set-stock-1280.png` });
  await dialog.getByTestId('till-set-stock-submit').tap();
  await expect(dialog).toHaveCount(0);
  await expect(card).toHaveAttribute('data-stock', '42');
  await expect(card.getByRole('button')).toBeFocused();
  expect(await floorStockOnServer(retailUrl, product!.id)).toBe(42);

  // A wrong PIN: nothing opens. A fractional count for a product sold in units: refused here.
  await page.keyboard.press('Shift+F10');
  const gate = page.getByTestId('pin-dialog');
  await tapPin(gate, '1111');
  await gate.getByTestId('pin-submit').tap();
  await expect(gate.getByText('Wrong PIN. Try again.')).toBeVisible();
  await gate.getByRole('button', { name: 'Cancel' }).tap();
  await expect(dialog).toHaveCount(0);
  await page.keyboard.press('Shift+F10');
  await answerPin(page);
  await dialog.getByTestId('till-keypad-field').fill('1,5');
  await dialog.getByTestId('till-set-stock-submit').tap();
  await expect(dialog.getByText('Type a whole number of units, 0 or more.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).tap();

  // Holding a cell of a variant master's grid (a finger's long press).
  await page.getByTestId('till-search').fill('');
  const master = page.locator('[data-testid="till-product"]').filter({ hasText: 'Sizes & colours' }).first();
  await master.getByRole('button').tap();
  const grid = page.getByTestId('till-variants');
  const cell = grid.getByTestId('till-variant-cell').first();
  const variantId = Number(await cell.getAttribute('data-product-id'));
  await hold(cell, page.getByTestId('pin-dialog'));
  await answerPin(page);
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('till-keypad-field').fill('0');
  await dialog.getByTestId('till-set-stock-submit').tap();
  await expect(dialog).toHaveCount(0);
  // The grid marks it sold out at once; the basket did not get it (a hold is not a tap).
  await expect(cell).toHaveAttribute('data-sold-out', 'true');
  await expect(page.getByTestId('till-basket-empty')).toBeVisible();
  expect(await floorStockOnServer(retailUrl, variantId)).toBe(0);
  await grid.getByRole('button', { name: 'Cancel' }).tap();

  // Offline: the dialog says so, the set fails with a clear message and nothing changes.
  expect((await controlRequest(retailUrl, '/__sandbox/faults', { body: { offline: true } })).status).toBe(200);
  await expect(page.getByTestId('connection-indicator')).toContainText('Offline', { timeout: 60_000 });
  const again = await findCard(page, product!);
  await again.getByRole('button').focus();
  await page.keyboard.press('Shift+F10');
  await answerPin(page);
  await expect(dialog.getByText('The terminal is offline: a stock can only be set online.')).toBeVisible();
  await dialog.getByTestId('till-keypad-field').fill('7');
  await dialog.getByTestId('till-set-stock-submit').tap();
  await expect(dialog.getByTestId('till-set-stock-problem')).toContainText(/^(Not changed: the shop’s server cannot be reached|No answer from the shop’s server)/);
  await expect(dialog.getByTestId('till-set-stock-problem')).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/shop-set-stock-offline-1280.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).tap();
  await expect(again).toHaveAttribute('data-stock', '42');
  expect((await controlRequest(retailUrl, '/__sandbox/faults', { body: {} })).status).toBe(200);
  expect(await floorStockOnServer(retailUrl, product!.id)).toBe(42);
});

test('portrait 800 × 1280: the set-stock dialog fits', async () => {
  const { page, retailUrl } = await openShop({ width: 800, height: 1280 });
  const [product] = await stockedProducts(retailUrl);
  const card = await findCard(page, product!);
  // No PIN set: the dialog opens at once (as Settings does without a PIN).
  await card.getByRole('button').focus();
  await page.keyboard.press('Shift+F10');
  const dialog = page.getByTestId('till-set-stock');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('till-keypad-field').fill('12');
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(800);
  expect(box.y + box.height).toBeLessThanOrEqual(1280);
  await expect(dialog.getByTestId('till-set-stock-submit')).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/shop-set-stock-800.png` });
  // No serious or critical axe violation in the dialog, nor in the shop's header.
  for (const where of ['[data-testid="till-set-stock"]', '.app-header']) {
    const axe = await analyze(page, where);
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${where}: ${v.id}`)).toEqual([]);
  }
});
