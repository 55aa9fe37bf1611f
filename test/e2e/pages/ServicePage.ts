import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { expectTouchSize } from '../support/screens';

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

  /** Send in the window's language: the button's name, then the status's words. */
  async sendIn(send: string, saved: string) {
    await this.page.getByRole('button', { name: send, exact: true }).tap();
    await expect(this.sendStatus).toContainText(saved);
  }

  async send() {
    await expectTouchSize(this.sendButton, 'Send');
    await expect(this.sendButton).toBeEnabled();
    await this.sendButton.tap();
    await expect(this.sendStatus).toContainText(/saved/i);
  }

  /** The orders waiting to be sent, counted in the header. */
  async expectPending(count: number, timeout?: number) {
    await expect(this.pendingCount).toHaveText(String(count), timeout === undefined ? {} : { timeout });
  }

  /** Nothing left to send: every order delivered. */
  async expectAllDelivered(timeout?: number) {
    await expect(this.pendingCount).toHaveText('0', timeout === undefined ? {} : { timeout });
  }

  /** In the open pending orders: the first entry's "Discard", confirmed (the PIN gate may follow). */
  async discardFirstPending() {
    await this.pendingEntries
      .first()
      .getByRole('button', { name: /^Discard/ })
      .tap();
    await this.page.getByRole('alertdialog').getByRole('button', { name: 'Discard', exact: true }).tap();
  }

  /** A button of the n-th pending entry ("Discard…", "Pick another table…"). */
  pendingAction(index: number, name: string | RegExp): Locator {
    return this.pendingEntries.nth(index).getByRole('button', { name });
  }

  async expectPendingState(index: number, state: string) {
    await expect(this.pendingEntries.nth(index)).toHaveAttribute('data-state', state);
  }

  /** The open pending orders' "Export": the download. */
  async exportPending(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByRole('button', { name: 'Export', exact: true }).tap()]);
    return download;
  }

  async expectNothingPending(timeout?: number) {
    await expect(this.pendingEntries).toHaveCount(0, timeout === undefined ? {} : { timeout });
    await expect(this.page.getByText('Nothing pending')).toBeVisible();
  }

  /** Every pending entry is in this state (`queued`…). */
  async expectPendingEntries(count: number, state: string) {
    await expect(this.pendingEntries).toHaveCount(count);
    for (const entry of await this.pendingEntries.all()) await expect(entry).toHaveAttribute('data-state', state);
  }

  /** The n-th round of the open table is in this state (`accepted`…). */
  async expectRound(index: number, state: string, timeout?: number) {
    await expect(this.rounds.nth(index)).toHaveAttribute('data-state', state, timeout === undefined ? {} : { timeout });
  }

  /** The pending orders' screen is shown (its heading). */
  async expectPendingShown() {
    await expect(this.page.getByRole('heading', { name: 'Pending orders' })).toBeVisible();
  }

  async openPending() {
    await expectTouchSize(this.pendingButton, 'Pending orders');
    await this.pendingButton.tap();
    await this.expectPendingShown();
  }
}
