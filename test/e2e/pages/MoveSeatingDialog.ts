import { expect, type Locator, type Page } from '@playwright/test';

/** A refused seating's "Pick another table…": the free tables to move it to (STYLE: page models for e2e). */
export class MoveSeatingDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.locator('.pending-move');
  }

  /** Shown, offering `table`. */
  async expectOffering(table: string) {
    await expect(this.dialog).toBeVisible();
    await expect(this.dialog.getByRole('button', { name: new RegExp(`^${table}\\b`) })).toBeVisible();
  }

  async cancel() {
    await this.dialog.getByRole('button', { name: 'Cancel', exact: true }).tap();
  }
}
