import type { Locator, Page } from '@playwright/test';

/** What the shop's specs do on the Settings screen besides its account form: the language, back to the till. */
export class ShopSettings {
  /** Back to the till, whatever the language. */
  readonly backButton: Locator;
  constructor(readonly page: Page) {
    this.backButton = page.locator('.settings__back');
  }
  /** A language by its own name ("Español"): the screen speaks it at once. */
  async chooseLanguage(name: string): Promise<void> {
    await this.page.getByRole('radio', { name, exact: true }).check();
  }
  async backToTill(): Promise<void> {
    await this.page.getByRole('button', { name: 'Back to the till' }).tap();
  }
}
