import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { rateFromWire, ratePrice } from '../contract/retail/shopReferee';
import { retailGet, type Wire } from './support/shop';
import { expect, test } from './support/shopFixtures';
import { scanProducts } from './support/shopCatalog';
import { seriousViolations as violations } from './support/screens';
import { eurosOfCents as euros } from './pages/CatalogPage';

// The till's customer (and "or it follows the customer's" price rate): the till's customer on the demo
// shop — the vendor's retail sandbox, the browser shell on a shop account at it, its real catalog synced. The sandbox's own
// API is the referee: a member found by their phone brings their price rate (the line's price in
// it computed here from the sandbox's rate, not by the terminal's code); a customer created at the
// till is listed by GET config/customers; one without an address never reaches it; a PATCH changes
// the phone there; offline, nothing is created.

test.use({ actionTimeout: 20_000 });
test.setTimeout(300_000);

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/tillcustomer';

interface ShopCustomerWire {
  id: number;
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  nif: string | null;
  price_rate_id?: number | null;
}

/** Every customer of the demo shop, as GET config/customers lists them. */
async function customersAtShop(retailUrl: string): Promise<ShopCustomerWire[]> {
  const all: ShopCustomerWire[] = [];
  for (let page = 1; ; page++) {
    const body = await retailGet<{ data: ShopCustomerWire[]; last_page: number }>(retailUrl, `config/customers?pagination=200&page=${page}`);
    all.push(...body.data);
    if (page >= body.last_page) return all;
  }
}

test('chooses a member (their rate reprices the sale), creates and edits a customer at the shop, online only (1280×800)', async ({
  vendor: { retailUrl, control },
  openShop,
}) => {
  await mkdir(SHOTS, { recursive: true });
  const till = await openShop();
  const { page, customer: picker } = till;
  const found: string[] = [];

  // The referee's facts: a member of the shop with their own price rate, that rate with its
  // products, and a product the rate reprices by its percentage and rounding.
  const before = await customersAtShop(retailUrl);
  const member = before.find((c) => typeof c.price_rate_id === 'number' && c.phone !== null);
  if (!member) throw new Error('the demo shop has no customer with a price rate');
  const rawRate = (await retailGet<Wire[]>(retailUrl, 'promotions/priceRates')).find((r) => Number(r.id) === member.price_rate_id)!;
  const rate = rateFromWire(rawRate, await retailGet<Wire[]>(retailUrl, `promotions/priceRates/${member.price_rate_id}/products`));
  const repriced = (p: { id: number; priceCents: number }) => !rate.linked.has(p.id) && (ratePrice(rate, p.id, p.priceCents) ?? p.priceCents) !== p.priceCents;
  const product = (await scanProducts(retailUrl, (products) => products.some(repriced))).find(repriced)!;
  const shelf = euros(product.priceCents);
  const rated = euros(ratePrice(rate, product.id, product.priceCents)!);

  await till.scanProduct(product.barcode, product.id, 1);
  const measure = till.line(product.id).measure;
  await expect(measure).toContainText(shelf);
  await expect(picker.name).toHaveText('No customer');

  // The dialog lists the synced customers; the member is found by their phone typed with spaces.
  await picker.open();
  await expect(picker.rows.first()).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'customer-list-1280x800.png') });
  found.push(...(await violations(page)).map((v) => `list: ${v}`));
  await picker.search(member.phone!.replace(/(\d{3})(?=\d)/g, '$1 '));
  await expect(picker.rows).toHaveCount(1);
  await expect(picker.rows.first()).toContainText(member.name);
  await expect(picker.rows.first()).toContainText(`Rate: ${String(rawRate.name)}`);
  await picker.rows.first().tap();
  await expect(picker.dialog).toBeHidden();
  await expect(picker.name).toHaveText(member.name);
  // Their rate is the sale's, and the basket is repriced in it.
  await expect(till.rate).toHaveValue(String(rate.id));
  await expect(measure).toContainText(rated);
  await page.screenshot({ path: join(SHOTS, 'customer-chosen-1280x800.png') });

  // No customer again: the shop prices (the clerk chose no rate).
  await picker.open();
  await expect(picker.dialog).toContainText(`Now: ${member.name}, at their rate ${String(rawRate.name)}`);
  await picker.search(member.name);
  await expect(picker.row(member.id)).toHaveAttribute('aria-pressed', 'true');
  await picker.clear();
  await expect(picker.name).toHaveText('No customer');
  await expect(till.rate).toHaveValue('');
  await expect(measure).toContainText(shelf);

  // A new customer without an address: the field says so and nothing reaches the shop.
  await picker.open();
  await picker.startNew();
  await expect(picker.field('name')).toBeFocused();
  await picker.fill({ name: 'Marta Soler Puig', email: 'marta@' });
  await picker.save();
  await expect(picker.error('address')).toHaveText('Required.');
  await expect(picker.field('address')).toHaveAttribute('aria-invalid', 'true');
  await expect(picker.error('email')).toContainText('Not an e-mail address');
  await expect(picker.error('name')).toHaveCount(0);
  await page.screenshot({ path: join(SHOTS, 'customer-form-errors-1280x800.png') });
  found.push(...(await violations(page)).map((v) => `form: ${v}`));
  expect(await customersAtShop(retailUrl)).toHaveLength(before.length);

  // Completed, it is created at the shop and becomes the sale's customer.
  await picker.fill({
    address: 'Carrer de Provença 200, 3r 1a',
    postalCode: '08008',
    city: 'Barcelona',
    email: 'marta.soler@example.com',
    phone: '600 123 456',
    nif: '12345678Z',
  });
  await picker.save();
  await expect(picker.dialog).toBeHidden();
  await expect(picker.name).toHaveText('Marta Soler Puig');
  const created = () => customersAtShop(retailUrl).then((all) => all.find((c) => c.name === 'Marta Soler Puig') ?? null);
  await expect.poll(created, { timeout: 30_000 }).toMatchObject({
    address: 'Carrer de Provença 200, 3r 1a',
    postalCode: '08008',
    city: 'Barcelona',
    email: 'marta.soler@example.com',
    phone: '600 123 456',
    nif: '12345678Z',
  });
  const marta = (await created())!;
  await expect(picker.button).toHaveAttribute('data-customer-id', String(marta.id));
  expect(await customersAtShop(retailUrl)).toHaveLength(before.length + 1);

  // The search finds her at once, before any sync.
  await picker.open();
  await picker.search('marta soler');
  await expect(picker.rows).toHaveCount(1);
  await expect(picker.rows.first()).toHaveAttribute('aria-pressed', 'true');

  // Edit: the phone changes at the shop; nothing else does.
  await picker.editChosen();
  await expect(picker.field('phone')).toHaveValue('600 123 456');
  await picker.save();
  await expect(picker.problem).toHaveText('Nothing was changed.');
  await picker.fill({ phone: '699 000 111' });
  await picker.save();
  await expect(picker.notice).toHaveText('The changes to Marta Soler Puig were saved.');
  await expect.poll(async () => (await created())?.phone, { timeout: 30_000 }).toBe('699 000 111');
  expect(await created()).toEqual({ ...marta, phone: '699 000 111', updated_at: expect.any(String) });
  await picker.search('699 000');
  await expect(picker.rows).toHaveCount(1);
  await picker.close();

  // Offline: said at once (or, if the request left, that the shop did not answer); nothing is created.
  await control.offline();
  try {
    await picker.open();
    await picker.startNew();
    await picker.fill({ name: 'Sense Connexió', address: 'Carrer 1' });
    await picker.save();
    await expect(picker.problem).toContainText(/No connection to the shop|The shop did not answer/, { timeout: 60_000 });
    await page.screenshot({ path: join(SHOTS, 'customer-offline-1280x800.png') });
    await page.keyboard.press('Escape'); // back to the list
    await expect(picker.form).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(picker.dialog).toBeHidden();
  } finally {
    await control.online();
  }
  expect((await customersAtShop(retailUrl)).map((c) => c.name)).not.toContain('Sense Connexió');
  expect(found).toEqual([]);
});

test('the customer dialog and form in portrait (800×1280)', async ({ vendor: { retailUrl }, openShop }) => {
  await mkdir(SHOTS, { recursive: true });
  const { page, customer: picker } = await openShop({ viewport: { width: 800, height: 1280 } });
  const before = await customersAtShop(retailUrl);
  const found: string[] = [];
  await picker.open();
  await expect(picker.rows.first()).toBeVisible();
  // Every row is a touch target at least 44 px high.
  const box = await picker.rows.first().boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: join(SHOTS, 'customer-list-800x1280.png') });
  found.push(...(await violations(page)).map((v) => `list: ${v}`));
  await picker.startNew();
  await picker.fill({ name: '  ', phone: '12' });
  await picker.save();
  await expect(picker.error('name')).toHaveText('Required.');
  await expect(picker.error('address')).toHaveText('Required.');
  await expect(picker.error('phone')).toHaveText('Not a phone number: 6 to 15 digits.');
  await page.screenshot({ path: join(SHOTS, 'customer-form-errors-800x1280.png') });
  found.push(...(await violations(page)).map((v) => `form: ${v}`));
  await picker.back();
  await expect(picker.searchField).toBeFocused();
  // Chosen: the basket's header names the customer.
  await picker.rows.first().tap();
  await expect(picker.dialog).toBeHidden();
  await expect(picker.name).not.toHaveText('No customer');
  await page.screenshot({ path: join(SHOTS, 'customer-chosen-800x1280.png') });
  found.push(...(await violations(page)).map((v) => `basket: ${v}`));
  await picker.open();
  await picker.close();
  expect(await customersAtShop(retailUrl)).toHaveLength(before.length);
  expect(found).toEqual([]);
});
