import { expect, type Locator, type Page } from '@playwright/test';

/** The discount dialog of a bill or a round: a percentage and a reason (STYLE: page models for e2e). */
export class DiscountDialog {
  readonly dialog: Locator;
  readonly preview: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByTestId('discount-dialog');
    this.preview = this.dialog.getByTestId('discount-preview');
  }

  async fill(percentage: string, reason: string) {
    await this.dialog.getByRole('textbox', { name: 'Percentage (%)' }).fill(percentage);
    await this.dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  }

  /** The first field (the percentage), by place: the dialog in any language. */
  async fillFirst(value: string) {
    await this.dialog.getByRole('textbox').first().fill(value);
  }

  async expectPreview(text: string) {
    await expect(this.preview).toContainText(text);
  }

  async apply() {
    await this.dialog.getByRole('button', { name: 'Apply discount' }).tap();
    await expect(this.dialog).toBeHidden();
  }

  async escape() {
    await this.page.keyboard.press('Escape');
    await expect(this.dialog).toBeHidden();
  }
}
