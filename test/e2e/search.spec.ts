import { allergenName, CatalogPage } from './pages/CatalogPage';
import { OrderPage } from './pages/OrderPage';
import { isActive, listAll } from './support/serverCatalog';
import { expect, test } from './support/fixtures';

// Search as you type over the whole catalog (accent- and case-insensitive) and the
// allergen filter, checked against the sandbox's catalog read independently of the terminal.

const SCREENS = 'test-results/screens';
const SEARCH_LIMIT = 2000; // renderer/src/data/search/search.ts: results are windowed, so (nearly) all are shown

interface OfferedItem {
  id: number;
  name: string;
  allergens: number[];
  groupName: string;
  categoryName: string;
}

/** What the terminal offers: active items of active categories of active groups, as the server lists them. */
async function offeredItems(serverUrl: string): Promise<OfferedItem[]> {
  const groups = (await listAll(serverUrl, 'catalog/groups')).filter(isActive);
  const categories = (await listAll(serverUrl, 'catalog/categories')).filter(isActive);
  const items: OfferedItem[] = [];
  for (const group of groups) {
    for (const category of categories.filter((c) => Number(c.group_id) === Number(group.id))) {
      for (const item of (await listAll(serverUrl, `catalog/categories/${Number(category.id)}/items`)).filter(isActive)) {
        const allergens = String(item.allergies ?? '')
          .split(';')
          .filter((code) => /^\d+$/.test(code))
          .map(Number);
        items.push({ id: Number(item.id), name: String(item.name), allergens, groupName: String(group.name), categoryName: String(category.name) });
      }
    }
  }
  return items;
}

/** The test's own folding: lower case, no accents, Catalan l·l → ll; words split at anything else. */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/l·l/g, 'll')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

const matches = (items: OfferedItem[], query: string) => items.filter((item) => words(query).every((q) => words(item.name).some((w) => w.startsWith(q))));

test('demo venue: search as you type finds items across the catalog, and the allergen filter hides items containing an allergen', async ({
  vendor,
  terminal,
}) => {
  const offered = await offeredItems(vendor.url);

  const page = await terminal.openSynced();
  const catalog = new CatalogPage(page);
  await catalog.open();
  await expect(catalog.categories).toBeVisible();

  // "jamon" (no accent): the results are exactly the server's matches, Jamón ibérico de bellota among them.
  await catalog.search('jamon');
  const jamon = matches(offered, 'jamon');
  expect(jamon.map((item) => item.name)).toContain('Jamón ibérico de bellota');
  expect(jamon.length).toBeLessThanOrEqual(SEARCH_LIMIT);
  await expect(catalog.itemButton('Jamón ibérico de bellota')).toBeVisible();
  await expect(catalog.categories).toBeHidden(); // the results replace the category's grid
  await expect.poll(async () => (await catalog.resultIds()).sort((a, b) => a - b)).toEqual(jamon.map((item) => item.id).sort((a, b) => a - b));
  // The whole query first: a name starting with "jamon" comes before one that only has the word.
  const firstIds = await catalog.resultIds();
  const startsWith = jamon.filter((item) => words(item.name)[0]!.startsWith('jamon')).length;
  for (const id of firstIds.slice(0, startsWith)) expect(words(jamon.find((item) => item.id === id)!.name)[0]).toMatch(/^jamon/);

  // Two words, each the start of a word, accents and case ignored.
  await catalog.search('JAMON ib');
  await expect(catalog.itemButton('Jamón ibérico de bellota')).toBeVisible();
  await expect.poll(async () => (await catalog.resultIds()).length).toBe(matches(offered, 'jamon ib').length);

  // Catalan: "tomaquet" finds "Pa amb tomàquet".
  await catalog.search('tomaquet');
  await expect(catalog.itemButton('Pa amb tomàquet')).toBeVisible();
  await expect
    .poll(async () => (await catalog.resultIds()).sort((a, b) => a - b))
    .toEqual(
      matches(offered, 'tomaquet')
        .map((item) => item.id)
        .sort((a, b) => a - b),
    );

  // A tap marks the card as chosen (and adds the item or opens its sheet: order.spec.ts).
  const tomaquet = catalog.itemButton('Pa amb tomàquet');
  await tomaquet.tap();
  await expect(tomaquet).toHaveAttribute('aria-pressed', 'true');
  await catalog.search('jamon');
  await catalog.itemButton('Jamón ibérico de bellota').tap();
  await expect(catalog.itemButton('Jamón ibérico de bellota')).toHaveAttribute('aria-pressed', 'true');
  // Its format sheet opens over the grid; Cancel closes it.
  await new OrderPage(page).cancel();
  await page.screenshot({ path: `${SCREENS}/catalog-search.png` });

  // Nothing matches: said so, with the query.
  await catalog.search('zzzqqq');
  await catalog.expectNoMatch('No items match “zzzqqq”');

  // The allergen filter: an item whose allergies include a code is hidden, and counted.
  // One whose first word also finds items without that allergen, so the filter visibly keeps some.
  const target = offered.find((item) => {
    const first = item.allergens[0];
    return first !== undefined && matches(offered, words(item.name)[0]!).some((other) => !other.allergens.includes(first));
  });
  expect(target, 'the demo venue has an item with allergens').toBeDefined();
  const code = target!.allergens[0]!;
  const name = allergenName(code);
  const query = words(target!.name)[0]!;
  const found = matches(offered, query);
  const hiddenByCode = found.filter((item) => item.allergens.includes(code));
  await catalog.search(query);
  await expect(catalog.itemButton(target!.name)).toBeVisible();
  await catalog.toggleAllergen(name, true);
  await expect(catalog.allergenFilterButton).toContainText('Allergens');
  await expect(catalog.allergenFilterButton).toContainText('1 hidden');
  await expect(catalog.itemButton(target!.name)).toHaveCount(0);
  await expect(catalog.hiddenCount).toHaveText(`${hiddenByCode.length} ${hiddenByCode.length === 1 ? 'item' : 'items'} hidden by the allergen filter`);
  const kept = found.filter((item) => !item.allergens.includes(code));
  expect(kept.length).toBeGreaterThan(0);
  await expect.poll(async () => (await catalog.resultIds()).sort((a, b) => a - b)).toEqual(kept.map((item) => item.id).sort((a, b) => a - b));
  await page.screenshot({ path: `${SCREENS}/catalog-search-allergen.png` });

  // The clear button goes back to browsing; the filter applies to the category grid too.
  await catalog.clearSearch();
  await expect(catalog.categories).toBeVisible();
  await catalog.showGroup(target!.groupName);
  await catalog.showCategory(target!.categoryName);
  await expect(catalog.item(target!.id)).toHaveCount(0);
  const hiddenInCategory = offered.filter(
    (item) => item.categoryName === target!.categoryName && item.groupName === target!.groupName && item.allergens.includes(code),
  );
  await expect(catalog.hiddenCount).toContainText(`${hiddenInCategory.length} ${hiddenInCategory.length === 1 ? 'item' : 'items'} hidden`);
  await page.screenshot({ path: `${SCREENS}/catalog-allergen-filter.png` });

  // Showing it again brings the item back.
  await catalog.toggleAllergen(name, false);
  await expect(catalog.item(target!.id)).toHaveCount(1);
  await expect(catalog.hiddenCount).toHaveCount(0);
});
