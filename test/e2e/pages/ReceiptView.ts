import { expect, type Locator, type Page } from '@playwright/test';

/** A sale's receipt on screen (in the pay dialog or "Last receipt"), its PDF and its print (STYLE: page models for e2e). */
export class ReceiptView {
  readonly paper: Locator;
  readonly shop: Locator;
  readonly when: Locator;
  readonly total: Locator;
  readonly tendered: Locator;
  readonly change: Locator;
  readonly invoice: Locator;
  readonly lines: Locator;
  readonly taxes: Locator;
  /** The copy only the print stylesheet shows. */
  readonly printed: Locator;

  /** `scope`: the dialog the receipt is in. */
  constructor(
    readonly page: Page,
    readonly scope: Locator,
  ) {
    this.paper = scope.getByTestId('receipt');
    this.shop = this.paper.getByTestId('receipt-shop');
    this.when = this.paper.getByTestId('receipt-when');
    this.total = this.paper.getByTestId('receipt-total');
    this.tendered = this.paper.getByTestId('receipt-tendered');
    this.change = this.paper.getByTestId('receipt-change');
    this.invoice = this.paper.getByTestId('receipt-invoice');
    this.lines = this.paper.getByTestId('receipt-line');
    this.taxes = this.paper.getByTestId('receipt-tax');
    this.printed = page.getByTestId('receipt-print');
  }

  /** "Last receipt": the receipt dialog of the last sale. */
  static lastReceipt(page: Page): ReceiptView {
    return new ReceiptView(page, page.getByTestId('receipt-dialog'));
  }

  /** A line's variant, measure ("2 × €3.00") and discounts. */
  lineParts(index: number) {
    const line = this.lines.nth(index);
    return {
      line,
      variant: line.getByTestId('receipt-line-variant'),
      measure: line.getByTestId('receipt-line-measure'),
      discounts: line.getByTestId('receipt-line-discount'),
    };
  }

  /** The tax rows' cells: [rate, base, tax, total] each. */
  async taxRows(): Promise<string[][]> {
    return this.taxes.evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')));
  }

  /** "Save PDF": the download. */
  async savePdf() {
    const downloading = this.page.waitForEvent('download');
    await this.scope.getByTestId('receipt-pdf-button').tap();
    return downloading;
  }

  async print() {
    await this.scope.getByTestId('receipt-print-button').tap();
  }

  /** The printed copy's width (a till roll's). */
  async printedWidth(): Promise<number> {
    return this.printed.locator('.receipt').evaluate((el) => el.getBoundingClientRect().width);
  }

  async close() {
    await this.scope.getByTestId('receipt-close').tap();
    await expect(this.scope).toBeHidden();
  }
}
