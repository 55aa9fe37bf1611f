import { expect, type Locator, type Page } from '@playwright/test';

/** The order builder beside the catalog: the open sheet and the ticket (STYLE: page models for e2e). */
export class OrderPage {
  readonly sheet: Locator;
  readonly addButton: Locator;
  readonly reason: Locator;
  readonly ticket: Locator;
  readonly lines: Locator;
  readonly total: Locator;
  readonly subtotal: Locator;

  constructor(readonly page: Page) {
    this.sheet = page.getByTestId('order-sheet');
    this.addButton = this.sheet.getByRole('button', { name: 'Add', exact: true });
    this.reason = page.getByTestId('order-sheet-reason');
    this.ticket = page.getByTestId('order-ticket');
    this.lines = page.getByTestId('order-line');
    this.total = page.getByTestId('order-total');
    this.subtotal = page.getByTestId('order-subtotal');
  }

  /** An option, format or dish of the open sheet, by its name (a format's price follows its name). */
  option(name: string): Locator {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.sheet.getByRole('button', { name: new RegExp(`^${escaped}( |$)`) });
  }

  /**
   * A modifier category of the open sheet, by its name: a group named by its heading (the name,
   * then the rule in words: "Sabores del helado Choose 1 to 3").
   */
  rule(name: string): Locator {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.sheet.getByRole('group', { name: new RegExp(`^${escaped} `) });
  }

  async cancel() {
    await this.sheet.getByRole('button', { name: 'Cancel', exact: true }).tap();
    await expect(this.sheet).toBeHidden();
  }

  async choose(name: string) {
    const option = this.option(name);
    await expectTouchSize(option, name);
    await option.tap();
  }

  async add() {
    await expectTouchSize(this.addButton, 'Add');
    await expect(this.addButton).toBeEnabled();
    await this.addButton.tap();
    await expect(this.sheet).toBeHidden();
  }

  line(name: string): Locator {
    return this.lines.filter({ has: this.page.getByText(name, { exact: true }) });
  }
}

async function expectTouchSize(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, `box of ${what}`).not.toBeNull();
  expect(Math.min(box!.width, box!.height), `touch size of ${what}`).toBeGreaterThanOrEqual(44);
}
