import { expect, type Locator, type Page } from '@playwright/test';

/** The header every venue screen shares: the connection, the More menu (STYLE: page models for e2e). */
export class Header {
  readonly connection: Locator;
  readonly moreButton: Locator;
  readonly menuItems: Locator;

  constructor(
    readonly page: Page,
    readonly more = 'More',
  ) {
    this.connection = page.getByTestId('connection-indicator');
    this.moreButton = page.getByRole('button', { name: more, exact: true });
    this.menuItems = page.getByRole('menuitem');
  }

  /** The header (a banner) says so: the account's or the demo's name. */
  async expectNaming(text: string) {
    await expect(this.page.getByRole('banner')).toContainText(text);
  }

  async expectNotNaming(text: string) {
    await expect(this.page.getByRole('banner')).not.toContainText(text);
  }

  /** The header's view buttons (floor, catalog). */
  viewButton(view: 'floor' | 'catalog'): Locator {
    return this.page.getByTestId(`view-${view}`);
  }

  /** Every button of the header, by place. */
  get buttons(): Locator {
    return this.page.locator('.app-header button');
  }

  /** The demo venue's badge. */
  async expectDemoBadge(text: string) {
    await expect(this.page.locator('.app-header__demo')).toHaveText(text);
  }

  /** The document's language (`<html lang>`), as the screen reader takes it. */
  async expectLanguage(lang: string) {
    await expect(this.page.locator('html')).toHaveAttribute('lang', lang);
  }

  /** A screen's "Back to floor" (Customers, Pending orders…). */
  async backToFloor() {
    await this.page.getByRole('button', { name: 'Back to floor', exact: true }).tap();
  }

  /** More → `item` (its name in the window's language). */
  async openFromMenu(item: string) {
    await this.moreButton.tap();
    await this.page.getByRole('menuitem', { name: item }).tap();
  }

  /** The connection indicator's words (`'Offline'`, `/Offline · \d+ waiting/`). */
  async expectConnection(text: string | RegExp, timeout = 30_000) {
    await expect(this.connection).toContainText(text, { timeout });
  }

  /** The connection indicator's state class (the words are checked elsewhere). */
  async expectConnectionState(state: 'online' | 'offline', timeout = 30_000) {
    await expect(this.connection).toHaveClass(new RegExp(`connection--${state}`), { timeout });
  }
}
