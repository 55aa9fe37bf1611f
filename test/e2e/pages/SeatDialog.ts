import { expect, type Locator, type Page } from '@playwright/test';

/** The seat dialog of a table (or tables): guests, a customer, a deposit (STYLE: page models for e2e). */
export class SeatDialog {
  readonly dialog: Locator;

  /** `words`: the dialog's title, its guests field and its button in the window's language. */
  constructor(
    readonly page: Page,
    tables: string,
    readonly words = { title: `Seat ${tables}`, guests: 'Guests', seat: 'Seat' },
  ) {
    this.dialog = page.getByRole('dialog', { name: words.title });
  }

  /** A one-digit guest count on the keypad, then the seat button; the dialog closes. */
  async seat(guests: number) {
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByRole('button', { name: String(guests), exact: true }).tap();
    await expect(this.dialog.getByRole('spinbutton', { name: this.words.guests, exact: true })).toHaveValue(String(guests));
    await this.dialog.getByRole('button', { name: this.words.seat, exact: true }).tap();
    await expect(this.dialog).toBeHidden();
  }

  /** The dialog's title (it takes the focus). */
  get heading(): Locator {
    return this.dialog.getByRole('heading', { name: this.words.title });
  }

  /** A key of the guests keypad. */
  key(digit: string): Locator {
    return this.dialog.getByRole('button', { name: digit, exact: true });
  }

  get guests(): Locator {
    return this.dialog.getByRole('spinbutton', { name: this.words.guests, exact: true });
  }

  get seatButton(): Locator {
    return this.dialog.getByRole('button', { name: this.words.seat, exact: true });
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
