import { expect, test, type Page } from '@playwright/test';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { DEMO_HEADERS } from './support/processes';
import { listAll, type WireRecord } from './support/serverCatalog';
import { openSyncedTerminal, startVendor } from './support/terminal';
import { useCleanup } from './support/cleanup';
import { scan } from './support/shop';
import { StockCountTab } from './pages/manager/StockCountTab';
import { seriousViolations as violations, screenshot } from './support/screens';

// Stock counts, with the sandbox as the referee: in manager mode (More → Manager, no PIN set),
// the stock count of the demo venue's main warehouse. Three items counted — one by search and
// typing, one by a keyboard-wedge scanner, one by search — and one Save: the warehouse's stock at
// the POS is exactly the count, nothing else moved. And a quantity changed at the POS between
// reading and saving is shown ("changed elsewhere"), never silently overwritten; offline, the
// count waits with what was typed.

const SHOTS = process.env.MANAGER_STOCK_SHOTS; // e.g. /tmp/shots/stock-counts: extra copies

const { running, contexts } = useCleanup();

const WAREHOUSE = 'Almacén principal';

const shot = (page: Page, name: string) => screenshot(page, name, SHOTS);

interface Facts {
  warehouseId: number;
  /** item id → quantity at the POS before the test touched it. */
  before: Map<number, number>;
  /** Three distinct items of the warehouse with a unique name and a barcode. */
  picks: { id: number; name: string; barcode: string; quantity: number }[];
}

/** The vendor's own view of the warehouse and three items to count. */
async function readFacts(vendorUrl: string): Promise<Facts> {
  const warehouseId = Number((await listAll(vendorUrl, 'warehouses')).find((w) => w.name === WAREHOUSE)!.id);
  const items = await listAll(vendorUrl, 'catalog/items');
  const byId = new Map(items.map((item) => [Number(item.id), item]));
  const nameCount = new Map<string, number>();
  for (const item of items) nameCount.set(String(item.name), (nameCount.get(String(item.name)) ?? 0) + 1);
  const rows = await stockRows(vendorUrl, warehouseId);
  const before = new Map(rows.map((row) => [Number(row.item_id), Number(row.quantity)]));
  const usable = [...before.entries()]
    .map(([id, quantity]) => ({ id, quantity, item: byId.get(id) }))
    // At least 3 in stock, so every count below differs from it.
    .filter(
      ({ item, quantity }) =>
        quantity >= 3 && item !== undefined && typeof item.barcode === 'string' && item.barcode !== '' && nameCount.get(String(item.name)) === 1,
    )
    // Names no other item's name starts with, so a search for the name leaves one row.
    .filter(({ item }) => !items.some((other) => other !== item && String(other.name).toLowerCase().startsWith(String(item!.name).toLowerCase())))
    .sort((a, b) => a.id - b.id);
  expect(usable.length, 'items to count').toBeGreaterThanOrEqual(3);
  const spread = [usable[0]!, usable[Math.floor(usable.length / 2)]!, usable[usable.length - 1]!];
  return { warehouseId, before, picks: spread.map(({ id, quantity, item }) => ({ id, quantity, name: String(item!.name), barcode: String(item!.barcode) })) };
}

async function stockRows(vendorUrl: string, warehouseId: number): Promise<WireRecord[]> {
  return listAll(vendorUrl, `warehouses/${warehouseId}`);
}

async function stockAtVendor(vendorUrl: string, warehouseId: number): Promise<Map<number, number>> {
  return new Map((await stockRows(vendorUrl, warehouseId)).map((row) => [Number(row.item_id), Number(row.quantity)]));
}

test('counts three items (one scanned) and saves them in one go: the warehouse at the POS matches the count, nothing else moved', async () => {
  test.setTimeout(240_000);
  const vendorUrl = await startVendor(running);
  const { warehouseId, before, picks } = await readFacts(vendorUrl);
  const [typed, scanned, zeroed] = picks as [Facts['picks'][0], Facts['picks'][0], Facts['picks'][0]];

  const page = await openSyncedTerminal(vendorUrl, running, contexts);
  const count = new StockCountTab(page);
  await count.open(WAREHOUSE);

  // Every stock row of the warehouse, with the POS's quantity as "in stock".
  await count.search.fill(typed.name);
  await expect(count.rows).toHaveCount(1);
  await expect(count.row(typed.id).expected).toHaveText(new Intl.NumberFormat('en-GB').format(typed.quantity));
  await count.search.fill('');
  await expect(count.rows).toHaveCount(Math.min(before.size, 300));

  // 1. Search and type: two more than the POS has.
  await count.count(typed.name, String(typed.quantity + 2));
  await expect(count.row(typed.id).difference).toHaveText('+2 more');

  // 2. The scanner, twice, with the focus in the search field: each scan counts one more.
  await scan(page, scanned.barcode);
  await expect(count.status).toHaveText(`Scanned ${scanned.name}: counted 1.`);
  await scan(page, scanned.barcode);
  await expect(count.status).toHaveText(`Scanned ${scanned.name}: counted 2.`);
  await expect(count.search).toHaveValue(''); // the scan's digits are not a search
  await expect(count.countField(scanned.name)).toHaveValue('2');
  const scannedDifference =
    scanned.quantity === 2 ? 'No difference' : scanned.quantity < 2 ? `+${2 - scanned.quantity} more` : `−${scanned.quantity - 2} fewer`;
  await expect(count.row(scanned.id).difference).toHaveText(scannedDifference);

  // 3. Search and type 0.
  await count.count(zeroed.name, '0');
  await expect(count.row(zeroed.id).difference).toHaveText(zeroed.quantity === 0 ? 'No difference' : `−${zeroed.quantity} fewer`);

  // The counted items, each with in stock, counted and the difference in words.
  await count.countedFilter(3).click();
  await expect(count.rows).toHaveCount(3);
  await expect(count.save).toHaveText('Save count (3 items)');
  for (const target of [count.save, count.countField(typed.name), count.countedFilter(3), count.search]) {
    expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await shot(page, 'manager-stock-counted');
  expect(await violations(page), 'the count sheet').toEqual([]);
  await page.setViewportSize({ width: 800, height: 1280 });
  await shot(page, 'manager-stock-counted-portrait');
  await page.setViewportSize({ width: 1280, height: 800 });

  await count.save.click();
  await expect(count.result).toHaveText('Saved: 3 items. The POS has the counted stock.');
  await expect(count.row(typed.id).expected).toHaveText(String(typed.quantity + 2));
  await shot(page, 'manager-stock-saved');

  // The referee: exactly the count, every other row as it was.
  const after = await stockAtVendor(vendorUrl, warehouseId);
  const expected = new Map(before);
  expected.set(typed.id, typed.quantity + 2);
  expected.set(scanned.id, 2);
  expected.set(zeroed.id, 0);
  expect(after).toEqual(expected);

  // The audit log has the write, with the POS's answer.
  await count.manager.openActivity();
  const record = count.manager.activity.first();
  await expect(record).toContainText('Stock count');
  await expect(record).toContainText(`warehouse ${warehouseId}`);
  await expect(record).toContainText('Accepted');
});

test('a quantity changed at the POS between reading and saving is shown, not overwritten; offline the count waits with what was typed', async () => {
  test.setTimeout(240_000);
  const vendorUrl = await startVendor(running);
  const { warehouseId, before, picks } = await readFacts(vendorUrl);
  const [first, second, third] = picks as [Facts['picks'][0], Facts['picks'][0], Facts['picks'][0]];
  const page = await openSyncedTerminal(vendorUrl, running, contexts);
  const count = new StockCountTab(page);
  await count.open(WAREHOUSE);

  const firstCount = first.quantity + 1;
  const secondCount = second.quantity + 3;
  await count.count(first.name, String(firstCount));
  await count.count(second.name, String(secondCount));

  // Meanwhile, at the POS: someone sets the first item to a quantity the manager has not seen.
  const elsewhere = first.quantity + 7;
  const set = await fetch(`${vendorUrl}/api/external/v2/warehouses/${warehouseId}/setStock`, {
    method: 'POST',
    headers: { ...DEMO_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ item_id: first.id, quantity: elsewhere }),
  });
  expect(set.status).toBe(200);

  await count.save.click();
  await expect(count.result).toHaveText('Nothing was saved: 1 item changed at the POS while you counted. Keep your count or count it again, then save.');
  const changed = count.row(first.id).changed;
  await expect(changed).toContainText(`Changed elsewhere: now ${elsewhere} (it was ${first.quantity} when you read it).`);
  await expect(count.countField(first.name)).toHaveValue(String(firstCount));
  await expect(count.countField(second.name)).toHaveValue(String(secondCount));
  await shot(page, 'manager-stock-changed-elsewhere');
  expect(await violations(page), 'changed elsewhere').toEqual([]);
  // Nothing was written: the POS keeps the other terminal's quantity, the second item is untouched.
  let atVendor = await stockAtVendor(vendorUrl, warehouseId);
  expect(atVendor.get(first.id)).toBe(elsewhere);
  expect(atVendor.get(second.id)).toBe(second.quantity);

  // The manager keeps the count: compared with the new quantity now, and saved.
  await count.row(first.id).keepMine(firstCount).click();
  await expect(changed).toHaveCount(0);
  await expect(count.row(first.id).expected).toHaveText(String(elsewhere));
  await expect(count.row(first.id).difference).toHaveText(`−${elsewhere - firstCount} fewer`);
  await count.save.click();
  await expect(count.result).toHaveText('Saved: 2 items. The POS has the counted stock.');
  atVendor = await stockAtVendor(vendorUrl, warehouseId);
  expect(atVendor.get(first.id)).toBe(firstCount);
  expect(atVendor.get(second.id)).toBe(secondCount);

  // Offline: counting goes on, saving waits, and what was typed stays.
  await controlRequest(vendorUrl, '/__sandbox/faults', { body: { offline: true } });
  await expect(count.manager.connection).toContainText('Offline', { timeout: 60_000 });
  await count.count(third.name, '5');
  await expect(count.save).toHaveText('Offline: cannot save');
  await expect(count.save).toBeDisabled();
  await expect(count.manager.alert('Offline: counting stock needs the connection to save. What you typed is kept here.')).toBeVisible();
  await shot(page, 'manager-stock-offline');
  // Away to another tab and back: the count is still there.
  await count.manager.tab('Activity').click();
  await count.manager.tab('Stock count').click();
  await expect(count.countField(third.name)).toHaveValue('5');

  await controlRequest(vendorUrl, '/__sandbox/faults', { body: { offline: false } });
  await expect(count.save).toHaveText('Save count (1 item)', { timeout: 60_000 });
  await count.save.click();
  await expect(count.result).toHaveText('Saved: 1 item. The POS has the counted stock.');
  expect((await stockAtVendor(vendorUrl, warehouseId)).get(third.id)).toBe(5);
  expect(before.get(third.id)).toBe(third.quantity);
});
