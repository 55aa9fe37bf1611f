import { expect, type Locator, type Page } from '@playwright/test';
import { expectTouchSize } from '../support/screens';
import { tapPin } from './PinKeypad';

export interface AccountFields {
  baseUrl: string;
  imagesUrl: string;
  tenant: string;
  accessToken: string;
  integratorToken: string;
}

/** The Settings screen as a manager sees it (STYLE: page models for e2e). */
export class SettingsPage {
  readonly openButton: Locator;
  readonly backButton: Locator;
  readonly heading: Locator;
  readonly testButton: Locator;
  readonly saveButton: Locator;
  readonly checks: Locator;
  readonly verdict: Locator;
  readonly saveStatus: Locator;
  readonly inUse: Locator;

  constructor(readonly page: Page) {
    this.openButton = page.getByRole('button', { name: 'Settings', exact: true });
    // A venue goes back to its floor, a shop to its till.
    this.backButton = page.getByRole('button', { name: /^(Back to floor|Back to the till)$/ });
    this.heading = page.getByRole('heading', { name: 'Settings', level: 1 });
    this.testButton = page.getByRole('button', { name: /^(Test connection|Testing…)$/ });
    this.saveButton = page.getByRole('button', { name: /^(Save|Saving…)$/ });
    this.checks = page.getByTestId('settings-check');
    this.verdict = page.getByTestId('settings-test-verdict');
    this.saveStatus = page.getByTestId('settings-save-status');
    this.inUse = page.getByTestId('settings-in-use');
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** A radio choice: its accessible name starts with the visible label. */
  choice(label: string): Locator {
    return this.page.getByRole('radio', { name: new RegExp(`^${label}`) });
  }

  check(name: string): Locator {
    return this.checks.filter({ hasText: `${name}:` });
  }

  /**
   * Opens Settings by its name in the current language, picks `language`: the screen changes at
   * once, its heading now `settingsAfter`.
   */
  async switchLanguage(settingsBefore: string, language: string, settingsAfter: string) {
    await this.page.getByRole('button', { name: settingsBefore, exact: true }).tap();
    await expect(this.page.getByRole('heading', { name: settingsBefore, level: 1 })).toBeVisible();
    await this.page.getByRole('radio', { name: language, exact: true }).check();
    await expect(this.page.getByRole('heading', { name: settingsAfter, level: 1 })).toBeVisible();
  }

  /** Saved tokens are never shown again: a note says they are saved. */
  async expectTokensSaved() {
    await expect(this.page.getByText('Saved — enter again to replace.').first()).toBeVisible();
  }

  /** "Set PIN", the PIN typed once on the keypad: the setup dialog open at its second step. */
  async startPinSetup(pin: string) {
    await this.page.getByRole('button', { name: 'Set PIN' }).tap();
    await tapPin(this.page.getByTestId('pin-setup'), pin);
  }

  async cancelPinSetup() {
    await this.page.getByTestId('pin-setup').getByRole('button', { name: 'Cancel' }).tap();
  }

  /** "Set PIN" on the keypad alone: the PIN, "Next", the PIN again, its submit; the setup closes. */
  async setPinOnKeypad(pin: string) {
    await this.page.getByRole('button', { name: 'Set PIN' }).tap();
    const setup = this.page.getByTestId('pin-setup');
    await tapPin(setup, pin);
    await setup.getByRole('button', { name: 'Next' }).tap();
    await tapPin(setup, pin);
    await setup.getByTestId('pin-submit').tap();
    await expect(setup).toHaveCount(0);
  }

  /** The header's settings button by place (any language), then the PIN gate's keypad. */
  async openWithPin(pin: string) {
    await this.page.locator('.settings-button').tap();
    const gate = this.page.getByTestId('pin-dialog');
    await tapPin(gate, pin);
    await gate.getByTestId('pin-submit').tap();
  }

  /** A language by its own name ("Español"): the page takes it at once. */
  async chooseLanguage(name: string) {
    await this.page.getByRole('radio', { name, exact: true }).check();
  }

  /** What the PIN section says ("No PIN: nothing is asked.", "PIN set…"). */
  async expectPinState(text: string, exact = false) {
    const state = this.page.getByTestId('settings-pin-state');
    if (exact) await expect(state).toHaveText(text);
    else await expect(state).toContainText(text);
  }

  /** "Set PIN": typed on the keypad, "Next", then again on the keyboard; the setup closes. */
  async setPin(pin: string) {
    await this.page.getByRole('button', { name: 'Set PIN' }).tap();
    const setup = this.page.getByTestId('pin-setup');
    await expect(setup.getByRole('heading', { name: 'Set a PIN' })).toBeVisible();
    await tapPin(setup, pin);
    await setup.getByRole('button', { name: 'Next' }).tap();
    await expect(this.page.getByTestId('pin-setup-step')).toHaveText('Enter the new PIN again.');
    await this.page.keyboard.type(pin);
    await this.page.keyboard.press('Enter');
    await expect(setup).toHaveCount(0);
  }

  /** The theme chosen (its radio); the page takes it at once. */
  async chooseTheme(label: 'Dark' | 'Light', theme: string) {
    await this.page.getByRole('radio', { name: label }).tap();
    await expect(this.page.locator('html')).toHaveAttribute('data-theme', theme);
  }

  async open() {
    await expectTouchSize(this.openButton, 'Settings');
    await this.openButton.tap();
    await expect(this.heading).toBeVisible();
    await expect(this.inUse).toBeVisible();
  }

  async choose(label: string) {
    const radio = this.choice(label);
    // The whole labelled card is the touch target.
    const card = this.page.locator('label', { has: radio });
    await expectTouchSize(card, label);
    await card.tap();
    await expect(radio).toBeChecked();
  }

  async fill(label: string, value: string) {
    const input = this.field(label);
    await expectTouchSize(input, label);
    await input.fill(value);
  }

  async fillAccount(fields: AccountFields) {
    await this.fill('Server address', fields.baseUrl);
    await this.fill('Image storage address', fields.imagesUrl);
    await this.fill('Tenant (account user name)', fields.tenant);
    await this.fill('Access token', fields.accessToken);
    await this.fill('Integrator token', fields.integratorToken);
  }

  /** Runs the connection test and waits for its verdict. */
  async testConnection() {
    await expectTouchSize(this.testButton, 'Test connection');
    await this.testButton.tap();
    await expect(this.verdict).toBeVisible();
    await expect(this.testButton).toHaveText('Test connection');
  }

  async save() {
    await expectTouchSize(this.saveButton, 'Save');
    await this.saveButton.tap();
    await expect(this.saveStatus).toContainText('Saved.');
  }

  async backToFloor() {
    await expectTouchSize(this.backButton, 'Back to floor');
    await this.backButton.tap();
    await expect(this.heading).toBeHidden();
  }
}
