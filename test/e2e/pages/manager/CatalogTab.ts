import { expect, type Locator, type Page } from '@playwright/test';
import { expectTouchSize } from '../../support/screens';
import { ManagerScreen } from './ManagerScreen';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Manager mode's Catalog tab: find an item, change it in the form, keep the change, save them all in one go. */
export class CatalogTab {
  readonly manager: ManagerScreen;
  readonly find: Locator;
  readonly results: Locator;
  readonly form: Locator;
  readonly pendingCount: Locator;
  readonly pendingRows: Locator;
  readonly save: Locator;
  readonly message: Locator;
  readonly buttonName: Locator;

  constructor(readonly page: Page) {
    this.manager = new ManagerScreen(page);
    this.find = page.getByRole('searchbox', { name: 'Find in the catalog' });
    this.results = page.getByTestId('catalog-edit-results');
    this.form = page.getByTestId('catalog-edit-form');
    this.pendingCount = page.getByTestId('catalog-edit-pending-count');
    this.pendingRows = page.getByTestId('catalog-edit-pending-row');
    this.save = page.getByRole('button', { name: 'Save changes' });
    this.message = page.getByTestId('catalog-edit-message');
    this.buttonName = this.form.getByLabel(/^Button name/);
  }

  /** Header → More → Manager → Catalog. */
  async open() {
    await this.manager.open();
    await this.manager.openTab('Catalog');
  }

  /** Finds the item by name and opens it in the form. */
  async pick(name: string) {
    await this.find.fill(name);
    const result = this.results.getByRole('button', { name: new RegExp(`^${escaped(name)}, Item`) });
    await expectTouchSize(result, `result ${name}`);
    await result.tap();
    await expect(this.form.getByRole('heading', { name: `Item: ${name}` })).toBeVisible();
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** Words the form shows (a field's problem, the vendor's refusal). */
  formText(text: string): Locator {
    return this.form.getByText(text);
  }

  allergen(name: string): Locator {
    return this.form.getByRole('button', { name: new RegExp(`${name}$`) });
  }

  /** The pending change of an item, by its name. */
  pendingRow(name: string): Locator {
    return this.pendingRows.filter({ hasText: name });
  }

  async keep() {
    await this.form.getByRole('button', { name: /^(Add to the changes|Update the change)$/ }).tap();
  }

  /** The order screen's button of an item shown under its button name (its accessible name starts with `name`): its shown name. */
  orderButtonName(accessibleName: RegExp): Locator {
    return this.page.getByRole('button', { name: accessibleName }).getByTestId('catalog-item-name');
  }
}
