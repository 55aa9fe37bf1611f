import { expect, type Locator, type Page } from '@playwright/test';
import { ManagerScreen } from './ManagerScreen';

/** Manager mode's stock count: a warehouse, search or scan, a count per item, one Save. */
export class StockCountTab {
  readonly manager: ManagerScreen;
  readonly search: Locator;
  readonly status: Locator;
  readonly result: Locator;
  readonly save: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.manager = new ManagerScreen(page);
    this.search = page.getByRole('searchbox', { name: 'Find an item or scan its barcode' });
    this.status = page.getByTestId('stock-count-status');
    this.result = page.getByTestId('stock-count-result');
    this.save = page.getByRole('button', { name: /^(Save count|Saving…|Offline: cannot save)/ });
    this.rows = page.getByTestId('stock-count-row');
  }

  warehouse(name: string): Locator {
    return this.page.getByRole('group', { name: 'Warehouse' }).getByRole('button', { name });
  }

  /** More → Manager → Stock count, on `warehouse`. */
  async open(warehouse: string) {
    await this.manager.open();
    await this.manager.tab('Stock count').tap();
    await this.warehouse(warehouse).tap();
    await expect(this.warehouse(warehouse)).toHaveAttribute('aria-pressed', 'true');
    await expect(this.rows.first()).toBeVisible({ timeout: 30_000 });
  }

  row(itemId: number): StockCountRow {
    return new StockCountRow(this.page.locator(`[data-testid="stock-count-row"][data-item-id="${itemId}"]`));
  }

  countField(name: string): Locator {
    return this.page.getByRole('textbox', { name: `Counted: ${name}`, exact: true });
  }

  /** "Counted (N)": only the counted items. */
  countedFilter(n: number): Locator {
    return this.page.getByRole('button', { name: `Counted (${n})` });
  }

  /** Search the item by name, Enter to its count field, type the count, Enter back to the search. */
  async count(name: string, quantity: string) {
    await this.search.fill(name);
    await this.search.press('Enter');
    const field = this.countField(name);
    await expect(field).toBeFocused();
    await field.fill(quantity);
    await field.press('Enter');
    await expect(this.search).toBeFocused();
  }
}

/** One item's row of the count: in stock, the difference, "changed elsewhere". */
export class StockCountRow {
  readonly expected: Locator;
  readonly difference: Locator;
  readonly changed: Locator;
  constructor(readonly root: Locator) {
    this.expected = root.getByTestId('stock-count-expected');
    this.difference = root.getByTestId('stock-count-difference');
    this.changed = root.getByTestId('stock-count-changed');
  }
  /** "Keep my count (N)" on a row changed elsewhere. */
  keepMine(count: number): Locator {
    return this.changed.getByRole('button', { name: `Keep my count (${count})` });
  }
}
