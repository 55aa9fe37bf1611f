import { expect, type Locator, type Page } from '@playwright/test';
import { scan } from '../../support/shop';
import { CustomerDialog } from './CustomerDialog';
import { PayDialog } from './PayDialog';
import { PinGate } from './PinGate';
import { ShopHeader } from './ShopHeader';
import { LineDialog, SetStockDialog, VariantGrid, WeightDialog } from './TillDialogs';

/** One line of the basket (TillPage.line: by its product; lineAt: by its place). */
export class TillLine {
  readonly name: Locator;
  readonly measure: Locator;
  readonly sum: Locator;
  readonly variant: Locator;
  /** Every promotion's discount under the line. */
  readonly promotions: Locator;
  /** "Product promotions not checked": the line's promotion links not read yet. */
  readonly links: Locator;
  readonly manualDiscount: Locator;
  readonly notes: Locator;
  readonly minus: Locator;
  readonly plus: Locator;
  readonly edit: Locator;
  constructor(readonly root: Locator) {
    this.name = this.root.getByTestId('till-line-name');
    this.measure = this.root.getByTestId('till-line-measure');
    this.sum = this.root.getByTestId('till-line-sum');
    this.variant = this.root.getByTestId('till-line-variant');
    this.promotions = this.root.getByTestId('till-line-promotion');
    this.links = this.root.getByTestId('till-line-links');
    this.manualDiscount = this.root.getByTestId('till-line-manual');
    this.notes = this.root.getByTestId('till-line-notes');
    this.minus = this.root.getByTestId('till-line-minus');
    this.plus = this.root.getByTestId('till-line-plus');
    this.edit = this.root.getByTestId('till-line-edit');
  }
  /** A promotion's discount under the line. */
  discount(promotionId: number): Locator {
    return this.root.locator(`[data-testid="till-line-promotion"][data-promotion-id="${promotionId}"]`);
  }
  /** The note that a combo the line belongs to is not applied yet (its product list not known). */
  comboWaiting(promotionId: number): Locator {
    return this.root.locator(`[data-testid="till-line-combo-waiting"][data-promotion-id="${promotionId}"]`);
  }
}

/** A product's card on the till (a group's or the search's). */
export class ProductCard {
  readonly button: Locator;
  readonly stockMark: Locator;
  constructor(readonly root: Locator) {
    this.button = root.getByRole('button');
    this.stockMark = root.getByTestId('stock-mark');
  }
}

/** The shop's till (features/till): groups, search, cards, the basket and its totals; its dialogs. */
export class TillPage {
  readonly root: Locator;
  readonly header: ShopHeader;
  readonly groups: Locator;
  /** The open group's category tabs. */
  readonly categories: Locator;
  /** The open category's product grid. */
  readonly products: Locator;
  readonly search: Locator;
  readonly searchResults: Locator;
  readonly searchEmpty: Locator;
  readonly lines: Locator;
  readonly basketEmpty: Locator;
  readonly total: Locator;
  readonly tax: Locator;
  /** The basket's "Discounts" total (shown only when there is one). */
  readonly discounts: Locator;
  readonly rate: Locator;
  readonly scanNotice: Locator;
  readonly payButton: Locator;
  /** "Last receipt": off until this window made a sale. */
  readonly lastReceiptButton: Locator;
  readonly pay: PayDialog;
  readonly customer: CustomerDialog;
  readonly setStock: SetStockDialog;
  readonly variants: VariantGrid;
  readonly weight: WeightDialog;
  readonly lineDialog: LineDialog;
  readonly pin: PinGate;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('till');
    this.header = new ShopHeader(page);
    this.groups = page.getByTestId('till-groups');
    this.categories = page.getByTestId('till-categories');
    this.products = page.getByTestId('till-products');
    this.search = page.getByTestId('till-search');
    this.searchResults = page.getByTestId('till-search-results');
    this.searchEmpty = page.getByTestId('till-search-empty');
    this.lines = page.getByTestId('till-line');
    this.basketEmpty = page.getByTestId('till-basket-empty');
    this.total = page.getByTestId('till-total');
    this.tax = page.getByTestId('till-tax');
    this.discounts = page.getByTestId('till-discounts');
    this.rate = page.getByTestId('till-rate');
    this.scanNotice = page.getByTestId('till-scan-notice');
    this.payButton = page.getByTestId('till-pay');
    this.lastReceiptButton = page.getByTestId('till-last-receipt');
    this.pay = new PayDialog(page);
    this.customer = new CustomerDialog(page);
    this.setStock = new SetStockDialog(page);
    this.variants = new VariantGrid(page);
    this.weight = new WeightDialog(page);
    this.lineDialog = new LineDialog(page);
    this.pin = new PinGate(page);
  }

  /** The shop's first sync switched to its generation: the first group tab shows. */
  async waitForCatalog(): Promise<void> {
    await expect(this.groups.getByRole('tab').first()).toBeVisible({ timeout: 120_000 });
  }

  group(name: string): Locator {
    return this.groups.getByRole('tab', { name });
  }
  async openGroup(name: string): Promise<void> {
    await this.group(name).tap();
  }
  category(name: string): Locator {
    return this.categories.getByRole('tab', { name });
  }
  /** A group's tab, a category's tab, then the category's first product. */
  async tapFirstProductOf(group: string, category: string): Promise<void> {
    await this.openGroup(group);
    await this.category(category).tap();
    await new ProductCard(this.products.getByTestId('till-product').first()).button.tap();
  }

  /** The rate chosen for the sale, by its name as the select shows it. */
  get rateChosen(): Locator {
    return this.rate.locator('option:checked');
  }
  async chooseRate(option: { value: string } | { label: string }): Promise<void> {
    await this.rate.selectOption(option);
  }

  /** A product's card among those shown (a group's or the search's). */
  product(productId: number): ProductCard {
    return new ProductCard(this.page.locator(`[data-testid="till-product"][data-product-id="${productId}"]`));
  }
  /** The first card whose text has `text`. */
  productNamed(text: string): ProductCard {
    return new ProductCard(this.page.getByTestId('till-product').filter({ hasText: text }).first());
  }
  /** Every card shown (a group's or the search's). */
  get cards(): Locator {
    return this.page.getByTestId('till-product');
  }
  /**
   * Taps the first card shown; when it is a variant master, its grid's first cell. A line for it
   * then in the basket (checked by the caller).
   */
  async addFirstCard(): Promise<void> {
    await new ProductCard(this.cards.first()).button.tap();
    // Either the line or the variant grid answers the tap.
    await expect(this.lines.or(this.variants.root).first()).toBeVisible();
    if (await this.variants.root.isVisible()) await this.variants.cells.first().tap();
  }
  /** Cards the search lists. */
  get searchCards(): Locator {
    return this.searchResults.getByTestId('till-product');
  }
  /** A card the search lists, by its product. */
  searchResult(productId: number): Locator {
    return this.searchResults.locator(`[data-product-id="${productId}"]`);
  }
  /** Searches `text` and waits for the product's card among the results. */
  async find(text: string, productId: number): Promise<ProductCard> {
    await this.search.fill(text);
    const card = new ProductCard(this.searchResults.locator(`[data-testid="till-product"][data-product-id="${productId}"]`));
    await expect(card.root).toBeVisible();
    return card;
  }
  async tapProduct(productId: number): Promise<void> {
    await this.product(productId).button.tap();
  }

  line(productId: number): TillLine {
    return new TillLine(this.page.locator(`[data-testid="till-line"][data-product-id="${productId}"]`));
  }
  /** The basket's line at `index` (0: the first). */
  lineAt(index: number): TillLine {
    return new TillLine(this.lines.nth(index));
  }
  /** A promotion's discount under a line. */
  lineDiscount(productId: number, promotionId: number): Locator {
    return this.line(productId).discount(promotionId);
  }
  /** A line's note that a combo it belongs to is not applied yet. */
  comboWaiting(productId: number, promotionId: number): Locator {
    return this.line(productId).comboWaiting(promotionId);
  }
  /** Every promotion discount in the basket. */
  get promotionDiscounts(): Locator {
    return this.page.getByTestId('till-line-promotion');
  }

  /** "−" on a line of one unit: the line goes. */
  async removeLine(productId: number): Promise<void> {
    const line = this.line(productId);
    await expect(line.measure).toContainText(/^1 ×|^1 /);
    await line.minus.tap();
    await expect(line.root).toHaveCount(0);
  }

  /** A keyboard-wedge scanner reads `code`. */
  async scan(code: string): Promise<void> {
    await scan(this.page, code);
  }

  /** Scans a barcode and waits for its product's line to show `quantity` units. */
  async scanProduct(code: string, productId: number, quantity: number): Promise<void> {
    await this.scan(code);
    const line = this.line(productId);
    await expect(line.root).toBeVisible();
    await expect(line.measure).toContainText(new RegExp(`^${quantity} ×|^${quantity} `));
  }

  async openPay(): Promise<void> {
    await this.payButton.tap();
    await expect(this.pay.root).toBeVisible();
  }
  /** The pay dialog's root (kept for the specs' own checks). */
  get payDialog(): Locator {
    return this.pay.root;
  }
  async addPayment(methodId: number, amount: string, tendered?: string): Promise<void> {
    await this.pay.addPayment(methodId, amount, tendered);
  }
  async submitPayment(): Promise<void> {
    await this.pay.submit();
  }
  /** Closes the paid sale's dialog: the till is free for the next sale. */
  async closePaid(): Promise<void> {
    await this.pay.closePaid();
    await expect(this.lines).toHaveCount(0);
  }

  /** Shift+F10 on the focused card: the manager's menu for it (the set-stock dialog, behind the PIN). */
  async askToSetStock(card: ProductCard): Promise<void> {
    await card.button.focus();
    await this.page.keyboard.press('Shift+F10');
  }

  /** The till's seeding hooks (?bench): the small shop of features/till/tillSeed.ts, once the shop's own sync is done. */
  async seedSmallShop(): Promise<void> {
    type Hooks = { __tillBench?: { seedSmall(): Promise<{ n: number }> } };
    await this.page.waitForFunction(() => typeof (globalThis as Hooks).__tillBench?.seedSmall === 'function');
    await this.page.evaluate(() => (globalThis as Hooks).__tillBench!.seedSmall());
    await expect(this.group('Clothing')).toBeVisible();
  }

  /** Holds a button as a finger does (pointer down, what it opens appears, pointer up). */
  async hold(target: Locator, appears: Locator): Promise<void> {
    const box = (await target.boundingBox())!;
    const at = { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, isPrimary: true, button: 0, pointerType: 'touch', bubbles: true };
    await target.dispatchEvent('pointerdown', at);
    await expect(appears).toBeVisible();
    await target.dispatchEvent('pointerup', at);
  }
}
