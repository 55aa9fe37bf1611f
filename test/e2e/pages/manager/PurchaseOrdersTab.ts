import { expect, type Locator, type Page } from '@playwright/test';
import { ManagerScreen, type ManagerWords } from './ManagerScreen';

/** A purchase order as the spec knows it from the vendor. */
export interface PurchaseOrder {
  id: number;
  reference: string;
  lines: { id: number; itemId: number; itemName: string; quantity: number }[];
}

/** Manager mode's Purchase orders: an order's lines, what is received now, into which warehouse. */
export class PurchaseOrdersTab {
  readonly manager: ManagerScreen;
  readonly root: Locator;
  readonly lines: Locator;
  readonly saved: Locator;
  readonly waiting: Locator;
  readonly unconfirmed: Locator;
  readonly readAgain: Locator;
  readonly fields: Locator;
  /** "Receive more than what is left?" */
  readonly overQuestion: Locator;
  private readonly tabName: string;

  constructor(
    readonly page: Page,
    words?: ManagerWords & { tab: string },
  ) {
    this.manager = new ManagerScreen(page, words);
    this.tabName = words?.tab ?? 'Purchase orders';
    this.root = page.getByTestId('purchase-orders');
    this.lines = page.getByTestId('purchase-order-line');
    this.saved = page.getByTestId('receipt-saved');
    this.waiting = page.getByTestId('line-waiting');
    this.unconfirmed = page.getByTestId('line-unconfirmed');
    this.readAgain = page.getByRole('button', { name: 'Read again' });
    this.fields = page.getByRole('textbox');
    this.overQuestion = page.getByRole('alertdialog', { name: 'Receive more than what is left?' });
  }

  /** Header → More → Manager → Purchase orders. */
  async open(): Promise<void> {
    await this.manager.open();
    await this.manager.tab(this.tabName).tap();
    await expect(this.root).toBeVisible({ timeout: 30_000 });
  }

  async openOrder(order: PurchaseOrder): Promise<void> {
    await this.page.getByRole('button', { name: new RegExp(`^${order.reference}`) }).tap();
    await expect(this.lines).toHaveCount(order.lines.length, { timeout: 30_000 });
  }

  warehouse(name: string): Locator {
    return this.page.getByRole('button', { name });
  }
  async chooseWarehouse(name: string): Promise<void> {
    await this.warehouse(name).tap();
    await expect(this.warehouse(name)).toHaveAttribute('aria-pressed', 'true');
  }

  line(lineId: number): PurchaseOrderLine {
    return new PurchaseOrderLine(this.page.locator(`[data-testid="purchase-order-line"][data-line-id="${lineId}"]`));
  }

  quantityField(itemName: string): Locator {
    return this.page.getByRole('textbox', { name: `Quantity of ${itemName} to receive now` });
  }
  async receiveNow(quantities: Record<string, string>): Promise<void> {
    for (const [itemName, quantity] of Object.entries(quantities)) await this.quantityField(itemName).fill(quantity);
  }

  /** "Receive N line(s)". */
  receiveButton(lines: number): Locator {
    return this.page.getByRole('button', { name: `Receive ${lines} ${lines === 1 ? 'line' : 'lines'}` });
  }
  async receive(lines: number): Promise<void> {
    await this.receiveButton(lines).tap();
  }

  /** "All left" of a line. */
  async receiveAllLeft(itemName: string, quantity: number): Promise<void> {
    await this.page.getByRole('button', { name: `Receive all left of ${itemName} (${quantity})` }).tap();
  }

  /** On Pending orders: a person checked the stock of a receipt sent without an answer, and says it was added. */
  async stockWasAdded(pendingEntry: Locator): Promise<void> {
    await pendingEntry.getByRole('button', { name: 'The stock was added' }).tap();
  }

  async answerOver(button: 'Cancel' | 'Receive anyway'): Promise<void> {
    await this.page.getByRole('alertdialog').getByRole('button', { name: button }).tap();
  }
}

/** One line of an order: received here, left, waiting to go, sent without an answer. */
export class PurchaseOrderLine {
  readonly received: Locator;
  readonly left: Locator;
  readonly waiting: Locator;
  readonly unconfirmed: Locator;
  constructor(readonly root: Locator) {
    this.received = root.getByTestId('line-received');
    this.left = root.getByTestId('line-left');
    this.waiting = root.getByTestId('line-waiting');
    this.unconfirmed = root.getByTestId('line-unconfirmed');
  }
}
