import { expect, type Locator, type Page } from '@playwright/test';

/** A question before something that cannot be undone (Clear table, Discard…): an alert dialog (STYLE: page models for e2e). */
export class ConfirmDialog {
  readonly dialog: Locator;
  readonly cancelButton: Locator;

  /** `scope`: where the question opens (a pending entry asks inside itself); the page by default. */
  constructor(
    readonly page: Page,
    scope?: Locator,
  ) {
    this.dialog = (scope ?? page).getByRole('alertdialog');
    this.cancelButton = this.dialog.getByRole('button', { name: 'Cancel', exact: true });
  }

  async expectShown() {
    await expect(this.dialog).toBeVisible();
  }

  /** The answer that goes ahead, by its name ("Discard", /^Clear /). */
  async confirm(name: string | RegExp) {
    await this.dialog.getByRole('button', typeof name === 'string' ? { name, exact: true } : { name }).tap();
  }

  async cancel() {
    await this.cancelButton.tap();
  }
}
