import { expect, type Locator, type Page } from '@playwright/test';
import { ReceiptView } from '../ReceiptView';

/** The sale's pay dialog (features/till/pay): payment rows, what is left, the change, the saved receipt. */
export class PayDialog {
  readonly root: Locator;
  readonly rows: Locator;
  readonly left: Locator;
  readonly change: Locator;
  readonly submitButton: Locator;
  readonly saved: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('sale-pay-dialog');
    this.rows = this.root.getByTestId('sale-pay-row');
    this.left = this.root.getByTestId('sale-pay-left');
    this.change = this.root.getByTestId('sale-pay-change');
    this.submitButton = this.root.getByTestId('sale-pay-submit');
    this.saved = this.root.getByTestId('sale-pay-saved');
  }
  /** A payment method's button by its name ("Cash"). */
  method(name: RegExp): Locator {
    return this.root.getByRole('button', { name });
  }
  /** Adds a payment row of a method; its amount set to `amount` (as typed: "10.55"), cash's handed-over field to `tendered`. */
  async addPayment(methodId: number, amount: string, tendered?: string): Promise<void> {
    const before = await this.rows.count();
    await this.root.getByTestId(`sale-pay-method-${methodId}`).tap();
    await expect(this.rows).toHaveCount(before + 1);
    const row = this.rows.nth(before);
    await row.getByTestId('sale-pay-amount').fill(amount);
    if (tendered !== undefined) await row.getByTestId('sale-pay-tendered').fill(tendered);
  }
  /**
   * A method's button alone: its row takes what is left of the total; cash's handed-over field
   * set to `tendered` when given.
   */
  async payRest(methodId: number, tendered?: string): Promise<void> {
    const before = await this.rows.count();
    await this.root.getByTestId(`sale-pay-method-${methodId}`).tap();
    await expect(this.rows).toHaveCount(before + 1);
    if (tendered !== undefined) await this.rows.nth(before).getByTestId('sale-pay-tendered').fill(tendered);
  }
  /** The paid sale's receipt, in the dialog. */
  get receipt(): ReceiptView {
    return new ReceiptView(this.page, this.root);
  }
  /** Pay, then the dialog says the sale is saved (with its receipt, when it has one). */
  async submit(): Promise<void> {
    await this.submitButton.tap();
    await expect(this.saved).toBeVisible({ timeout: 30_000 });
  }
  /** Closes the paid sale's dialog ("New sale", or Escape where it has no such button). */
  async closePaid(): Promise<void> {
    const close = this.root.getByTestId('receipt-close');
    if (await close.isVisible()) await close.tap();
    else await this.page.keyboard.press('Escape');
    await expect(this.root).toBeHidden();
  }
}
