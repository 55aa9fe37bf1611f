import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_HEADERS } from './support/processes';
import { listAll, type WireRecord } from './support/serverCatalog';
import { SettingsPage } from './support/SettingsPage';
import { openSyncedTerminal, startVendor } from './support/terminal';
import { useCleanup } from './support/cleanup';
import { seriousViolations as violations, expectTouchSize, screenshot } from './support/screens';

// Vendors and chain sync, with the sandbox as the referee, on the demo venue in manager mode (More →
// Manager, no PIN set): a vendor with a NIF another vendor has is refused ON the NIF field and
// nothing is created; a vendor created, edited (PUT) and deleted; an item of the vendor added,
// changed and removed — the sandbox's vendors and vendor items match each step. Chain sync: not
// offered until the account says it is the chain's master; then "Synced" (the child venue got the
// master's catalog) and when it last ran; set to a child venue, the Chain tab is gone.

const SHOTS = process.env.MANAGER_VENDORS_SHOTS; // e.g. /tmp/shots/vendors: extra copies

const { running, contexts } = useCleanup();

const shot = (page: Page, name: string) => screenshot(page, name, SHOTS);



/** Manager mode's Vendors tab, as a manager uses it. */
class VendorsPage {
  readonly search: Locator;
  readonly rows: Locator;
  readonly form: Locator;
  readonly details: Locator;
  readonly notice: Locator;
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByRole('searchbox', { name: 'Search vendors' });
    this.rows = page.getByTestId('vendor-row');
    this.form = page.getByTestId('vendor-form');
    this.details = page.getByTestId('vendor-details');
    this.notice = page.getByTestId('vendors-notice');
    this.items = page.getByTestId('vendor-item-row');
  }

  async openManager() {
    await this.page.getByRole('button', { name: 'More', exact: true }).click();
    await this.page.getByRole('menuitem', { name: 'Manager' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Manager' })).toBeVisible();
  }

  async open() {
    await this.openManager();
    await this.page.getByRole('tab', { name: 'Vendors' }).click();
    await expect(this.rows.first()).toBeVisible({ timeout: 30_000 });
  }

  field(label: string): Locator {
    return this.form.getByLabel(label);
  }

  row(id: number): Locator {
    return this.page.locator(`[data-testid="vendor-row"][data-vendor-id="${id}"]`);
  }

  async fill(fields: Record<string, string>) {
    for (const [label, value] of Object.entries(fields)) await this.field(label).fill(value);
  }

  async save() {
    const save = this.form.getByRole('button', { name: /^(Save vendor|Saving…)$/ });
    await expectTouchSize(save, 'Save vendor');
    await save.click();
  }

  itemRow(itemId: number): Locator {
    return this.page.locator(`[data-testid="vendor-item-row"][data-item-id="${itemId}"]`);
  }
}

async function posVendors(vendorUrl: string): Promise<WireRecord[]> {
  return listAll(vendorUrl, 'vendors');
}

async function posVendorItems(vendorUrl: string, vendorId: number): Promise<WireRecord[]> {
  return listAll(vendorUrl, `vendors/${vendorId}/items`);
}

test('demo venue: a duplicate NIF is refused on its field; a vendor created, edited and deleted; its items added, changed and removed; chain sync on the master only', async () => {
  test.setTimeout(240_000);
  const vendorUrl = await startVendor(running);
  const page = await openSyncedTerminal(vendorUrl, running, contexts);

  const before = await posVendors(vendorUrl);
  expect(before.length, 'the demo venue has vendors').toBeGreaterThan(0);
  const taken = before[0]!;
  const items = await listAll(vendorUrl, 'catalog/items');
  const names = new Map<string, number>();
  for (const item of items) names.set(String(item.name), (names.get(String(item.name)) ?? 0) + 1);
  // An item whose name is its own (so a search for it finds exactly it first).
  const pick = items.find((item) => item.name === 'Agua mineral 50 cl') ?? items.find((item) => names.get(String(item.name)) === 1)!;
  const pickId = Number(pick.id);
  const pickName = String(pick.name);

  const vendors = new VendorsPage(page);
  await vendors.open();
  await expect(vendors.rows).toHaveCount(before.length);
  await expectTouchSize(vendors.rows.first(), 'a vendor row');
  await shot(page, 'manager-vendors-list');
  expect(await violations(page), 'the vendor list').toEqual([]);

  // ——— A NIF another vendor has (in lower case, with spaces): refused on the NIF field, nothing created.
  await page.getByTestId('vendors-new').click();
  await expect(vendors.form).toBeVisible();
  // Required fields are checked before anything is sent.
  await vendors.save();
  await expect(page.getByTestId('vendor-error-name')).toHaveText('Required.');
  await expect(page.getByTestId('vendor-error-nif')).toHaveText('Required.');
  await expect(page.getByTestId('vendor-error-address')).toHaveText('Required.');
  await expect(vendors.field('Name')).toBeFocused();
  expect((await posVendors(vendorUrl)).length).toBe(before.length);

  await vendors.fill({ Name: 'Bodegas del Norte', 'NIF (tax id)': ` ${String(taken.nif).toLowerCase()} `, Address: 'Polígono Industrial 3, Bilbao' });
  await vendors.save();
  const nifError = page.getByTestId('vendor-error-nif');
  await expect(nifError).toContainText('Another vendor already has this NIF.');
  await expect(nifError).toContainText('has already been taken');
  await expect(vendors.field('NIF (tax id)')).toHaveAttribute('aria-invalid', 'true');
  await expect(vendors.field('NIF (tax id)')).toBeFocused();
  await expect(page.getByTestId('vendor-error-name')).toHaveCount(0);
  await expect(page.getByTestId('vendor-form-problem')).toContainText('nothing was saved');
  const afterRefusal = await posVendors(vendorUrl);
  expect(afterRefusal.length, 'nothing created').toBe(before.length);
  expect(afterRefusal.some((v) => v.name === 'Bodegas del Norte')).toBe(false);
  await shot(page, 'manager-vendors-nif-taken');
  expect(await violations(page), 'the refused form').toEqual([]);

  // ——— Created with a NIF of its own.
  await vendors.fill({ 'NIF (tax id)': 'B48000001', City: 'Bilbao', Phone: '944 000 111' });
  await vendors.save();
  await expect(vendors.notice).toHaveText('Bodegas del Norte was created.');
  await expect(vendors.details).toBeVisible();
  const created = (await posVendors(vendorUrl)).find((v) => v.nif === 'B48000001');
  expect(created).toMatchObject({ name: 'Bodegas del Norte', address: 'Polígono Industrial 3, Bilbao', city: 'Bilbao', phone: '944 000 111', email: null });
  const createdId = Number(created!.id);
  await expect(vendors.row(createdId)).toHaveAttribute('aria-current', 'true');
  await vendors.search.fill('norte bilbao');
  await expect(vendors.rows).toHaveCount(1);
  await vendors.search.fill('');

  // ——— Edited (PUT): city emptied, an e-mail added; the others stay.
  await page.getByTestId('vendor-edit').click();
  await expect(vendors.field('City')).toHaveValue('Bilbao');
  await vendors.fill({ City: '', 'E-mail': 'pedidos@bodegasnorte.es' });
  await vendors.save();
  await expect(vendors.notice).toHaveText('Bodegas del Norte was saved.');
  await expect(page.getByTestId('vendor-detail-email')).toContainText('pedidos@bodegasnorte.es');
  await expect(page.getByTestId('vendor-detail-city')).toHaveCount(0);
  const edited = (await posVendors(vendorUrl)).find((v) => Number(v.id) === createdId);
  expect(edited).toMatchObject({ name: 'Bodegas del Norte', nif: 'B48000001', city: null, phone: '944 000 111', email: 'pedidos@bodegasnorte.es' });

  // ——— An item: added (found by name in the terminal's catalog), changed, removed.
  await expect(page.getByText('No items from this vendor yet.')).toBeVisible();
  await page.getByTestId('vendor-items-add-search').fill(pickName);
  const result = page.locator(`[data-testid="vendor-items-add-result"][data-item-id="${pickId}"]`);
  await expectTouchSize(result, 'an item found');
  await result.click();
  const editor = page.getByTestId('vendor-item-editor');
  await editor.getByLabel('Cost of a pack (€)').fill('abc');
  await editor.getByLabel('Units in a pack').fill('0');
  await editor.getByRole('button', { name: 'Save item' }).click();
  await expect(page.getByTestId('vendor-item-error-cost')).toBeVisible();
  await expect(page.getByTestId('vendor-item-error-pack')).toBeVisible();
  expect(await posVendorItems(vendorUrl, createdId)).toEqual([]);
  await editor.getByLabel('Cost of a pack (€)').fill('12.50');
  await editor.getByLabel('Units in a pack').fill('6');
  await editor.getByRole('button', { name: 'Save item' }).click();
  await expect(vendors.itemRow(pickId)).toBeVisible();
  await expect(vendors.itemRow(pickId).getByRole('rowheader')).toHaveText(pickName);
  await expect(vendors.itemRow(pickId).getByTestId('vendor-item-cost-shown')).toHaveText('€12.50');
  expect(await posVendorItems(vendorUrl, createdId)).toEqual([expect.objectContaining({ item_id: pickId, costPrice: '12.50', pack: 6 })]);
  await shot(page, 'manager-vendors-items');
  expect(await violations(page), 'the vendor with an item').toEqual([]);

  await vendors.itemRow(pickId).getByTestId('vendor-item-change').click();
  await expect(editor.getByLabel('Cost of a pack (€)')).toHaveValue('12.50');
  await editor.getByLabel('Cost of a pack (€)').fill('13.99');
  await editor.getByLabel('Units in a pack').fill('12');
  await editor.getByRole('button', { name: 'Save item' }).click();
  await expect(vendors.itemRow(pickId).getByTestId('vendor-item-cost-shown')).toHaveText('€13.99');
  await expect(vendors.itemRow(pickId).getByTestId('vendor-item-pack-shown')).toHaveText('12');
  expect(await posVendorItems(vendorUrl, createdId)).toEqual([expect.objectContaining({ item_id: pickId, costPrice: '13.99', pack: 12 })]);

  await vendors.itemRow(pickId).getByTestId('vendor-item-remove').click();
  const removeConfirm = page.getByTestId('vendor-item-remove-confirm');
  await expect(removeConfirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await removeConfirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(vendors.items).toHaveCount(0);
  await expect(page.getByText('No items from this vendor yet.')).toBeVisible();
  expect(await posVendorItems(vendorUrl, createdId)).toEqual([]);

  // ——— Deleted, asked first (Cancel keeps it).
  await page.getByTestId('vendor-delete').click();
  const deleteConfirm = page.getByTestId('vendor-delete-confirm');
  await expect(deleteConfirm).toContainText('Delete Bodegas del Norte?');
  await shot(page, 'manager-vendors-delete-confirm');
  await deleteConfirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(deleteConfirm).toHaveCount(0);
  await page.getByTestId('vendor-delete').click();
  await page.getByTestId('vendor-delete-confirm').getByRole('button', { name: 'Delete vendor' }).click();
  await expect(vendors.notice).toHaveText('Bodegas del Norte was deleted.');
  await expect(vendors.row(createdId)).toHaveCount(0);
  const afterDelete = await posVendors(vendorUrl);
  expect(afterDelete.map((v) => v.id)).toEqual(before.map((v) => v.id));

  // Portrait: the list, then one vendor with "All vendors" to go back.
  await page.setViewportSize({ width: 800, height: 1280 });
  await shot(page, 'manager-vendors-list-portrait');
  await vendors.row(Number(taken.id)).click();
  await expect(vendors.details).toBeVisible();
  await expect(vendors.search).toBeHidden();
  await shot(page, 'manager-vendors-details-portrait');
  await page.getByRole('button', { name: 'All vendors' }).click();
  await expect(vendors.search).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  // ——— Chain sync: not offered on an account that has not said it is a master.
  await expect(page.getByRole('tab', { name: 'Chain' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to floor' }).click();
  const settings = new SettingsPage(page);
  await settings.open();
  await expect(page.getByTestId('settings-chain-role').getByRole('radio', { name: /^Not in a chain/ })).toBeChecked();
  await settings.choose('Chain master');
  await settings.save();
  await settings.backToFloor();

  // The master's catalog gets an item the child lacks; the sync copies it.
  const category = items[0]!.category_id;
  const made = await fetch(`${vendorUrl}/api/external/v2/catalog/items`, {
    method: 'POST',
    headers: { ...DEMO_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Vermut de la casa (cadena)', price: 3.5, costPrice: 1.2, type: 0, category_id: category }),
  });
  expect(made.status).toBeLessThan(300);
  const childItems = async () => {
    const res = await fetch(`${vendorUrl}/api/external/v2/catalog/items?pagination=200&page=1`, { headers: { ...DEMO_HEADERS, tenant: 'demo-child' } });
    const first = (await res.json()) as { data: WireRecord[]; last_page: number };
    const all = [...first.data];
    for (let p = 2; p <= first.last_page; p++) {
      const next = (await (await fetch(`${vendorUrl}/api/external/v2/catalog/items?pagination=200&page=${p}`, { headers: { ...DEMO_HEADERS, tenant: 'demo-child' } })).json()) as { data: WireRecord[] };
      all.push(...next.data);
    }
    return all;
  };
  expect((await childItems()).some((i) => i.name === 'Vermut de la casa (cadena)')).toBe(false);

  await vendors.openManager();
  await page.getByRole('tab', { name: 'Chain' }).click();
  await expect(page.getByTestId('chain-last-sync')).toHaveText('The chain has not been synced from this terminal.');
  const syncButton = page.getByTestId('chain-sync');
  await expectTouchSize(syncButton, 'Sync the chain');
  await syncButton.click();
  await expect(page.getByTestId('chain-sync-confirm')).toBeVisible();
  await page.getByTestId('chain-sync-go').click();
  await expect(page.getByTestId('chain-sync-result')).toContainText('Synced.');
  await expect(page.getByTestId('chain-sync-result')).toContainText('The POS said: \u201cSynced\u201d');
  await expect(page.getByTestId('chain-last-sync')).toContainText('Last synced from this terminal:');
  expect((await childItems()).some((i) => i.name === 'Vermut de la casa (cadena)'), 'the child got the master catalog').toBe(true);
  await shot(page, 'manager-chain-synced');
  expect(await violations(page), 'the Chain tab').toEqual([]);
  await page.setViewportSize({ width: 800, height: 1280 });
  await shot(page, 'manager-chain-portrait');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The Activity list has every write of this test, the refusal among them.
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByTestId('activity-row').filter({ hasText: 'Chain sync' })).toHaveCount(1);
  await expect(page.getByTestId('activity-row').filter({ hasText: 'Vendor created' }).filter({ hasText: 'Refused' })).toHaveCount(1);

  // ——— Set to a child venue: the Chain tab is not offered.
  await page.getByRole('button', { name: 'Back to floor' }).click();
  await settings.open();
  await settings.choose('Venue of a chain');
  await settings.save();
  await page.getByTestId('settings-chain-role').scrollIntoViewIfNeeded();
  await shot(page, 'manager-chain-role-setting');
  await settings.backToFloor();
  await vendors.openManager();
  await expect(page.getByRole('tab', { name: 'Vendors' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Chain' })).toHaveCount(0);
});
