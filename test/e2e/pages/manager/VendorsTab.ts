import { expect, type Locator, type Page } from '@playwright/test';
import { expectTouchSize } from '../../support/screens';
import { ManagerScreen } from './ManagerScreen';

/** Manager mode's Vendors tab, as a manager uses it: the list, a vendor's form and details, its items. */
export class VendorsTab {
  readonly manager: ManagerScreen;
  readonly search: Locator;
  readonly rows: Locator;
  readonly form: Locator;
  readonly formProblem: Locator;
  readonly details: Locator;
  readonly notice: Locator;
  readonly items: Locator;
  readonly noItems: Locator;
  readonly itemEditor: VendorItemEditor;
  readonly removeItemConfirm: Locator;
  readonly deleteConfirm: Locator;

  constructor(readonly page: Page) {
    this.manager = new ManagerScreen(page);
    this.search = page.getByRole('searchbox', { name: 'Search vendors' });
    this.rows = page.getByTestId('vendor-row');
    this.form = page.getByTestId('vendor-form');
    this.formProblem = page.getByTestId('vendor-form-problem');
    this.details = page.getByTestId('vendor-details');
    this.notice = page.getByTestId('vendors-notice');
    this.items = page.getByTestId('vendor-item-row');
    this.noItems = page.getByText('No items from this vendor yet.');
    this.itemEditor = new VendorItemEditor(page.getByTestId('vendor-item-editor'));
    this.removeItemConfirm = page.getByTestId('vendor-item-remove-confirm');
    this.deleteConfirm = page.getByTestId('vendor-delete-confirm');
  }

  /** More → Manager → Vendors, the list read. */
  async open() {
    await this.manager.open();
    await this.manager.tab('Vendors').click();
    await expect(this.rows.first()).toBeVisible({ timeout: 30_000 });
  }

  field(label: string): Locator {
    return this.form.getByLabel(label);
  }
  /** A field's problem ("name", "nif", "address"). */
  error(field: string): Locator {
    return this.page.getByTestId(`vendor-error-${field}`);
  }
  /** A line of the vendor's details ("email", "city"). */
  detail(field: string): Locator {
    return this.page.getByTestId(`vendor-detail-${field}`);
  }

  row(id: number): Locator {
    return this.page.locator(`[data-testid="vendor-row"][data-vendor-id="${id}"]`);
  }

  async startNew() {
    await this.page.getByTestId('vendors-new').click();
    await expect(this.form).toBeVisible();
  }
  async edit() {
    await this.page.getByTestId('vendor-edit').click();
  }

  async fill(fields: Record<string, string>) {
    for (const [label, value] of Object.entries(fields)) await this.field(label).fill(value);
  }

  async save() {
    const save = this.form.getByRole('button', { name: /^(Save vendor|Saving…)$/ });
    await expectTouchSize(save, 'Save vendor');
    await save.click();
  }

  /** Portrait: from one vendor back to the list. */
  async allVendors() {
    await this.page.getByRole('button', { name: 'All vendors' }).click();
  }

  itemRow(itemId: number): VendorItemRow {
    return new VendorItemRow(this.page.locator(`[data-testid="vendor-item-row"][data-item-id="${itemId}"]`));
  }

  /** Types `text` in "add an item" and answers the result of `itemId`. */
  async addItemResult(text: string, itemId: number): Promise<Locator> {
    await this.page.getByTestId('vendor-items-add-search').fill(text);
    return this.page.locator(`[data-testid="vendor-items-add-result"][data-item-id="${itemId}"]`);
  }

  /** "Remove" on the item's row, then the question's own button (Cancel has the focus first). */
  async removeItem(itemId: number) {
    await this.itemRow(itemId).remove.click();
    await expect(this.removeItemConfirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await this.removeItemConfirm.getByRole('button', { name: 'Remove', exact: true }).click();
  }

  async askToDelete() {
    await this.page.getByTestId('vendor-delete').click();
  }
  async answerDelete(button: 'Cancel' | 'Delete vendor') {
    await this.deleteConfirm.getByRole('button', { name: button }).click();
  }
}

/** A vendor's item: its row with the cost and pack shown, Change and Remove. */
export class VendorItemRow {
  readonly name: Locator;
  readonly cost: Locator;
  readonly pack: Locator;
  readonly change: Locator;
  readonly remove: Locator;
  constructor(readonly root: Locator) {
    this.name = root.getByRole('rowheader');
    this.cost = root.getByTestId('vendor-item-cost-shown');
    this.pack = root.getByTestId('vendor-item-pack-shown');
    this.change = root.getByTestId('vendor-item-change');
    this.remove = root.getByTestId('vendor-item-remove');
  }
}

/** The editor of a vendor's item: the cost of a pack and the units in it. */
export class VendorItemEditor {
  readonly cost: Locator;
  readonly pack: Locator;
  readonly costError: Locator;
  readonly packError: Locator;
  constructor(readonly root: Locator) {
    this.cost = root.getByLabel('Cost of a pack (€)');
    this.pack = root.getByLabel('Units in a pack');
    this.costError = root.page().getByTestId('vendor-item-error-cost');
    this.packError = root.page().getByTestId('vendor-item-error-pack');
  }
  async save(cost: string, pack: string) {
    await this.cost.fill(cost);
    await this.pack.fill(pack);
    await this.root.getByRole('button', { name: 'Save item' }).click();
  }
}
