import { expect, type Locator, type Page } from '@playwright/test';
import { expectTouchSize } from '../support/screens';

/** The Customers screen of one window, as a waiter uses it (STYLE: page models for e2e). */
export class CustomersPage {
  readonly search: Locator;
  readonly list: Locator;
  readonly details: Locator;
  readonly notice: Locator;
  readonly dialog: Locator;
  /** By place, in any language: the header's More button, its menu, the screen, its rows. */
  readonly moreButton: Locator;
  readonly menu: Locator;
  readonly screen: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByRole('searchbox', { name: 'Search customers' });
    this.list = page.getByRole('list', { name: 'Customer list' });
    this.details = page.getByRole('complementary', { name: 'Customer details' });
    this.notice = page.getByTestId('customers-notice');
    this.dialog = page.getByRole('dialog', { name: 'New customer' });
    this.moreButton = page.locator('.more-menu__button');
    this.menu = page.getByRole('menu');
    this.screen = page.locator('.customers');
  }

  /** Through the header's More menu (touch sized, a real menu). */
  async open() {
    const more = this.page.getByRole('button', { name: 'More', exact: true });
    await expectTouchSize(more, 'More');
    await expect(more).toHaveAttribute('aria-haspopup', 'menu');
    await more.tap();
    await this.page.getByRole('menuitem', { name: 'Customers' }).tap();
    await expect(this.page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  }

  row(name: string): Locator {
    return this.list.getByRole('button', { name: new RegExp(`^${name}`) });
  }

  /** Searches for `query`, then opens the customer `name` found. */
  async openCustomer(query: string, name = query) {
    await this.search.fill(query);
    await this.row(name).tap();
  }

  /** Any customer: the first row of the whole list. */
  async openFirst() {
    await this.search.fill('');
    await this.list.getByRole('button').first().tap();
  }

  async expectDetailsOf(name: string) {
    await expect(this.details.getByRole('heading', { name })).toBeVisible();
  }

  /** The details say each of `texts`. */
  async expectDetails(...texts: string[]) {
    for (const text of texts) await expect(this.details).toContainText(text);
  }

  async expectDetailsNot(text: string) {
    await expect(this.details).not.toContainText(text);
  }

  /** When the details shown were read from the POS. */
  async expectDetailsRead(text: string) {
    await expect(this.details.getByTestId('customer-details-read')).toContainText(text);
  }

  async expectNotice(text: string, timeout?: number) {
    await expect(this.notice).toContainText(text, timeout === undefined ? {} : { timeout });
  }

  async create(fields: { name: string; email?: string; phone?: string }) {
    await this.page.getByRole('button', { name: 'New customer' }).tap();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByRole('textbox', { name: /^Name/ }).fill(fields.name);
    if (fields.email) await this.dialog.getByRole('textbox', { name: /^Email/ }).fill(fields.email);
    if (fields.phone) await this.dialog.getByRole('textbox', { name: /^Phone/ }).fill(fields.phone);
    await this.dialog.getByRole('button', { name: 'Create' }).tap();
  }

  async forTakeaway() {
    await this.details.getByRole('button', { name: 'For a takeaway' }).tap();
  }

  async forTable() {
    await this.details.getByRole('button', { name: 'For a table' }).tap();
  }

  /** "Delete…": asks first, in words. */
  async askDelete() {
    await this.deleteButton().tap();
  }

  async expectDeleteQuestion(name: string) {
    await expect(this.details.getByText(`Delete ${name} at the POS? This cannot be undone.`)).toBeVisible();
  }

  /** "Keep": nothing deleted, the focus back on "Delete…". */
  async keep() {
    await this.details.getByRole('button', { name: 'Keep' }).tap();
    await expect(this.deleteButton()).toBeFocused();
  }

  async confirmDelete() {
    await this.details.getByRole('button', { name: 'Delete', exact: true }).tap();
  }

  async expectRefused(text: string) {
    await expect(this.details.getByRole('alert')).toHaveText(text);
  }

  async backToFloor() {
    await this.page.getByRole('button', { name: 'Back to floor' }).tap();
  }

  /** By place (any language): the row `index`, its details shown. */
  async openRowAt(index: number) {
    await expect(this.screen).toBeVisible();
    await this.page.locator('.customer-row').nth(index).tap();
    await expect(this.page.locator('.customer-details')).toBeVisible();
  }

  /** By place (any language): "New customer", then its Create with no name; the field says why. */
  async createEmpty() {
    await this.page.locator('.customers__bar .button--primary').tap();
    await this.page.locator('.customers-dialog .button--primary').tap();
    await expect(this.page.locator('.customers-field__error')).toBeVisible();
  }

  private deleteButton(): Locator {
    return this.details.getByRole('button', { name: 'Delete…' });
  }
}
