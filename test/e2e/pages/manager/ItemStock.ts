import { expect, type Locator, type Page } from '@playwright/test';

/** Settings' "Warehouse this terminal sells from": None or one of the synced warehouses, saved at once. */
export class WarehouseSettings {
  readonly root: Locator;
  readonly group: Locator;
  readonly status: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('stock-warehouse-settings');
    this.group = page.getByRole('group', { name: 'Warehouse this terminal sells from' });
    this.status = page.getByTestId('stock-warehouse-status');
  }
  radio(name: string): Locator {
    return this.root.getByRole('radio', { name: new RegExp(`^${name}`) });
  }
  /** The choice's card (its touch target). */
  card(name: string): Locator {
    // `has` is matched inside each label: the radio by its role and name alone.
    return this.root.locator('label', { has: this.page.getByRole('radio', { name: new RegExp(`^${name}`) }) });
  }
  async choose(name: string): Promise<void> {
    await this.root.scrollIntoViewIfNeeded();
    await this.card(name).tap();
  }
}

/** The order screen's stock dialog of an item (hold its button, or Shift+F10): 86 it, or put it back. */
export class ItemStockDialog {
  readonly root: Locator;
  readonly now: Locator;
  readonly soldOutButton: Locator;
  readonly quantity: Locator;
  readonly problem: Locator;
  constructor(
    readonly page: Page,
    itemName?: string,
  ) {
    this.root = page.getByRole('dialog', { name: itemName === undefined ? /^Stock of / : `Stock of ${itemName}` });
    this.now = this.root.getByTestId('stock-dialog-now');
    this.soldOutButton = this.root.getByRole('button', { name: 'Sold out (86)' });
    this.quantity = this.root.getByLabel('New quantity in stock');
    this.problem = this.root.getByRole('alert');
  }
  async putBack(): Promise<void> {
    await this.root.getByRole('button', { name: 'Put back' }).click();
  }
  /** Holds a finger (the primary pointer) on the button until this dialog opens, then lifts it. */
  async holdToOpen(button: Locator): Promise<void> {
    const box = (await button.boundingBox())!;
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await this.page.mouse.down();
    await expect(this.root).toBeVisible();
    await this.page.mouse.up();
  }
}

/** "… is sold out": adding a sold-out item asks first. */
export class SoldOutQuestion {
  readonly root: Locator;
  constructor(
    readonly page: Page,
    itemName: string,
  ) {
    this.root = page.getByRole('dialog', { name: `${itemName} is sold out` });
  }
  async answer(button: 'Cancel' | 'Add anyway'): Promise<void> {
    await this.root.getByRole('button', { name: button }).tap();
    await expect(this.root).toBeHidden();
  }
}

/** The stock mark in an item's card (beside its button; hidden from assistive technology, the name says it). */
export function stockMark(cards: Locator, button?: Locator): Locator {
  return (button === undefined ? cards : cards.filter({ has: button })).getByTestId('stock-mark');
}

/** A catalog group's tab, by its name. */
export function groupTab(groups: Locator, name: string): Locator {
  return groups.getByRole('tab', { name });
}

/** The first item card's button. */
export function firstItemButton(cards: Locator): Locator {
  return cards.first().getByRole('button');
}
