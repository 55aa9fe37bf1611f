import { expect, type Locator, type Page } from '@playwright/test';
import { Header } from './Header';

/** The words of the gift-card screen in the window's language (English by default). */
export interface GiftCardWords {
  more: string;
  giftCards: string;
  title: string;
  amount: string;
  campaign: string;
  generate: string;
  sellAnother: string;
}

const ENGLISH: GiftCardWords = {
  more: 'More',
  giftCards: 'Gift cards',
  title: 'Sell a gift card',
  amount: 'Amount',
  campaign: 'Campaign',
  generate: 'Generate code',
  sellAnother: 'Sell another',
};

/** Selling a gift card: amount, code, campaign; the card sold with its QR code (STYLE: page models for e2e). */
export class GiftCardsPage {
  readonly amount: Locator;
  readonly code: Locator;
  readonly campaign: Locator;
  readonly sold: Locator;
  readonly soldCode: Locator;
  readonly soldBalance: Locator;

  constructor(
    readonly page: Page,
    readonly words: GiftCardWords = ENGLISH,
  ) {
    this.amount = page.getByRole('textbox', { name: words.amount });
    this.code = page.getByRole('textbox', { name: 'Card code' });
    this.campaign = page.getByRole('textbox', { name: words.campaign });
    this.sold = page.getByTestId('gift-card-sold');
    this.soldCode = page.getByTestId('gift-card-uuid');
    this.soldBalance = page.getByTestId('gift-card-balance');
  }

  /** Header → More → Gift cards. */
  async open() {
    await new Header(this.page, this.words.more).moreButton.click();
    await this.page.getByRole('menuitem', { name: this.words.giftCards }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: this.words.title })).toBeVisible();
  }

  /** "Generate code": a new code in the code field. */
  async generateCode() {
    await this.page.getByRole('button', { name: this.words.generate }).click();
  }

  /** A quick amount ("€25.00"), which keeps the focus. */
  async quickAmount(label: string) {
    const quick = this.page.getByRole('button', { name: label, exact: true });
    await quick.click();
    await expect(quick).toBeFocused();
  }

  /** "Sell €37.50" (the button's whole name, in the window's language). */
  async sell(label: string) {
    await this.page.getByRole('button', { name: label }).click();
  }

  /** The card sold: its heading, its code, its balance, its QR code (static SVG: a rect and a path, nothing that runs). */
  async expectSold(code: string, balance: string) {
    await expect(this.sold.getByRole('heading', { name: 'Gift card sold' })).toBeVisible();
    await expect(this.sold.getByTestId('gift-card-uuid')).toHaveText(code);
    await expect(this.sold.getByTestId('gift-card-balance')).toHaveText(balance);
    const qr = this.sold.getByRole('img', { name: `QR code of card ${code}` });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((el) => [...el.querySelectorAll('*')].map((n) => n.tagName).join(' '))).toBe('svg rect path');
  }

  async expectSoldCode(code: string) {
    await expect(this.soldCode).toHaveText(code);
  }

  async expectNoneSold() {
    await expect(this.sold).toHaveCount(0);
  }

  /** "Sell another": the form again, the focus on the amount. */
  async sellAnother() {
    await this.page.getByRole('button', { name: this.words.sellAnother }).click();
  }

  /** The refusal ("Not sold…") says each of `texts`. */
  async expectRefused(...texts: string[]) {
    const refusal = this.page.getByRole('alert').filter({ hasText: 'Not sold' });
    for (const text of texts) await expect(refusal).toContainText(text);
  }

  async expectScanned(code: string) {
    await expect(this.code).toHaveValue(code);
    await expect(this.page.getByText(`Code scanned: ${code}`)).toBeVisible();
  }

  /** Offline: Sell is disabled and says why. */
  async expectSellNeedsConnection() {
    await expect(this.page.getByRole('button', { name: 'Offline: selling a gift card needs the connection' })).toBeDisabled();
  }

  async backToFloor() {
    await this.page.getByRole('button', { name: 'Back to floor' }).click();
  }
}
