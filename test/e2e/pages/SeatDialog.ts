import { expect, type Locator, type Page } from '@playwright/test';

/** The seat dialog of a table (or tables): guests, a customer, a deposit (STYLE: page models for e2e). */
export class SeatDialog {
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    tables: string,
  ) {
    this.dialog = page.getByRole('dialog', { name: `Seat ${tables}` });
  }

  async expectCustomer(name: string) {
    await expect(this.dialog.locator('.customer-picked')).toContainText(name);
  }

  /** The dialog's customer search; `name` is among the customers found. */
  async findCustomer(query: string, name: string) {
    await this.dialog.getByRole('searchbox', { name: 'Find a customer' }).fill(query);
    await expect(this.dialog.getByRole('list', { name: 'Customers found' }).getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
  }

  async cancel() {
    await this.dialog.getByRole('button', { name: 'Cancel' }).tap();
  }
}
