import { createHash } from 'node:crypto';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { chromiumLaunch } from '../../playwright.config';
import { CatalogPage, type ExpectedItem } from './pages/CatalogPage';
import { FloorPage } from './pages/FloorPage';
import { freePort, roomsFromServer, startServe, tokenFileArgs } from './support/processes';
import { SyncPage } from './pages/SyncPage';
import { isActive, listAll, type WireRecord } from './support/serverCatalog';
import { expect, test } from './support/fixtures';

// A terminal that has synced once starts with the vendor's server gone and
// still shows the catalog, its thumbnails (from the image cache on disk) and the floor plan.

const SCREENS = 'test-results/screens';

async function launchTerminal(profileDir: string): Promise<BrowserContext> {
  // Wide: item cards show their thumbnail where they are wide enough.
  return chromium.launchPersistentContext(profileDir, { ...chromiumLaunch, viewport: { width: 1920, height: 1080 }, hasTouch: true, locale: 'en-GB' });
}

interface ServerCategory {
  id: number;
  name: string;
  groupName: string;
  /** Every item of the category, inactive ones too. */
  all: WireRecord[];
  /** What the terminal must show: the active items. */
  shown: ExpectedItem[];
}

function expectedItem(record: WireRecord): ExpectedItem {
  const photo = typeof record.photo === 'string' && record.photo !== '' ? record.photo : null;
  const allergens = [
    ...new Set(
      String(record.allergies ?? '')
        .split(';')
        .filter((code) => /^\d+$/.test(code))
        .map(Number),
    ),
  ];
  return { id: Number(record.id), name: String(record.name), price: Number(record.price), type: Number(record.type), photo, allergens };
}

/** The catalog as the vendor's server reports it, category by category (items from `categories/<id>/items`). */
async function catalogFromServer(serverUrl: string): Promise<ServerCategory[]> {
  const groups = (await listAll(serverUrl, 'catalog/groups')).filter(isActive);
  const categories = (await listAll(serverUrl, 'catalog/categories')).filter(isActive);
  const result: ServerCategory[] = [];
  for (const group of groups.sort((a, b) => Number(a.id) - Number(b.id))) {
    for (const category of categories.filter((c) => Number(c.group_id) === Number(group.id)).sort((a, b) => Number(a.id) - Number(b.id))) {
      const all = await listAll(serverUrl, `catalog/categories/${Number(category.id)}/items`);
      result.push({ id: Number(category.id), name: String(category.name), groupName: String(group.name), all, shown: all.filter(isActive).map(expectedItem) });
    }
  }
  return result;
}

/** `<dataDir>/images/<account>/thumb-<sha256(path)>` (docs/decisions.md, "Image cache"): is this thumbnail on disk? */
async function thumbnailsOnDisk(dataDir: string, photos: string[]): Promise<number> {
  const names = new Set<string>();
  for (const account of await readdir(join(dataDir, 'images')).catch(() => [])) {
    for (const name of await readdir(join(dataDir, 'images', account)).catch(() => [])) names.add(name);
  }
  return photos.filter((photo) => names.has(`thumb-${createHash('sha256').update(photo, 'utf8').digest('hex')}`)).length;
}

test('demo venue: the first sync shows its progress; after a restart with the server gone the catalog, its thumbnails and the floor plan are still there', async ({
  vendor,
  owned,
}) => {
  const port = String(await freePort()); // same port = same origin = same IndexedDB after the restart
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-data-'));
  const profileDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-profile-'));

  const rooms = await roomsFromServer(vendor.url);
  const catalog = await catalogFromServer(vendor.url);
  // A category that shows the rules at work: an inactive item left out, a selling-format item, allergens.
  const shownCategory = catalog.find(
    (c) => c.all.some((item) => !isActive(item)) && c.shown.some((item) => item.type === 4) && c.shown.some((item) => item.allergens.length > 0),
  );
  // One with menus (type 1), and one never opened before the restart, with and without photos.
  const menuCategory = catalog.find((c) => c.shown.some((item) => item.type === 1));
  const unseenCategory = catalog.find(
    (c) => c !== shownCategory && c !== menuCategory && c.shown.some((item) => item.photo === null) && c.shown.some((item) => item.photo !== null),
  );
  expect(shownCategory, 'the demo venue has a category with inactive, selling-format and allergen items').toBeDefined();
  expect(menuCategory, 'the demo venue has menus').toBeDefined();
  expect(unseenCategory, 'the demo venue has a category with items with and without photos').toBeDefined();

  // Slow every answer down, so the first sync can be watched.
  await vendor.faults({ latencyMs: 700 });
  const serveArgs = ['--port', port, '--data', dataDir, '--backend', vendor.url];
  const firstServe = await startServe([...serveArgs, ...tokenFileArgs(dataDir)]);
  owned.running.push(firstServe);

  let context = await launchTerminal(profileDir);
  let page = await context.newPage();
  let catalogPage = new CatalogPage(page);
  let floor = new FloorPage(page);
  const sync = new SyncPage(page);
  await floor.open(firstServe.url);

  // Before the first sync has finished: the catalog says so, with the sync's progress.
  await catalogPage.open();
  await expect(catalogPage.view).toContainText('The catalog has not been downloaded yet');
  // …and it moves: some requests done, more to come.
  await catalogPage.expectSyncProgress(/Updating: [1-9]\d* of (about )?\d+ requests/);
  await expect(sync.status).toContainText('Never synced');
  await expect(sync.status).toContainText('Updating');
  await page.screenshot({ path: `${SCREENS}/catalog-first-sync.png` });
  await vendor.faults({});

  await expect(sync.status).toContainText(/Catalog synced \d\d:\d\d/, { timeout: 60_000 });
  await expect(floor.connection).toContainText('Online');

  // The menu's rules: exactly the active items of the category, as the server reports them.
  await catalogPage.showGroup(shownCategory!.groupName);
  await catalogPage.showCategory(shownCategory!.name);
  await catalogPage.expectItems(shownCategory!.shown);
  expect(await catalogPage.expectThumbnailsLoaded(shownCategory!.shown)).toBeGreaterThan(0);
  await page.screenshot({ path: `${SCREENS}/catalog-online.png` });

  await catalogPage.showGroup(menuCategory!.groupName);
  await catalogPage.showCategory(menuCategory!.name);
  await catalogPage.expectItems(menuCategory!.shown);

  // The thumbnails of a category nobody has opened arrive in the background after the sync.
  const unseenPhotos = unseenCategory!.shown.flatMap((item) => (item.photo === null ? [] : [item.photo]));
  await expect.poll(() => thumbnailsOnDisk(dataDir, unseenPhotos), { timeout: 60_000 }).toBe(unseenPhotos.length);

  // Shut everything down: the terminal, its server, and the vendor's server.
  await context.close();
  await firstServe.stop();
  await vendor.stop();

  // Next start: same port, data folder and browser profile; the vendor's server is unreachable.
  const secondServe = await startServe(serveArgs);
  owned.running.push(secondServe);
  context = await launchTerminal(profileDir);
  owned.contexts.push(context);
  page = await context.newPage();
  catalogPage = new CatalogPage(page);
  floor = new FloorPage(page);
  await floor.open(secondServe.url);
  await expect(floor.connection).toContainText('Offline');
  await floor.expectFloor(rooms);

  await catalogPage.open();
  await catalogPage.showGroup(shownCategory!.groupName);
  await catalogPage.showCategory(shownCategory!.name);
  await catalogPage.expectItems(shownCategory!.shown);
  expect(await catalogPage.expectThumbnailsLoaded(shownCategory!.shown)).toBeGreaterThan(0);
  await page.screenshot({ path: `${SCREENS}/catalog-offline.png` });

  // Never opened online: its thumbnails come from the background cache, its photo-less items show the placeholder.
  await catalogPage.showGroup(unseenCategory!.groupName);
  await catalogPage.showCategory(unseenCategory!.name);
  await catalogPage.expectItems(unseenCategory!.shown);
  expect(await catalogPage.expectThumbnailsLoaded(unseenCategory!.shown)).toBe(unseenPhotos.length);
  await page.screenshot({ path: `${SCREENS}/catalog-offline-placeholders.png` });

  // A photo that is not cached cannot be fetched offline: the image route answers 404, and the card
  // shows the neutral placeholder instead of a broken image.
  const missing = await page.request.get(`${new URL(secondServe.url).origin}/images/thumb/${encodeURIComponent('items/never/synced.png')}`);
  expect(missing.status()).toBe(404);
  await page.route('**/images/thumb/**', (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Image not found' }));
  await catalogPage.showGroup(menuCategory!.groupName);
  await catalogPage.showCategory(menuCategory!.name);
  await catalogPage.expectOnlyPlaceholders(menuCategory!.shown.length);
  await page.unroute('**/images/thumb/**');

  await catalogPage.backToFloor();
  await floor.expectFloor(rooms);
});
