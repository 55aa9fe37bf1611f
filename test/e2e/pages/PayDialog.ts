import { expect, type Locator, type Page } from '@playwright/test';

/** The bill's pay dialog: evenly, the method, a tip, cash tendered and change (STYLE: page models for e2e). */
export class PayDialog {
  readonly dialog: Locator;
  readonly change: Locator;
  /** What this payment is ("€6.30"). */
  readonly amount: Locator;
  readonly giftCard: GiftCardTender;

  constructor(readonly page: Page) {
    this.dialog = page.getByTestId('pay-dialog');
    this.change = this.dialog.getByTestId('pay-change');
    this.amount = this.dialog.getByTestId('pay-amount');
    this.giftCard = new GiftCardTender(this.dialog);
  }

  /** "Evenly", then "One way fewer" until the bill is split into `parts`. */
  async evenlyInto(parts: number) {
    await this.dialog.getByRole('button', { name: 'Evenly' }).tap();
    const ways = this.dialog.getByRole('group', { name: 'Ways' }).locator('output');
    while (Number(await ways.textContent()) > parts) await this.dialog.getByRole('button', { name: 'One way fewer' }).tap();
    await expect(ways).toHaveText(String(parts));
  }

  /** A payment method by the venue's own name (any language). */
  async method(name: string) {
    await this.dialog.getByRole('button', { name, exact: true }).tap();
  }

  async tip(amount: string) {
    await this.dialog.getByRole('textbox', { name: 'Tip' }).fill(amount);
  }

  /** A quick cash amount of "Amount tendered" (`group`: its name in the window's language); the change is shown. */
  async tenderQuick(index: number, group = 'Amount tendered') {
    await this.dialog.getByRole('group', { name: group, exact: true }).getByRole('button').nth(index).tap();
    await expect(this.change).not.toHaveText('—');
  }

  /** What this payment is, in cents. */
  async amountCents(): Promise<{ text: string; cents: number }> {
    const text = (await this.amount.textContent())!;
    return { text, cents: Math.round(Number(text.replace(/[^\d.]/g, '')) * 100) };
  }

  /** "Pay €…": saved, the dialog closes. */
  async pay() {
    await this.dialog.getByRole('button', { name: /^Pay / }).tap();
    await expect(this.dialog).toBeHidden();
  }

  async expectMessage(start: RegExp, text: string, timeout: number) {
    await expect(this.dialog.getByText(start)).toHaveText(text, { timeout });
  }

  async close() {
    await this.dialog.getByRole('button', { name: 'Close' }).tap();
    await expect(this.dialog).toBeHidden();
  }

  async escape() {
    await this.page.keyboard.press('Escape');
    await expect(this.dialog).toBeHidden();
  }
}

/** The pay dialog's gift-card tender: how much to take from which card. */
export class GiftCardTender {
  readonly form: Locator;
  readonly amount: Locator;
  readonly code: Locator;

  constructor(dialog: Locator) {
    this.form = dialog.getByRole('form', { name: 'Pay with a gift card' });
    this.amount = this.form.getByRole('textbox', { name: 'Amount to take from the card' });
    this.code = this.form.getByRole('textbox', { name: 'Card code' });
  }

  async amountCents(): Promise<number> {
    return Math.round(Number(await this.amount.inputValue()) * 100);
  }

  /** "Take from the card" (no amount in its name: the amount typed is refused). */
  async tryTake() {
    await this.form.getByRole('button', { name: 'Take from the card' }).tap();
  }

  async expectRefused(text: string) {
    await expect(this.form.getByText(text)).toBeVisible();
  }

  async take(amountText: string) {
    await this.form.getByRole('button', { name: `Take ${amountText} from the card` }).tap();
  }
}
