import { expect, type Locator, type Page } from '@playwright/test';
import { PayDialog } from './PayDialog';
import { DiscountDialog } from './DiscountDialog';

/** The words of the bill's buttons in the window's language (English by default). */
export interface BillWords {
  bill: string;
  pay: string;
  discount: string;
}

const ENGLISH: BillWords = { bill: 'Bill', pay: 'Pay', discount: 'Discount' };

/** A table's bill: its checks, its payments, what is left, Paid and Clear table (STYLE: page models for e2e). */
export class BillPage {
  readonly screen: Locator;
  readonly payments: Locator;
  readonly paidMark: Locator;
  /** "Saved: Card · €12.50" once a payment is saved. */
  readonly saved: Locator;
  readonly left: Locator;
  readonly checks: Locator;
  readonly payDialog: PayDialog;
  readonly discountDialog: DiscountDialog;

  constructor(
    readonly page: Page,
    readonly words: BillWords = ENGLISH,
  ) {
    this.screen = page.getByTestId('bill');
    this.payments = page.getByTestId('bill-payment');
    this.paidMark = page.getByTestId('bill-paid-mark');
    this.saved = page.getByTestId('bill-pay-saved');
    this.left = page.getByTestId('bill-left');
    this.checks = page.getByTestId('bill-check');
    this.payDialog = new PayDialog(page);
    this.discountDialog = new DiscountDialog(page);
  }

  /** From the table's order screen: "Bill". */
  async open() {
    await this.page.getByRole('button', { name: this.words.bill, exact: true }).tap();
    await expect(this.screen).toBeVisible();
  }

  async openDiscount(): Promise<DiscountDialog> {
    await this.page.getByRole('button', { name: this.words.discount, exact: true }).tap();
    await expect(this.discountDialog.dialog).toBeVisible();
    return this.discountDialog;
  }

  async openPay(): Promise<PayDialog> {
    await this.page.getByRole('button', { name: this.words.pay, exact: true }).tap();
    await expect(this.payDialog.dialog).toBeVisible();
    return this.payDialog;
  }

  /**
   * One payment: the pay dialog, evenly into `evenlyInto` parts, the method, a tip, a quick cash
   * amount; saved, the bill says so with the method.
   */
  async pay(options: { evenlyInto?: number; method: string; tip?: string; cashQuick?: number; shot?: string }) {
    const dialog = await this.openPay();
    if (options.evenlyInto !== undefined) await dialog.evenlyInto(options.evenlyInto);
    await dialog.method(options.method);
    if (options.tip) await dialog.tip(options.tip);
    if (options.cashQuick !== undefined) await dialog.tenderQuick(options.cashQuick);
    if (options.shot) await this.page.screenshot({ path: options.shot });
    await dialog.pay();
    // Closed because it was saved: the bill says so, with the method.
    await expect(this.saved).toContainText(`Saved: ${options.method} · €`);
  }

  async payCash(cashQuick = 1) {
    await this.pay({ method: 'Cash', cashQuick });
  }

  async expectSaved(text: string) {
    await expect(this.saved).toHaveText(text);
  }

  async expectPaid() {
    await expect(this.paidMark).toBeVisible();
  }

  async expectPayments(count: number) {
    await expect(this.payments).toHaveCount(count);
  }

  /** Every payment accepted by the POS. */
  async expectPaymentsAccepted(timeout: number) {
    for (const payment of await this.payments.all()) await expect(payment).toHaveAttribute('data-state', 'accepted', { timeout });
  }

  /** The only payment: its words and its state. */
  async expectPayment(text: string, state: string) {
    await expect(this.payments).toHaveCount(1);
    await expect(this.payments).toContainText(text);
    await expect(this.payments).toHaveAttribute('data-state', state);
  }

  async expectLeft(text: string) {
    await expect(this.left).toHaveText(text);
  }

  async expectChecks(count: number) {
    await expect(this.checks).toHaveCount(count);
  }

  async expectCheck(index: number, text: string) {
    await expect(this.checks.nth(index)).toContainText(text);
  }

  /** The bill's "Floor": back to the floor plan. */
  async backToFloor() {
    await this.screen.getByRole('button', { name: 'Floor', exact: true }).tap();
  }

  async clearTable() {
    await this.page.getByRole('button', { name: 'Clear table' }).tap();
  }
}
