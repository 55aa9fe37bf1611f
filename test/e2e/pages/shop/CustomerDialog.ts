import { expect, type Locator, type Page } from '@playwright/test';

/** The basket header's customer button and its dialog (features/till/customer): list, search, form. */
export class CustomerDialog {
  readonly button: Locator;
  readonly name: Locator;
  readonly root: Locator;
  readonly rows: Locator;
  readonly searchField: Locator;
  readonly form: Locator;
  readonly problem: Locator;
  readonly notice: Locator;
  constructor(readonly page: Page) {
    this.button = page.getByTestId('till-customer');
    this.name = page.getByTestId('till-customer-name');
    this.root = page.getByTestId('till-customer-dialog');
    this.rows = this.root.getByTestId('till-customer-row');
    this.searchField = this.root.getByTestId('till-customer-search');
    this.form = this.root.getByTestId('till-customer-form');
    this.problem = this.form.getByTestId('till-customer-problem');
    this.notice = this.root.getByTestId('till-customer-notice');
  }
  /** The dialog (kept under the name the specs read). */
  get dialog(): Locator {
    return this.root;
  }
  row(customerId: number): Locator {
    return this.root.locator(`[data-testid="till-customer-row"][data-customer-id="${customerId}"]`);
  }
  field(name: string): Locator {
    return this.form.getByTestId(`till-customer-field-${name}`);
  }
  error(name: string): Locator {
    return this.form.getByTestId(`till-customer-error-${name}`);
  }
  async open(): Promise<void> {
    await this.button.tap();
    await expect(this.root).toBeVisible();
  }
  async search(text: string): Promise<void> {
    await this.searchField.fill(text);
  }
  async startNew(): Promise<void> {
    await this.root.getByTestId('till-customer-new').tap();
  }
  async editChosen(): Promise<void> {
    await this.root.getByTestId('till-customer-edit').tap();
  }
  async fill(fields: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(fields)) await this.field(name).fill(value);
  }
  async save(): Promise<void> {
    await this.form.getByTestId('till-customer-save').tap();
  }
  async back(): Promise<void> {
    await this.form.getByTestId('till-customer-back').tap();
  }
  /** "No customer": the dialog closes. */
  async clear(): Promise<void> {
    await this.root.getByTestId('till-customer-clear').tap();
    await expect(this.root).toBeHidden();
  }
  async close(): Promise<void> {
    await this.root.getByTestId('till-customer-close').tap();
    await expect(this.root).toBeHidden();
  }
}
