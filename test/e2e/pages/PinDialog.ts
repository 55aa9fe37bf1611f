import { expect, type Locator, type Page } from '@playwright/test';
import { tapPin } from './PinKeypad';

/** The PIN gate before Settings, manager mode, a discard (STYLE: page models for e2e). */
export class PinDialog {
  readonly dialog: Locator;
  readonly message: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByTestId('pin-dialog');
    this.message = this.dialog.getByTestId('pin-message');
  }

  /** The gate asks, saying what for ("Enter the PIN to open Settings"). */
  async expectAsking(heading: string) {
    await expect(this.dialog.getByRole('heading', { name: heading })).toBeVisible();
  }

  async cancel() {
    await this.dialog.getByRole('button', { name: 'Cancel' }).tap();
    await this.expectClosed();
  }

  /** The PIN on the keypad, then its submit button. */
  async enterOnKeypad(pin: string) {
    await tapPin(this.dialog, pin);
    await this.dialog.getByTestId('pin-submit').tap();
  }

  async expectClosed() {
    await expect(this.dialog).toHaveCount(0);
  }
}
