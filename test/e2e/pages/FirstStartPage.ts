import { expect, type Locator, type Page } from '@playwright/test';
import { expectTouchSize } from '../support/screens';

/** A new terminal's first screen: the demos and "Connect my account" (STYLE: page models for e2e). */
export class FirstStartPage {
  readonly screen: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.screen = page.getByTestId('first-start');
    this.heading = page.getByRole('heading', { name: 'How do you want to start?' });
  }

  /** A choice: its accessible name starts with its title ("Demo venue A sample restaurant…"). */
  choice(title: 'Demo venue' | 'Demo shop' | 'Connect my account'): Locator {
    return this.screen.getByRole('button', { name: new RegExp(`^${title}`) });
  }

  async expectShown() {
    await expect(this.heading).toBeVisible({ timeout: 60_000 });
  }

  /** No table plan behind it: the newcomer chooses first. */
  async expectNothingBehind() {
    await expect(this.page.getByRole('tab')).toHaveCount(0);
  }

  /** The demo shop chosen: its till, the shop named in the header. */
  async expectTill(shop?: string) {
    await expect(this.page.getByTestId('till')).toBeVisible({ timeout: 60_000 });
    if (shop !== undefined) await expect(this.page.getByTestId('header-shop')).toContainText(shop);
  }

  async choose(title: 'Demo venue' | 'Demo shop' | 'Connect my account') {
    await this.expectShown();
    const button = this.choice(title);
    await expectTouchSize(button, title);
    await button.tap();
    // A demo replaces the screen with its floor or till; "Connect my account" opens Settings.
    await expect(this.screen).toBeHidden({ timeout: 60_000 });
  }
}
