import { analyze } from './support/screens';
import { retailGet } from './support/shop';
import { SettingsPage } from './pages/SettingsPage';
import { expect, test } from './support/shopFixtures';
import { PinSetup } from './pages/shop/PinGate';
import type { ProductCard, TillPage } from './pages/shop/TillPage';

// Stock and the shop's sync on a shop (the vendor's retail sandbox, the browser shell on a shop
// account at it; its own first sync fills the till, nothing is seeded): the shop's header says when
// the catalog was last synced, with the connection, "Sync now" and Pending orders; a cash sale
// lowers a product's stock on its card at once; a manager (behind the PIN) sets a product's stock,
// and the retail sandbox's own API — the referee — lists the new count; offline, nothing changes.

test.use({ actionTimeout: 30_000 });

const PIN = '2468';
const SHOTS = 'test-results/screens';
const SET_STOCK = 'Enter the PIN to set this product’s stock';

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
      (p.type === 0 || p.type === 6) &&
      Boolean(p.active) &&
      Boolean(p.usesStockManagement) &&
      !p.usesWeight &&
      p.barcode !== null &&
      Number(p.stocks?.find((s) => s.warehouse_id === 1)?.quantity ?? 0) >= 3,
  );
}

/** A product's card found by searching its barcode (the search lists it alone). */
const findCard = (till: TillPage, product: WireProduct): Promise<ProductCard> => till.find(product.barcode!, product.id);

/** Settings → Set PIN, then back to the till: the manager's actions now ask for it. */
async function setPin(till: TillPage) {
  const settings = new SettingsPage(till.page);
  await settings.open();
  await new PinSetup(till.page).set(PIN);
  await expect(settings.backButton.filter({ hasText: 'Back to floor' })).toHaveCount(0);
  await settings.backToFloor();
  await expect(till.root).toBeVisible();
}

test('the shop’s header: last sync with its view and Sync now, the connection, Pending orders and back; no venue words', async ({ openShop }) => {
  const till = await openShop();
  const { page, header } = till;
  const status = header.syncStatus;
  await expect(status).toHaveClass(/sync-status--synced/);
  await expect(status).toContainText(/Catalog synced \d\d:\d\d/);
  await expect(header.connection).toContainText('Online');
  await expect(header.pendingCount).toHaveText('0');
  await page.screenshot({ path: `${SHOTS}/shop-header-1280.png` });

  // The sync view: what the shop's catalog holds; Sync now runs a sync and "last sync" follows it.
  const panel = await header.openSyncPanel();
  await expect(panel.resource('products')).toContainText(/Products [\d,]+/);
  await expect(panel.resource('promotions')).toBeVisible();
  await expect(panel.progress).toContainText('Up to date');
  await page.screenshot({ path: `${SHOTS}/shop-sync-panel-1280.png` });
  const before = await status.textContent();
  await panel.syncNow.tap();
  await expect(status).toHaveClass(/sync-status--syncing/);
  await expect(status).toHaveClass(/sync-status--synced/, { timeout: 120_000 });
  await expect(panel.progress).toContainText('Up to date');
  expect(await status.textContent()).toMatch(/Catalog synced \d\d:\d\d/);
  expect(before).toMatch(/Catalog synced \d\d:\d\d/);
  await panel.close();

  // Pending orders, and back to the till.
  const pending = await header.openPending();
  await expect(header.pendingButton).toHaveAttribute('aria-current', 'page');
  await expect(pending.nothingPending).toBeVisible();
  await pending.backToTill();
  await expect(till.root).toBeVisible();

  // Nothing the shop shows in its header speaks of tables, floors or venues.
  expect(await header.words()).not.toMatch(/\b(table|tables|floor|venue)\b/i);

  await page.setViewportSize({ width: 800, height: 1280 });
  await expect(till.root).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shop-header-800.png` });
});

test('a cash sale lowers the product’s stock on its card at once; the shop’s count agrees once the invoice arrives', async ({
  vendor: { retailUrl },
  openShop,
}) => {
  test.setTimeout(240_000);
  const till = await openShop();
  const [product] = await stockedProducts(retailUrl);
  expect(product, 'a product counted on the shop floor').toBeDefined();
  const before = Number(product!.stocks!.find((s) => s.warehouse_id === 1)!.quantity);

  const card = await findCard(till, product!);
  await expect(card.root).toHaveAttribute('data-stock', String(before));
  await expect(card.stockMark).toHaveText(String(before));

  // Two of it, paid in cash with a note handed over.
  await card.button.tap();
  await card.button.tap();
  await expect(till.line(product!.id).root).toBeVisible();
  await till.openPay();
  await till.pay.method(/Cash$/).tap();
  await till.pay.submit();
  // Closed (by what the receipt beside it offers): the sale is saved.
  await till.pay.closePaid();
  await expect(till.pay.root).toHaveCount(0);

  // At once, before any sync: the card says two fewer.
  await expect(card.root).toHaveAttribute('data-stock', String(before - 2));
  await expect(card.stockMark).toHaveText(String(before - 2));
  // The shop's own count, once the invoice is delivered (the queue leaves on its own).
  await expect.poll(() => floorStockOnServer(retailUrl, product!.id), { timeout: 90_000, intervals: [1_000, 2_000, 5_000] }).toBe(before - 2);
});

test('a manager sets a stock behind the PIN (keyboard on a card, holding a variant cell); the shop lists it; offline nothing changes', async ({
  vendor: { retailUrl, control },
  openShop,
}) => {
  test.setTimeout(300_000);
  const till = await openShop();
  const { page, setStock: dialog, pin: gate } = till;
  const [product] = await stockedProducts(retailUrl);
  await setPin(till);

  // The keyboard way: Shift+F10 on the focused card, then the PIN, then the dialog.
  const card = await findCard(till, product!);
  const before = Number(product!.stocks!.find((s) => s.warehouse_id === 1)!.quantity);
  await till.askToSetStock(card);
  await gate.answer(PIN, SET_STOCK);
  await expect(dialog.root).toBeVisible();
  await expect(dialog.title(`Set the stock of ${product!.name}`)).toBeVisible();
  await expect(dialog.now).toContainText(`Now: ${before} in stock`);
  await expect(dialog.field).toBeFocused();
  await dialog.field.fill('4');
  await dialog.field.press('Backspace');
  await dialog.tapKeys(['4', '2']);
  await expect(dialog.field).toHaveValue('42');
  await page.screenshot({ path: `${SHOTS}/shop-set-stock-1280.png` });
  await dialog.submit.tap();
  await expect(dialog.root).toHaveCount(0);
  await expect(card.root).toHaveAttribute('data-stock', '42');
  await expect(card.button).toBeFocused();
  expect(await floorStockOnServer(retailUrl, product!.id)).toBe(42);

  // A wrong PIN: nothing opens. A fractional count for a product sold in units: refused here.
  await page.keyboard.press('Shift+F10');
  await gate.refuse('1111');
  await expect(dialog.root).toHaveCount(0);
  await page.keyboard.press('Shift+F10');
  await gate.answer(PIN, SET_STOCK);
  await dialog.field.fill('1,5');
  await dialog.submit.tap();
  await expect(dialog.text('Type a whole number of units, 0 or more.')).toBeVisible();
  await dialog.cancel();

  // Holding a cell of a variant master's grid (a finger's long press).
  await till.search.fill('');
  await till.productNamed('Sizes & colours').button.tap();
  const grid = till.variants;
  const cell = grid.cells.first();
  const variantId = Number(await cell.getAttribute('data-product-id'));
  await till.hold(cell, gate.root);
  await gate.answer(PIN, SET_STOCK);
  await expect(dialog.root).toBeVisible();
  await dialog.save('0');
  // The grid marks it sold out at once; the basket did not get it (a hold is not a tap).
  await expect(cell).toHaveAttribute('data-sold-out', 'true');
  await expect(till.basketEmpty).toBeVisible();
  expect(await floorStockOnServer(retailUrl, variantId)).toBe(0);
  await grid.cancel();

  // Offline: the dialog says so, the set fails with a clear message and nothing changes.
  await control.offline();
  await expect(till.header.connection).toContainText('Offline', { timeout: 60_000 });
  const again = await findCard(till, product!);
  await till.askToSetStock(again);
  await gate.answer(PIN, SET_STOCK);
  await expect(dialog.text('The terminal is offline: a stock can only be set online.')).toBeVisible();
  await dialog.field.fill('7');
  await dialog.submit.tap();
  await expect(dialog.problem).toContainText(/^(Not changed: the shop’s server cannot be reached|No answer from the shop’s server)/);
  await expect(dialog.problem).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/shop-set-stock-offline-1280.png` });
  await dialog.cancel();
  await expect(again.root).toHaveAttribute('data-stock', '42');
  await control.online();
  expect(await floorStockOnServer(retailUrl, product!.id)).toBe(42);
});

test('portrait 800 × 1280: the set-stock dialog fits', async ({ vendor: { retailUrl }, openShop }) => {
  const till = await openShop({ viewport: { width: 800, height: 1280 } });
  const { page, setStock: dialog } = till;
  const [product] = await stockedProducts(retailUrl);
  const card = await findCard(till, product!);
  // No PIN set: the dialog opens at once (as Settings does without a PIN).
  await till.askToSetStock(card);
  await expect(dialog.root).toBeVisible();
  await dialog.field.fill('12');
  const box = (await dialog.root.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(800);
  expect(box.y + box.height).toBeLessThanOrEqual(1280);
  await expect(dialog.submit).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/shop-set-stock-800.png` });
  // No serious or critical axe violation in the dialog, nor in the shop's header.
  for (const where of ['[data-testid="till-set-stock"]', '.app-header']) {
    const axe = await analyze(page, where);
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${where}: ${v.id}`)).toEqual([]);
  }
});
