import { expect, type Locator, type Page } from '@playwright/test';

async function expectTouchSize(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, `box of ${what}`).not.toBeNull();
  expect(Math.min(box!.width, box!.height), `touch size of ${what}`).toBeGreaterThanOrEqual(44);
}

/** Seating, sending rounds and the pending orders, as a waiter does them (STYLE: page models for e2e). */
export class ServicePage {
  readonly rounds: Locator;
  readonly sendButton: Locator;
  readonly sendStatus: Locator;
  readonly pendingButton: Locator;
  readonly pendingCount: Locator;
  readonly pendingEntries: Locator;

  constructor(readonly page: Page) {
    // In the table's strip above the ticket, folded or not.
    this.rounds = page.getByTestId('round');
    this.sendButton = page.getByRole('button', { name: 'Send', exact: true });
    this.sendStatus = page.getByTestId('send-status');
    this.pendingButton = page.getByRole('button', { name: /^Pending orders/ });
    this.pendingCount = page.getByTestId('pending-count');
    this.pendingEntries = page.getByRole('list', { name: 'Pending orders' }).getByTestId('pending-entry');
  }

  seatDialog(tables: string): Locator {
    return this.page.getByRole('dialog', { name: `Seat ${tables}` });
  }

  /** The seat dialog's "Seat" button. */
  seatButton(tables: string): Locator {
    return this.seatDialog(tables).getByRole('button', { name: 'Seat', exact: true });
  }

  /** What the seat dialog says when the seating could not be saved. */
  seatError(tables: string): Locator {
    return this.seatDialog(tables).getByRole('alert');
  }

  /** In the open seat dialog: guests typed on the on-screen keypad; "Seat" is then ready to tap. */
  async fillSeat(tables: string, guests: number) {
    const dialog = this.seatDialog(tables);
    await expect(dialog).toBeVisible();
    for (const digit of String(guests)) {
      const key = dialog.getByRole('button', { name: digit, exact: true });
      await expectTouchSize(key, `keypad ${digit}`);
      await key.tap();
    }
    await expect(dialog.getByRole('spinbutton', { name: 'Guests', exact: true })).toHaveValue(String(guests));
    await expectTouchSize(this.seatButton(tables), 'Seat');
    await expect(this.seatButton(tables)).toBeEnabled();
  }

  /** In the open seat dialog: a reservation's deposit taken at seating (amount as typed, the method's name). */
  async fillPrepayment(tables: string, amount: string, method: string) {
    const dialog = this.seatDialog(tables);
    const group = dialog.getByRole('group', { name: /^Prepayment/ });
    const field = group.getByRole('textbox', { name: 'Amount (€)' });
    await expectTouchSize(field, 'Prepayment amount');
    await field.fill(amount);
    const methods = group.getByRole('combobox', { name: 'Paid by' });
    await expectTouchSize(methods, 'Prepayment method');
    await methods.selectOption({ label: method });
  }

  /** In the open seat dialog: guests typed on the on-screen keypad, then "Seat". */
  async seat(tables: string, guests: number) {
    await this.fillSeat(tables, guests);
    await this.seatButton(tables).tap();
    await expect(this.seatDialog(tables)).toBeHidden();
  }

  async send() {
    await expectTouchSize(this.sendButton, 'Send');
    await expect(this.sendButton).toBeEnabled();
    await this.sendButton.tap();
    await expect(this.sendStatus).toContainText(/saved/i);
  }

  async openPending() {
    await expectTouchSize(this.pendingButton, 'Pending orders');
    await this.pendingButton.tap();
    await expect(this.page.getByRole('heading', { name: 'Pending orders' })).toBeVisible();
  }
}
