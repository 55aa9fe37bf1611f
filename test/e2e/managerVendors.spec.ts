import { expect, test, type Page } from '@playwright/test';
import { DEMO_HEADERS } from './support/processes';
import { listAll, type WireRecord } from './support/serverCatalog';
import { SettingsPage } from './pages/SettingsPage';
import { openSyncedTerminal, startVendor } from './support/terminal';
import { useCleanup } from './support/cleanup';
import { ChainTab } from './pages/manager/ChainTab';
import { VendorsTab } from './pages/manager/VendorsTab';
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

  const vendors = new VendorsTab(page);
  await vendors.open();
  await expect(vendors.rows).toHaveCount(before.length);
  await expectTouchSize(vendors.rows.first(), 'a vendor row');
  await shot(page, 'manager-vendors-list');
  expect(await violations(page), 'the vendor list').toEqual([]);

  // ——— A NIF another vendor has (in lower case, with spaces): refused on the NIF field, nothing created.
  await vendors.startNew();
  // Required fields are checked before anything is sent.
  await vendors.save();
  await expect(vendors.error('name')).toHaveText('Required.');
  await expect(vendors.error('nif')).toHaveText('Required.');
  await expect(vendors.error('address')).toHaveText('Required.');
  await expect(vendors.field('Name')).toBeFocused();
  expect((await posVendors(vendorUrl)).length).toBe(before.length);

  await vendors.fill({ Name: 'Bodegas del Norte', 'NIF (tax id)': ` ${String(taken.nif).toLowerCase()} `, Address: 'Polígono Industrial 3, Bilbao' });
  await vendors.save();
  const nifError = vendors.error('nif');
  await expect(nifError).toContainText('Another vendor already has this NIF.');
  await expect(nifError).toContainText('has already been taken');
  await expect(vendors.field('NIF (tax id)')).toHaveAttribute('aria-invalid', 'true');
  await expect(vendors.field('NIF (tax id)')).toBeFocused();
  await expect(vendors.error('name')).toHaveCount(0);
  await expect(vendors.formProblem).toContainText('nothing was saved');
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
  await vendors.edit();
  await expect(vendors.field('City')).toHaveValue('Bilbao');
  await vendors.fill({ City: '', 'E-mail': 'pedidos@bodegasnorte.es' });
  await vendors.save();
  await expect(vendors.notice).toHaveText('Bodegas del Norte was saved.');
  await expect(vendors.detail('email')).toContainText('pedidos@bodegasnorte.es');
  await expect(vendors.detail('city')).toHaveCount(0);
  const edited = (await posVendors(vendorUrl)).find((v) => Number(v.id) === createdId);
  expect(edited).toMatchObject({ name: 'Bodegas del Norte', nif: 'B48000001', city: null, phone: '944 000 111', email: 'pedidos@bodegasnorte.es' });

  // ——— An item: added (found by name in the terminal's catalog), changed, removed.
  await expect(vendors.noItems).toBeVisible();
  const result = await vendors.addItemResult(pickName, pickId);
  await expectTouchSize(result, 'an item found');
  await result.click();
  const editor = vendors.itemEditor;
  await editor.save('abc', '0');
  await expect(editor.costError).toBeVisible();
  await expect(editor.packError).toBeVisible();
  expect(await posVendorItems(vendorUrl, createdId)).toEqual([]);
  await editor.save('12.50', '6');
  await expect(vendors.itemRow(pickId).root).toBeVisible();
  await expect(vendors.itemRow(pickId).name).toHaveText(pickName);
  await expect(vendors.itemRow(pickId).cost).toHaveText('€12.50');
  expect(await posVendorItems(vendorUrl, createdId)).toEqual([expect.objectContaining({ item_id: pickId, costPrice: '12.50', pack: 6 })]);
  await shot(page, 'manager-vendors-items');
  expect(await violations(page), 'the vendor with an item').toEqual([]);

  await vendors.itemRow(pickId).change.click();
  await expect(editor.cost).toHaveValue('12.50');
  await editor.save('13.99', '12');
  await expect(vendors.itemRow(pickId).cost).toHaveText('€13.99');
  await expect(vendors.itemRow(pickId).pack).toHaveText('12');
  expect(await posVendorItems(vendorUrl, createdId)).toEqual([expect.objectContaining({ item_id: pickId, costPrice: '13.99', pack: 12 })]);

  await vendors.removeItem(pickId);
  await expect(vendors.items).toHaveCount(0);
  await expect(vendors.noItems).toBeVisible();
  expect(await posVendorItems(vendorUrl, createdId)).toEqual([]);

  // ——— Deleted, asked first (Cancel keeps it).
  await vendors.askToDelete();
  const deleteConfirm = vendors.deleteConfirm;
  await expect(deleteConfirm).toContainText('Delete Bodegas del Norte?');
  await shot(page, 'manager-vendors-delete-confirm');
  await vendors.answerDelete('Cancel');
  await expect(deleteConfirm).toHaveCount(0);
  await vendors.askToDelete();
  await vendors.answerDelete('Delete vendor');
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
  await vendors.allVendors();
  await expect(vendors.search).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  // ——— Chain sync: not offered on an account that has not said it is a master.
  const chain = new ChainTab(page);
  await expect(chain.tab).toHaveCount(0);
  await vendors.manager.backToFloor();
  const settings = new SettingsPage(page);
  await settings.open();
  await expect(settings.choice('Not in a chain')).toBeChecked();
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
      const next = (await (
        await fetch(`${vendorUrl}/api/external/v2/catalog/items?pagination=200&page=${p}`, { headers: { ...DEMO_HEADERS, tenant: 'demo-child' } })
      ).json()) as { data: WireRecord[] };
      all.push(...next.data);
    }
    return all;
  };
  expect((await childItems()).some((i) => i.name === 'Vermut de la casa (cadena)')).toBe(false);

  await vendors.manager.open();
  await chain.open();
  await expect(chain.lastSync).toHaveText('The chain has not been synced from this terminal.');
  await expectTouchSize(chain.syncButton, 'Sync the chain');
  await chain.sync();
  await expect(chain.result).toContainText('Synced.');
  await expect(chain.result).toContainText('The POS said: \u201cSynced\u201d');
  await expect(chain.lastSync).toContainText('Last synced from this terminal:');
  expect(
    (await childItems()).some((i) => i.name === 'Vermut de la casa (cadena)'),
    'the child got the master catalog',
  ).toBe(true);
  await shot(page, 'manager-chain-synced');
  expect(await violations(page), 'the Chain tab').toEqual([]);
  await page.setViewportSize({ width: 800, height: 1280 });
  await shot(page, 'manager-chain-portrait');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The Activity list has every write of this test, the refusal among them.
  await vendors.manager.openActivity();
  await expect(vendors.manager.activityWith('Chain sync')).toHaveCount(1);
  await expect(vendors.manager.activityWith('Vendor created', 'Refused')).toHaveCount(1);

  // ——— Set to a child venue: the Chain tab is not offered.
  await vendors.manager.backToFloor();
  await settings.open();
  await settings.choose('Venue of a chain');
  await settings.save();
  await settings.choice('Venue of a chain').scrollIntoViewIfNeeded();
  await shot(page, 'manager-chain-role-setting');
  await settings.backToFloor();
  await vendors.manager.open();
  await expect(vendors.manager.tab('Vendors')).toBeVisible();
  await expect(chain.tab).toHaveCount(0);
});
