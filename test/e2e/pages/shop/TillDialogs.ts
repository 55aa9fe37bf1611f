import { expect, type Locator, type Page } from '@playwright/test';

/** A till dialog's keypad: its digits and keys as buttons, its field. */
class Keypad {
  readonly field: Locator;
  constructor(readonly root: Locator) {
    this.field = root.getByTestId('till-keypad-field');
  }
  key(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }
  async tapKeys(keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.key(key).tap();
  }
}

/** A manager sets a product's stock (features/till/stock): the keypad, Now: N in stock, Save. */
export class SetStockDialog extends Keypad {
  readonly now: Locator;
  readonly submit: Locator;
  readonly problem: Locator;
  constructor(readonly page: Page) {
    super(page.getByTestId('till-set-stock'));
    this.now = this.root.getByTestId('till-set-stock-now');
    this.submit = this.root.getByTestId('till-set-stock-submit');
    this.problem = this.root.getByTestId('till-set-stock-problem');
  }
  title(text: string): Locator {
    return this.root.getByRole('heading', { name: text });
  }
  text(text: string): Locator {
    return this.root.getByText(text);
  }
  /** Types `count` and saves: the dialog closes. */
  async save(count: string): Promise<void> {
    await this.field.fill(count);
    await this.submit.tap();
    await expect(this.root).toHaveCount(0);
  }
  async cancel(): Promise<void> {
    await this.root.getByRole('button', { name: 'Cancel' }).tap();
  }
}

/** A variant master's size × colour grid. */
export class VariantGrid {
  readonly root: Locator;
  readonly cells: Locator;
  /** The cells not sold out. */
  readonly available: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('till-variants');
    this.cells = this.root.getByTestId('till-variant-cell');
    this.available = this.root.locator('[data-testid="till-variant-cell"]:not([data-sold-out="true"])');
  }
  /** The first variant not sold out: it goes on the basket and the grid closes. */
  async chooseFirstAvailable(): Promise<void> {
    await this.available.first().tap();
    await expect(this.root).toBeHidden();
  }
  cell(productId: number): Locator {
    return this.root.locator(`[data-testid="till-variant-cell"][data-product-id="${productId}"]`);
  }
  async cancel(): Promise<void> {
    await this.root.getByRole('button', { name: 'Cancel' }).tap();
  }
}

/** A product sold by weight: the keypad asks for kg. */
export class WeightDialog extends Keypad {
  constructor(readonly page: Page) {
    super(page.getByTestId('till-weight-dialog'));
  }
  async deleteLastDigit(): Promise<void> {
    await this.key('Delete the last digit').tap();
  }
  async confirm(): Promise<void> {
    await this.root.getByTestId('till-dialog-confirm').tap();
  }
}

/** A line's own dialog: a discount (amount or percent) and a note. */
export class LineDialog {
  readonly root: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('till-line-dialog');
  }
  async discountPercent(percent: string): Promise<void> {
    await this.root.getByRole('button', { name: 'Percent' }).tap();
    await this.root.getByTestId('till-line-discount').fill(percent);
  }
  async note(text: string): Promise<void> {
    await this.root.getByTestId('till-line-notes-field').fill(text);
  }
  async confirm(): Promise<void> {
    await this.root.getByTestId('till-dialog-confirm').tap();
  }
}
