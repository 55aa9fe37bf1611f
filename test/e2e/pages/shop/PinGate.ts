import { expect, type Locator, type Page } from '@playwright/test';

/** The manager PIN's keypad: its digits as buttons. */
async function tapDigits(scope: Locator, pin: string): Promise<void> {
  for (const digit of pin) await scope.getByRole('button', { name: digit, exact: true }).tap();
}

/** The PIN gate a manager's action asks through (features/lock): its title says what it is for. */
export class PinGate {
  readonly root: Locator;
  readonly submit: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('pin-dialog');
    this.submit = this.root.getByTestId('pin-submit');
  }
  title(text: string): Locator {
    return this.root.getByRole('heading', { name: text });
  }
  text(text: string): Locator {
    return this.root.getByText(text);
  }
  async type(pin: string): Promise<void> {
    await tapDigits(this.root, pin);
    await this.submit.tap();
  }
  /** The gate asks for `purpose`; the right PIN closes it. */
  async answer(pin: string, purpose?: string): Promise<void> {
    if (purpose !== undefined) await expect(this.title(purpose)).toBeVisible();
    await this.type(pin);
    await expect(this.root).toHaveCount(0);
  }
  /** A wrong PIN is said, and Cancel closes the gate. */
  async refuse(pin: string): Promise<void> {
    await this.type(pin);
    await expect(this.text('Wrong PIN. Try again.')).toBeVisible();
    await this.root.getByRole('button', { name: 'Cancel' }).tap();
    await expect(this.root).toHaveCount(0);
  }
}

/** Settings' "Set PIN": the PIN typed twice. */
export class PinSetup {
  readonly root: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('pin-setup');
  }
  async set(pin: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Set PIN' }).tap();
    await tapDigits(this.root, pin);
    await this.root.getByRole('button', { name: 'Next' }).tap();
    await tapDigits(this.root, pin);
    await this.root.getByTestId('pin-submit').tap();
    await expect(this.root).toHaveCount(0);
  }
}
