import { allergenName, CatalogPage, eurosOfCents as euros } from './pages/CatalogPage';
import { OrderPage } from './pages/OrderPage';
import { listAll, type WireRecord } from './support/serverCatalog';
import { expect, test } from './support/fixtures';

// The order builder on the demo venue — a selling-format item, an item with a mandatory
// modifier and a menu with a supplement — and a ticket total equal to one computed here,
// independently, from the sandbox's catalog API.

const SCREENS = 'test-results/screens';

/** The test's own money: a wire price ("13.50" or 13.5) in integer cents. */
const cents = (value: unknown) => Math.round(Number(value) * 100);

function one(records: WireRecord[], what: string, match: (r: WireRecord) => boolean): WireRecord {
  const found = records.filter(match);
  expect(found, what).toHaveLength(1);
  return found[0]!;
}

test('demo venue: a format, a mandatory modifier and a menu with a supplement add up to the total the catalog API gives', async ({ vendor, terminal }) => {
  // The expected total, from the vendor's catalog read over HTTP (not through the terminal's code).
  const [items, formats, formatPivots, modifiers, menuCategories, menuPivots] = await Promise.all([
    listAll(vendor.url, 'catalog/items'),
    listAll(vendor.url, 'catalog/sellingFormats'),
    listAll(vendor.url, 'catalog/sellingFormatPivots'),
    listAll(vendor.url, 'catalog/modifiers'),
    listAll(vendor.url, 'catalog/menuMenuCategories'),
    listAll(vendor.url, 'catalog/menuMenuItemCategoryPivots'),
  ]);
  const item = (name: string) => one(items, name, (r) => r.name === name);
  const jamon = item('Jamón ibérico de bellota');
  const media = one(formats, 'Media ración', (r) => r.name === 'Media ración');
  const jamonMedia = one(formatPivots, 'jamón media', (r) => Number(r.item_id) === Number(jamon.id) && Number(r.format_id) === Number(media.id));
  const burger = item('Hamburguesa de ternera gallega');
  const queso = one(modifiers, '+ Queso', (r) => r.name === '+ Queso');
  const menu = item('Menú del día');
  const ofMenu = menuCategories.filter((c) => Number(c.item_id) === Number(menu.id)).map((c) => Number(c.id));
  const dish = (name: string) =>
    one(menuPivots, `${name} in the menu`, (p) => ofMenu.includes(Number(p.category_id)) && Number(p.item_id) === Number(item(name).id));
  const menuDishes = ['Escalivada', 'Entrecot de ternera', 'Agua mineral 50 cl'];
  const supplements = menuDishes.map((name) => cents(dish(name).price));
  expect(
    supplements.some((s) => s > 0),
    'the menu has a supplement',
  ).toBe(true);

  const jamonCents = cents(jamonMedia.price);
  const burgerCents = cents(burger.price) + cents(queso.price);
  const menuCents = cents(menu.price) + supplements.reduce((a, b) => a + b, 0);
  const expectedTotal = jamonCents + burgerCents + menuCents;

  const page = await terminal.openSynced();
  const catalog = new CatalogPage(page);
  const order = new OrderPage(page);
  await catalog.open();
  await expect(order.ticket).toContainText('No items yet');

  // A selling-format item: its formats, named with their price; choosing one adds the line.
  await catalog.search('jamon iberico');
  await catalog.itemButton('Jamón ibérico de bellota').tap();
  await expect(order.option('Media ración')).toContainText(euros(jamonCents));
  await order.choose('Media ración');
  await expect(order.sheet).toBeHidden();
  await expect(order.line('Jamón ibérico de bellota')).toContainText('Media ración');
  await order.expectLineTotal('Jamón ibérico de bellota', euros(jamonCents));

  // A mandatory modifier: "Add" stays disabled, saying why, until the meat's doneness is chosen.
  await catalog.search('hamburguesa');
  await catalog.itemButton('Hamburguesa de ternera gallega').tap();
  await expect(order.sheet).toContainText('Punto de la carne');
  await expect(order.addButton).toBeDisabled();
  await expect(order.reason).toHaveText('Choose Punto de la carne');
  await page.screenshot({ path: `${SCREENS}/order-sheet-incomplete.png` });
  await order.choose('+ Queso');
  await expect(order.option('+ Queso')).toHaveAttribute('aria-pressed', 'true');
  await expect(order.addButton).toBeDisabled();
  await order.choose('Al punto');
  await expect(order.option('Al punto')).toHaveAttribute('aria-pressed', 'true');
  await expect(order.addButton).toBeEnabled();
  await page.screenshot({ path: `${SCREENS}/order-modifier-sheet.png` });
  await order.add();
  await expect(order.line('Hamburguesa de ternera gallega')).toContainText('Al punto');
  await expect(order.line('Hamburguesa de ternera gallega')).toContainText('+ Queso');

  // A menu: one first course with a supplement, a second course with its own mandatory modifier.
  await catalog.search('menu del dia');
  await catalog.itemButton('Menú del día').tap();
  await expect(order.addButton).toBeDisabled();
  await expect(order.reason).toContainText('Primeros');
  await expect(order.option('Agua mineral 50 cl')).toHaveAttribute('aria-pressed', 'true'); // "select by default"
  await order.choose('Escalivada');
  await expect(order.option('Escalivada')).toContainText(`+${euros(supplements[0]!)}`);
  await order.choose('Entrecot de ternera');
  await expect(order.addButton).toBeDisabled();
  await expect(order.reason).toHaveText('Entrecot de ternera: Choose Punto de la carne');
  await order.choose('Poco hecho');
  await expect(order.addButton).toBeEnabled();
  await page.screenshot({ path: `${SCREENS}/order-menu-sheet.png` });
  await order.add();
  await expect(order.line('Menú del día')).toContainText('Escalivada');
  await expect(order.line('Menú del día')).toContainText('Entrecot de ternera (Poco hecho)');

  await expect(order.lines).toHaveCount(3);
  await expect(order.total).toHaveText(euros(expectedTotal));

  // Quantity and a note: + doubles the line, − brings it back; the total follows exactly.
  await order.oneMore('Jamón ibérico de bellota');
  await expect(order.total).toHaveText(euros(expectedTotal + jamonCents));
  await order.oneFewer('Jamón ibérico de bellota');
  await expect(order.total).toHaveText(euros(expectedTotal));
  await order.writeNote('Hamburguesa de ternera gallega', 'Sin pepinillos');
  await expect(order.line('Hamburguesa de ternera gallega')).toContainText('Note: Sin pepinillos');
  await page.screenshot({ path: `${SCREENS}/order-ticket.png` });

  // The allergen filter covers menu dishes: hiding one of Ensalada mixta's allergens (one the menu
  // itself does not declare) hides that first course in the menu's sheet, and says so.
  const codes = (record: WireRecord) =>
    String(record.allergies ?? '')
      .split(';')
      .filter((code) => /^\d+$/.test(code))
      .map(Number);
  const hiddenCode = codes(item('Ensalada mixta')).find((code) => !codes(menu).includes(code));
  expect(hiddenCode, 'Ensalada mixta declares an allergen the menu does not').toBeDefined();
  await catalog.toggleAllergen(allergenName(hiddenCode!), true);
  await page.keyboard.press('Escape');
  await catalog.itemButton('Menú del día').tap();
  await expect(order.option('Escalivada')).toBeVisible();
  await expect(order.option('Ensalada mixta')).toHaveCount(0);
  await order.expectHiddenDishes();
  await order.cancel();
  await expect(order.total).toHaveText(euros(expectedTotal));
});

// Modifier choice rules the vendor's records carry beyond spec 2.6 (clarifications: a modifier's
// `autoSelected`, a modifier category's `min`/`max`; `shouldHide`): the demo venue serves them and
// the sheet honours them (docs/decisions.md "Modifier choice rules").
test('demo venue: auto-selected modifiers start chosen, a category’s min/max is enforced in words, hidden categories are not offered', async ({
  vendor,
  terminal,
}) => {
  const [modifierCategories, modifierGroups, modifierPivots] = await Promise.all([
    listAll(vendor.url, 'catalog/modifierCategories'),
    listAll(vendor.url, 'catalog/modifierGroups'),
    listAll(vendor.url, 'catalog/modifierPivots'),
  ]);
  // What the server says, read over HTTP: the burgers' group holds a category it asks to hide.
  const hidden = one(modifierCategories, 'a hidden category', (c) => Number(c.shouldHide) === 1);
  const burgers = one(modifierGroups, 'Hamburguesas', (g) => g.name === 'Hamburguesas');
  expect(modifierPivots.some((p) => Number(p.group_id) === Number(burgers.id) && Number(p.category_id) === Number(hidden.id))).toBe(true);
  const flavours = one(modifierCategories, 'Sabores del helado', (c) => c.name === 'Sabores del helado');
  expect([Number(flavours.min), Number(flavours.max)]).toEqual([1, 3]);

  const page = await terminal.openSynced();
  const catalog = new CatalogPage(page);
  const order = new OrderPage(page);
  await catalog.open();

  // An auto-selected modifier starts chosen: the gin-tonic opens with its usual tonic, ready to add.
  await catalog.search('gin-tonic');
  await catalog.itemButton('Gin-tonic').tap();
  await expect(order.rule('Tónica o refresco')).toContainText('Choose 1');
  await expect(order.option('Tónica Schweppes')).toHaveAttribute('aria-pressed', 'true');
  await expect(order.addButton).toBeEnabled();
  await order.add();
  await expect(order.line('Gin-tonic')).toContainText('Tónica Schweppes');

  // A category that needs a choice, with a limit: "Choose 1 to 3"; Add waits, saying why; once three
  // are chosen the others are not offered, in words.
  await catalog.search('copa de helado');
  await catalog.itemButton('Copa de helado').tap();
  await expect(order.rule('Sabores del helado')).toContainText('Choose 1 to 3');
  await expect(order.addButton).toBeDisabled();
  await expect(order.reason).toHaveText('Choose 1 more from Sabores del helado');
  for (const flavour of ['Vainilla', 'Chocolate', 'Fresa']) await order.choose(flavour);
  await expect(order.addButton).toBeEnabled();
  await expect(order.rule('Sabores del helado')).toContainText('Limit reached (3): untick one to choose another');
  await expect(order.option('Turrón')).toHaveAttribute('aria-disabled', 'true');
  await expect(order.option('Turrón')).toHaveAttribute('aria-pressed', 'false');
  await page.screenshot({ path: `${SCREENS}/order-sheet-limits.png` });
  await order.add();
  await expect(order.line('Copa de helado')).toContainText('Fresa');
  await expect(order.line('Copa de helado')).not.toContainText('Turrón');

  // The hidden category is not offered; the others keep their words ("Optional, up to 3").
  await catalog.search('hamburguesa');
  await catalog.itemButton('Hamburguesa de ternera gallega').tap();
  await expect(order.rule('Extras')).toContainText('Optional, up to 3');
  await expect(order.rule('Punto de la carne')).toBeVisible();
  await expect(order.sheet).not.toContainText(String(hidden.name));
  await expect(order.option('Envase compostable')).toHaveCount(0);
  await order.cancel();
  await expect(order.lines).toHaveCount(2);
});
