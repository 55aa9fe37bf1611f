import { expect, type Locator, type Page } from '@playwright/test';
import { tapPin } from './PinKeypad';

/** The lock screen over the whole terminal: its keypad, its dots, what it says (STYLE: page models for e2e). */
export class LockScreen {
  readonly screen: Locator;
  /** The header's "Lock the terminal" (there only once a PIN is set). */
  readonly lockButton: Locator;
  readonly message: Locator;
  readonly unlockButton: Locator;
  readonly dots: Locator;
  readonly venue: Locator;
  readonly buttons: Locator;

  constructor(readonly page: Page) {
    this.screen = page.getByTestId('lock-screen');
    this.lockButton = page.getByRole('button', { name: 'Lock the terminal', exact: true });
    this.message = page.getByTestId('pin-message');
    this.unlockButton = this.screen.getByTestId('pin-submit');
    this.dots = this.screen.getByTestId('pin-dots');
    this.venue = this.screen.locator('.lock-screen__venue');
    this.buttons = this.screen.getByRole('button');
  }

  /** "Lock the terminal" (touch sized): the lock screen shows. */
  async lock() {
    const box = await this.lockButton.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await this.lockButton.tap();
    await expect(this.screen).toBeVisible();
    await expect(this.screen).toContainText('Terminal locked');
  }

  async tapPin(pin: string) {
    await tapPin(this.screen, pin);
  }

  /** A PIN tapped on the keypad, then "Unlock". */
  async unlockWith(pin: string) {
    await this.tapPin(pin);
    await this.unlockButton.tap();
  }

  async expectMessage(text: string | RegExp, timeout?: number) {
    await expect(this.message).toHaveText(text, timeout === undefined ? {} : { timeout });
  }

  async expectDots(text: string) {
    await expect(this.dots).toHaveText(text);
  }
}
