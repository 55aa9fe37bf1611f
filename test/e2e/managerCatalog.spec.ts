import { mkdir } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { CatalogPage, euros } from './pages/CatalogPage';
import { useCleanup } from './support/cleanup';
import { CatalogTab } from './pages/manager/CatalogTab';
import { DEMO_HEADERS } from './support/processes';
import { isActive, listAll, type WireRecord } from './support/serverCatalog';
import { openSyncedWindow, startTerminal, startVendor } from './support/terminal';
import { seriousViolations as violations, expectTouchSize } from './support/screens';

// Catalog quick edits, with the sandbox's own API as the referee: in manager mode, two items' prices
// and one item's allergens changed and saved in ONE save → the vendor's records match, in one
// multi-record write; the order screen shows the new price at once, without a sync (the terminal's
// catalog generations are the same before and after). A save the vendor refuses (one of its
// records was deleted at the vendor after the terminal's sync) shows the vendor's words on that
// record, saves nothing there and changes nothing locally; a negative price is refused on its field
// before anything is sent.

const SHOTS = process.env.MANAGER_CATALOG_SHOTS ?? '/tmp/shots/catalog-edits';
const { running, contexts } = useCleanup();

/** The button name item B gets (an item's button name). */
const BUTTON_B = 'Corto B';

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** axe on the whole page: every serious or critical violation, one line per element. */

/** One record of the vendor's catalog, read from its API. */
async function vendorRecord(vendorUrl: string, path: string): Promise<WireRecord> {
  const response = await fetch(`${vendorUrl}/api/external/v2/${path}`, { headers: DEMO_HEADERS });
  expect(response.status, path).toBe(200);
  return (await response.json()) as WireRecord;
}

/** The names of this window's catalog generation databases (a sync makes a new one). */
const generationDbs = (page: Page) =>
  page.evaluate(async () => {
    const idb = (globalThis as unknown as { indexedDB: { databases(): Promise<Array<{ name?: string }>> } }).indexedDB;
    return (await idb.databases())
      .map((db) => db.name ?? '')
      .filter((name) => /-gen-\d+$/.test(name))
      .sort();
  });

test('manager mode: two prices and one item’s allergens in one save reach the vendor and the order screen at once; a refused save changes nothing', async () => {
  test.setTimeout(180_000);
  const vendorUrl = await startVendor(running);

  // The vendor's view: plain items (type 0) on sale, in categories and groups on sale, each name unique.
  const [items, categories, groups] = await Promise.all([
    listAll(vendorUrl, 'catalog/items'),
    listAll(vendorUrl, 'catalog/categories'),
    listAll(vendorUrl, 'catalog/groups'),
  ]);
  const liveGroups = new Set(groups.filter(isActive).map((g) => Number(g.id)));
  const liveCategories = new Set(categories.filter((c) => isActive(c) && liveGroups.has(Number(c.group_id))).map((c) => Number(c.id)));
  const nameCount = new Map<string, number>();
  for (const item of items) nameCount.set(String(item.name), (nameCount.get(String(item.name)) ?? 0) + 1);
  const candidates = items.filter(
    (i) =>
      Number(i.type) === 0 &&
      isActive(i) &&
      liveCategories.has(Number(i.category_id)) &&
      nameCount.get(String(i.name)) === 1 &&
      /^[\p{L}\d ]+$/u.test(String(i.name)),
  );
  expect(candidates.length).toBeGreaterThanOrEqual(6);
  const [a, b, c, e] = candidates as [WireRecord, WireRecord, WireRecord, WireRecord];
  const name = (r: WireRecord) => String(r.name);
  const cents = (r: WireRecord) => Math.round(Number(r.price) * 100);
  const newA = cents(a) + 135;
  const newB = cents(b) + 50;
  // C: every allergen it had off, sesame (2) and dairy (13) on.
  const allergensC = '2;13';

  const terminalUrl = await startTerminal(vendorUrl, running);
  const page = await openSyncedWindow(terminalUrl, contexts);
  const generationsBefore = await generationDbs(page);
  expect(generationsBefore.length).toBeGreaterThan(0);

  const manager = new CatalogTab(page);
  await manager.open();
  await shot(page, 'catalog-edit-empty-1280x800');

  // A negative price is refused on its field before anything is sent; nothing is listed.
  await manager.pick(name(a));
  await manager.field('Price (€)').fill('-1');
  await manager.keep();
  await expect(manager.field('Price (€)')).toHaveAttribute('aria-invalid', 'true');
  await expect(manager.formText('A price cannot be below 0.')).toBeVisible();
  await expect(manager.pendingCount).toHaveText('No changes waiting');

  // Two prices and one item's allergens, kept in the list, then saved in one go.
  await manager.field('Price (€)').fill((newA / 100).toFixed(2).replace('.', ','));
  await manager.keep();
  await expect(manager.pendingCount).toHaveText('1 change not saved');
  await manager.pick(name(b));
  await manager.field('Price (€)').fill((newB / 100).toFixed(2));
  // …and a shorter name for its button.
  await manager.buttonName.fill(BUTTON_B);
  await manager.keep();
  await manager.pick(name(c));
  for (const [allergen, code] of Object.entries({
    Eggs: 1,
    Sesame: 2,
    Lupin: 3,
    Mustard: 4,
    Fish: 5,
    Celery: 6,
    Crustaceans: 7,
    Peanuts: 8,
    Molluscs: 9,
    Soy: 10,
    Nuts: 11,
    Sulphites: 12,
    Dairy: 13,
  })) {
    const toggle = manager.allergen(allergen);
    await expectTouchSize(toggle, allergen);
    const wanted = code === 2 || code === 13;
    if ((await toggle.getAttribute('aria-pressed')) !== String(wanted)) await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-pressed', String(wanted));
  }
  await manager.keep();
  await expect(manager.pendingCount).toHaveText('3 changes not saved');
  await expect(manager.pendingRow(name(a))).toContainText(`Price: ${euros(cents(a) / 100)} → ${euros(newA / 100)}`);
  await expect(manager.pendingRow(name(c))).toContainText('→ Sesame, Dairy');
  await shot(page, 'catalog-edit-pending-1280x800');
  expect(await violations(page), 'the Catalog tab with pending changes').toEqual([]);
  await page.setViewportSize({ width: 800, height: 1280 });
  await shot(page, 'catalog-edit-pending-800x1280');
  await page.setViewportSize({ width: 1280, height: 800 });

  await expectTouchSize(manager.save, 'Save changes');
  await manager.save.tap();
  await expect(manager.message).toHaveText('3 changes saved. The order screen shows them now.');
  await expect(manager.pendingCount).toHaveText('No changes waiting');

  // The referee: the vendor's records.
  expect(Math.round(Number((await vendorRecord(vendorUrl, `catalog/items/${String(a.id)}`)).price) * 100)).toBe(newA);
  const vendorB = await vendorRecord(vendorUrl, `catalog/items/${String(b.id)}`);
  expect(Math.round(Number(vendorB.price) * 100)).toBe(newB);
  expect(vendorB.buttonName).toBe(BUTTON_B);
  const vendorC = await vendorRecord(vendorUrl, `catalog/items/${String(c.id)}`);
  expect(vendorC.allergies).toBe(allergensC);
  expect(Number(vendorC.price)).toBe(Number(c.price)); // only what changed was sent
  // One multi-record write: the Activity list shows one catalog edit naming the three items.
  await manager.manager.openActivity();
  const activity = manager.manager.activity;
  await expect(activity).toHaveCount(1);
  await expect(activity).toContainText(`items ${[a, b, c].map((r) => String(r.id)).join(', ')}`);
  await expect(activity).toContainText('Accepted');

  // The order screen shows the new prices and allergens at once, without a sync.
  await manager.manager.backToFloor();
  const catalog = new CatalogPage(page);
  await catalog.open();
  await catalog.search(name(a));
  await expect(catalog.itemButton(name(a))).toHaveAccessibleName(new RegExp(`^${name(a)}, ${euros(newA / 100).replace('.', '\\.')}`));
  // B's button shows its new button name, and still names the item in full.
  await catalog.search(name(b));
  await expect(manager.orderButtonName(new RegExp(`^${BUTTON_B} \\(${name(b)}\\), ${euros(newB / 100).replace('.', '\\.')}`))).toHaveText(BUTTON_B);
  await catalog.search(name(c));
  await expect(catalog.itemButton(name(c))).toHaveAccessibleName(/Allergens: sesame, dairy$/);
  expect(await generationDbs(page)).toEqual(generationsBefore);

  // A save the vendor refuses: D was deleted at the vendor after this terminal's sync. E's new price
  // goes in the same write, which the vendor refuses whole: nothing saved, nothing changed here.
  let d: WireRecord | undefined;
  for (const candidate of candidates.slice(4)) {
    const deleted = await fetch(`${vendorUrl}/api/external/v2/catalog/items/${String(candidate.id)}`, { method: 'DELETE', headers: DEMO_HEADERS });
    if (deleted.status === 200) {
      d = candidate;
      break;
    }
  }
  expect(d, 'an item the vendor lets delete').toBeDefined();
  const newE = cents(e) + 200;
  await catalog.backToFloor();
  await manager.open();
  await manager.pick(name(e));
  await manager.field('Price (€)').fill((newE / 100).toFixed(2));
  await manager.keep();
  await manager.pick(name(d!));
  await manager.field('Name').fill(`${name(d!)} grande`);
  await manager.keep();
  await expect(manager.pendingCount).toHaveText('2 changes not saved');
  await manager.save.tap();
  await expect(manager.message).toContainText('The POS refused the changes: none of them was saved.');
  const rowD = manager.pendingRow(name(d!));
  await expect(rowD).toContainText(`Record: The POS said: “unknown item id ${String(d!.id)}”`);
  // The refused record opens in the form with the vendor's words on it.
  await expect(manager.formText(`The POS said: “unknown item id ${String(d!.id)}”`)).toBeVisible();
  await expect(manager.pendingCount).toHaveText('2 changes not saved');
  await shot(page, 'catalog-edit-refused-1280x800');
  expect(await violations(page), 'the Catalog tab after a refused save').toEqual([]);
  await page.setViewportSize({ width: 800, height: 1280 });
  await shot(page, 'catalog-edit-refused-800x1280');
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(Math.round(Number((await vendorRecord(vendorUrl, `catalog/items/${String(e.id)}`)).price) * 100)).toBe(cents(e));

  // Locally, E keeps its old price.
  await manager.manager.backToFloor();
  await catalog.open();
  await catalog.search(name(e));
  await expect(catalog.itemButton(name(e))).toHaveAccessibleName(new RegExp(`^${name(e)}, ${euros(cents(e) / 100).replace('.', '\\.')}`));
});
