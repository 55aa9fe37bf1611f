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

  async choose(title: 'Demo venue' | 'Demo shop' | 'Connect my account') {
    await this.expectShown();
    const button = this.choice(title);
    await expectTouchSize(button, title);
    await button.tap();
    // A demo replaces the screen with its floor or till; "Connect my account" opens Settings.
    await expect(this.screen).toBeHidden({ timeout: 60_000 });
  }
}
