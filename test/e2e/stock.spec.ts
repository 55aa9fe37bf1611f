import { expect, test, type Page } from '@playwright/test';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { CatalogPage } from './pages/CatalogPage';
import { FloorPage } from './pages/FloorPage';
import { OrderPage } from './pages/OrderPage';
import { DEMO_HEADERS } from './support/processes';
import { listAll } from './support/serverCatalog';
import { ServicePage } from './pages/ServicePage';
import { SettingsPage } from './pages/SettingsPage';
import { openSyncedWindow, startTerminal, startVendor } from './support/terminal';
import { useCleanup } from './support/cleanup';
import { firstItemButton, groupTab, ItemStockDialog, SoldOutQuestion, stockMark, WarehouseSettings } from './pages/manager/ItemStock';
import { seriousViolations as violations, screenshot } from './support/screens';

// Stock, with the sandbox as the referee: Settings choose the warehouse this
// terminal sells from; an item with stock shows its quantity; holding its button and tapping
// "Sold out (86)" in one window sets the vendor's stock to 0 and a second window of the same
// terminal shows "Sold out" within a second; "Put back" 5 shows 5 in both; adding a sold-out
// item asks first; a round sent with the warehouse chosen discounts the vendor's stock.

const SHOTS = process.env.STOCK_SHOTS; // e.g. /tmp/shots/F: extra copies of the screenshots

const { running, contexts } = useCleanup();

const ITEM = 'Agua mineral 50 cl';
const WAREHOUSE = 'Almacén principal';

const shot = (page: Page, name: string) => screenshot(page, name, SHOTS);

/** The vendor's stock of an item in a warehouse, read from its own API. */
async function vendorStock(vendorUrl: string, warehouseId: number, itemId: number): Promise<number | null> {
  const rows = await listAll(vendorUrl, `warehouses/${warehouseId}`);
  const row = rows.find((r) => Number(r.item_id) === itemId);
  return row === undefined ? null : Number(row.quantity);
}

test('demo venue: choose the warehouse, see stock on item buttons, 86 an item in one window and see it sold out in another, put it back, and a round discounts the stock', async () => {
  const vendorUrl = await startVendor(running);
  const control = async <T>(path: string, body?: unknown): Promise<T> => {
    const answer = await controlRequest<T>(vendorUrl, `/__sandbox/${path}`, { body });
    expect(answer.status, path).toBe(200);
    return answer.body;
  };

  // The vendor's own view: the warehouse, the item, and a known stock (its back office set it to 20).
  const warehouses = await listAll(vendorUrl, 'warehouses');
  const warehouse = warehouses.find((w) => w.name === WAREHOUSE)!;
  const warehouseId = Number(warehouse.id);
  const itemId = Number((await listAll(vendorUrl, 'catalog/items')).find((i) => i.name === ITEM)!.id);
  // Two soft drinks for the screenshots: one sold out, one low (the demo's alert levels are 3 or more).
  const items = await listAll(vendorUrl, 'catalog/items');
  const idOf = (name: string) => Number(items.find((i) => i.name === name)!.id);
  const set = await fetch(`${vendorUrl}/api/external/v2/warehouses/${warehouseId}/setStock`, {
    method: 'POST',
    headers: { ...DEMO_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({
      stocks: [
        { item_id: itemId, quantity: 20 },
        { item_id: idOf('Coca-Cola Zero'), quantity: 0 },
        { item_id: idOf('Nestea'), quantity: 2 },
      ],
    }),
  });
  expect(set.status).toBe(200);

  // One terminal (browser shell), two windows.
  const terminalUrl = await startTerminal(vendorUrl, running);
  const a = await openSyncedWindow(terminalUrl, contexts);
  const b = await openSyncedWindow(terminalUrl, contexts);

  // Settings (window A): the synced warehouses and "None"; choosing one saves it at once.
  const settings = new SettingsPage(a);
  await settings.open();
  const section = new WarehouseSettings(a);
  await expect(section.group).toBeVisible();
  await expect(section.radio('None')).toBeChecked();
  for (const w of warehouses) await expect(section.radio(w.name as string)).toBeVisible();
  expect(Math.min(...Object.values((await section.card(WAREHOUSE).boundingBox())!).slice(2))).toBeGreaterThanOrEqual(44);
  await section.choose(WAREHOUSE);
  await expect(section.status).toHaveText('Saved.');
  await expect(section.radio(WAREHOUSE)).toBeChecked();
  await shot(a, 'stock-settings');
  expect(await violations(a), 'Settings with the warehouses').toEqual([]);
  await settings.backButton.tap();

  // Window A seats a table and sends from it; window B browses the catalog (it reads the warehouse
  // when it comes to the front).
  const floor = new FloorPage(a);
  const service = new ServicePage(a);
  const order = new OrderPage(a);
  const catalogA = new CatalogPage(a);
  const rooms = (await (await fetch(`${vendorUrl}/api/external/v2/rooms?withTables=1`, { headers: DEMO_HEADERS })).json()) as {
    data: Array<{ name: string; order: string; tables: Array<{ name: string }> }>;
  };
  const room = rooms.data.sort((x, y) => Number(x.order) - Number(y.order))[0]!;
  const table = room.tables[0]!;
  await floor.showRoom(room.name);
  await floor.table(table.name).tap();
  await service.seat(table.name, 2);
  await expect(service.rounds.first()).toHaveAttribute('data-state', 'accepted', { timeout: 15_000 });

  await b.bringToFront();
  const catalogB = new CatalogPage(b);
  await catalogB.open();

  // The item shows its stock in both windows: a box and the quantity, said in the button's name.
  await catalogA.search('agua mineral 50');
  await catalogB.search('agua mineral 50');
  const buttonA = catalogA.itemButton(ITEM);
  const buttonB = catalogB.itemButton(ITEM);
  // The mark sits in the card, beside the button's text (hidden from assistive technology: the name says it).
  const markA = stockMark(catalogA.items, buttonA);
  const markB = stockMark(catalogB.items, buttonB);
  await expect(markA).toHaveText('20');
  await expect(buttonA).toHaveAccessibleName(/, 20 in stock$/);
  await expect(markB).toHaveText('20');

  // 86 in two taps (window A): hold the button, then "Sold out (86)".
  const dialogA = new ItemStockDialog(a, ITEM);
  await dialogA.holdToOpen(buttonA);
  await expect(dialogA.now).toHaveText('In stock now: 20');
  await expect(order.lines).toHaveCount(0); // holding did not also add it
  await shot(a, 'stock-86-dialog');
  expect(await violations(a), 'the stock dialog').toEqual([]);
  const eightySix = dialogA.soldOutButton;
  expect((await eightySix.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  const tappedAt = Date.now();
  await eightySix.tap();
  await expect(dialogA.root).toBeHidden();
  await expect(markA).toHaveText('Sold out');
  // The other window, within a second of the tap.
  await expect(markB).toHaveText('Sold out', { timeout: 1_000 });
  const seenInB = Date.now() - tappedAt;
  console.log(`stock: 86 tapped in window A → "Sold out" in window B after ${seenInB} ms`);
  expect(seenInB).toBeLessThanOrEqual(1_000);
  await expect(buttonB).toHaveAccessibleName(/, Sold out$/);
  // The vendor's stock is 0.
  expect(await vendorStock(vendorUrl, warehouseId, itemId)).toBe(0);

  // Adding a sold-out item asks first: Cancel adds nothing, "Add anyway" adds it.
  await buttonA.tap();
  const confirm = new SoldOutQuestion(a, ITEM);
  await expect(confirm.root).toBeVisible();
  await shot(a, 'stock-sold-out-confirm');
  expect(await violations(a), 'the sold-out confirmation').toEqual([]);
  await confirm.answer('Cancel');
  await expect(order.lines).toHaveCount(0);
  await buttonA.tap();
  await confirm.answer('Add anyway');
  await expect(order.line(ITEM)).toHaveCount(1);

  // Put back (window B, by keyboard: Shift+F10 on the focused button opens the same dialog).
  await buttonB.focus();
  await b.keyboard.press('Shift+F10');
  const dialogB = new ItemStockDialog(b, ITEM);
  await expect(dialogB.root).toBeVisible();
  await expect(dialogB.now).toHaveText('Sold out now.');
  const quantity = dialogB.quantity;
  await expect(quantity).toBeFocused();
  await quantity.fill('0');
  await dialogB.putBack();
  await expect(dialogB.problem).toHaveText('Type a quantity above 0.');
  await quantity.fill('5');
  await b.keyboard.press('Enter');
  await expect(dialogB.root).toBeHidden();
  await expect(markB).toHaveText('5');
  await expect(markA).toHaveText('5', { timeout: 1_000 });
  expect(await vendorStock(vendorUrl, warehouseId, itemId)).toBe(5);

  // A round sent with the warehouse chosen: the vendor discounts the stock (the line added anyway + 1 more).
  await buttonA.tap();
  await expect(order.lines).toHaveCount(1);
  await service.send();
  await expect(service.rounds.nth(1)).toHaveAttribute('data-state', 'accepted', { timeout: 15_000 });
  const ledger = (await control<{ entries: Array<{ kind: string; payload: { warehouse_id?: number } }> }>('ledger')).entries;
  const round = ledger.filter((e) => e.kind === 'loyalty').at(-1)!;
  expect(Number(round.payload.warehouse_id)).toBe(warehouseId);
  expect(await vendorStock(vendorUrl, warehouseId, itemId)).toBe(3);
  // Both windows count the round down at once, before any sync (features/stock/unsyncedSales.ts).
  await expect(markA).toHaveText('3');
  await expect(markB).toHaveText('3');

  // Screenshots of the marks: the drinks, with items in stock, low and sold out (the vendor's
  // seeded stocks), in both orientations; a stock dialog in portrait.
  await catalogA.search('');
  await groupTab(catalogA.groups, 'Bebidas').tap();
  await expect(stockMark(catalogA.items).first()).toBeVisible();
  await shot(a, 'stock-marks-1280x800');
  expect(await violations(a), 'item buttons with stock marks').toEqual([]);
  await a.setViewportSize({ width: 800, height: 1280 });
  await expect(stockMark(catalogA.items).first()).toBeVisible();
  await shot(a, 'stock-marks-800x1280');
  await new ItemStockDialog(a).holdToOpen(firstItemButton(catalogA.items));
  await shot(a, 'stock-dialog-800x1280');
});
