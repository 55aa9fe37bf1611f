import { expect, type Locator, type Page } from '@playwright/test';
import { ShopSettings } from './ShopSettings';

/** Settings' webhook section (features/settings): the receiver, its URL, the secret, the log of deliveries. */
export class WebhooksSettings {
  readonly root: Locator;
  readonly receiver: Locator;
  readonly url: Locator;
  readonly secret: Locator;
  readonly saveStatus: Locator;
  readonly secretSaved: Locator;
  readonly log: Locator;
  readonly entries: Locator;
  readonly refused: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('settings-webhooks');
    this.receiver = this.root.getByTestId('webhooks-receiver');
    this.url = this.root.getByTestId('webhooks-url').first();
    this.secret = this.root.getByTestId('webhooks-secret');
    this.saveStatus = this.root.getByTestId('webhooks-save-status');
    this.secretSaved = this.root.getByText('A secret is saved.');
    this.log = this.root.getByTestId('webhooks-log');
    this.entries = this.root.getByTestId('webhooks-log-entry');
    this.refused = this.root.getByTestId('webhooks-refused');
  }
  /** Settings from the shop's header. */
  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Settings', exact: true }).tap();
  }
  async backToTill(): Promise<void> {
    await new ShopSettings(this.page).backToTill();
  }
  /** The receiver's URL as shown. */
  async receiverUrl(): Promise<string> {
    return (await this.url.textContent())!.trim();
  }
  /** Types the secret and saves: the section says so, and the field is emptied. */
  async saveSecret(secret: string): Promise<void> {
    await this.secret.fill(secret);
    await this.root.getByTestId('webhooks-save').tap();
    await expect(this.saveStatus).toContainText('Receiver saved.');
    await expect(this.secretSaved).toBeVisible();
    await expect(this.secret).toHaveValue('');
  }
  /** Each log entry's outcome and whether its signature was verified, newest first. */
  async outcomes(): Promise<Array<[string | null, string | null]>> {
    return this.entries.evaluateAll((rows) =>
      rows.map((row) => [row.getAttribute('data-outcome'), row.getAttribute('data-verified')] as [string | null, string | null]),
    );
  }
  async scrollTo(what: Locator, block: 'start' | 'center'): Promise<void> {
    await what.evaluate((element, at) => element.scrollIntoView({ block: at }), block);
  }
}
