import { expect, type Locator, type Page } from '@playwright/test';
import { ShopSettings } from './ShopSettings';

/** The shop's header (app/ShopHeader): last sync and its panel, the connection, Pending orders, Reports, Settings, the account switch. */
export class ShopHeader {
  readonly root: Locator;
  readonly syncStatus: Locator;
  readonly connection: Locator;
  readonly pendingCount: Locator;
  readonly pendingButton: Locator;
  readonly reportsButton: Locator;
  /** The gear: the same button whatever the language. */
  readonly settingsButton: Locator;
  readonly shopName: Locator;
  readonly switchGroup: Locator;
  readonly switchToVenue: Locator;
  readonly switchToShop: Locator;
  constructor(readonly page: Page) {
    this.root = page.locator('.app-header');
    this.syncStatus = page.getByTestId('sync-status');
    this.connection = page.getByTestId('connection-indicator');
    this.pendingCount = page.getByTestId('pending-count');
    this.pendingButton = page.getByTestId('pending-button');
    this.reportsButton = page.getByTestId('reports-button');
    this.settingsButton = page.locator('.settings-button').first();
    this.shopName = page.getByTestId('header-shop');
    this.switchGroup = page.getByTestId('account-switch');
    this.switchToVenue = page.getByTestId('account-switch-venue');
    this.switchToShop = page.getByTestId('account-switch-shop');
  }
  /** Every button of the header, by place. */
  get buttons(): Locator {
    return this.root.locator('button');
  }
  /** The connection indicator's words (`'Offline'`, `/Offline · \d+ waiting/`). */
  async expectConnection(text: string | RegExp, timeout = 30_000): Promise<void> {
    await expect(this.connection).toContainText(text, { timeout });
  }
  /** Every word the header says, its labels and titles included. */
  async words(): Promise<string> {
    const labels = await this.root.evaluate((h) =>
      [...h.querySelectorAll('[aria-label], [title]')].map((e) => `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('title') ?? ''}`).join(' '),
    );
    return `${await this.root.innerText()} ${labels}`;
  }
  async openSyncPanel(): Promise<SyncPanel> {
    await this.syncStatus.tap();
    const panel = new SyncPanel(this.page);
    await expect(panel.root).toBeVisible();
    return panel;
  }
  async openPending(): Promise<PendingScreen> {
    await this.pendingButton.tap();
    const pending = new PendingScreen(this.page);
    await expect(pending.root).toBeVisible();
    return pending;
  }
  /** Settings in whatever language the screen is in. */
  async openSettings(): Promise<void> {
    await this.settingsButton.tap();
  }
}

/** The sync view behind the header's last sync: what the catalog holds, and Sync now. */
export class SyncPanel {
  readonly root: Locator;
  readonly progress: Locator;
  readonly syncNow: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('sync-panel');
    this.progress = this.root.getByTestId('sync-progress');
    this.syncNow = this.root.getByTestId('sync-now');
  }
  resource(name: string): Locator {
    return this.root.getByTestId(`sync-resource-${name}`);
  }
  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.root).toBeHidden();
  }
}

/** Pending orders: what has not reached the shop yet. */
export class PendingScreen {
  readonly root: Locator;
  readonly nothingPending: Locator;
  /** Its bar's first button: back to the till, whatever the language. */
  readonly backButton: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('pending-screen');
    this.backButton = this.root.locator('.pending__bar button').first();
    this.nothingPending = page.getByText('Nothing pending: every order reached the POS');
  }
  async backToTill(): Promise<void> {
    await new ShopSettings(this.page).backToTill();
  }
}
