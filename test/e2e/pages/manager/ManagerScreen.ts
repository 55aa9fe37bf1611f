import { expect, type Locator, type Page } from '@playwright/test';

/** The words of the way in, in the window's language. */
export interface ManagerWords {
  more: string;
  manager: string;
}

const ENGLISH: ManagerWords = { more: 'More', manager: 'Manager' };

/** Manager mode (features/manager): More → Manager, its tabs, the Activity list, back to the floor. */
export class ManagerScreen {
  /** The screen's title, by its exact words. */
  readonly heading: Locator;
  readonly activity: Locator;
  readonly connection: Locator;
  constructor(
    readonly page: Page,
    readonly words: ManagerWords = ENGLISH,
  ) {
    this.heading = page.getByRole('heading', { name: words.manager, exact: true });
    this.activity = page.getByTestId('activity-row');
    this.connection = page.getByTestId('connection-indicator');
  }
  tab(name: string): Locator {
    return this.page.getByRole('tab', { name });
  }
  /** Header → More → Manager (no PIN on this terminal: nothing is asked). */
  async open(): Promise<void> {
    await this.page.getByRole('button', { name: this.words.more, exact: true }).tap();
    await this.page.getByRole('menuitem', { name: this.words.manager }).tap();
    await expect(this.page.getByRole('heading', { level: 1, name: this.words.manager })).toBeVisible();
  }
  async openTab(name: string): Promise<void> {
    const tab = this.tab(name);
    await tab.tap();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }
  /** Activity rows whose text has every one of `texts`. */
  activityWith(...texts: string[]): Locator {
    return texts.reduce((rows, text) => rows.filter({ hasText: text }), this.activity);
  }
  async openActivity(): Promise<void> {
    await this.openTab('Activity');
  }
  async backToFloor(): Promise<void> {
    await this.page.getByRole('button', { name: 'Back to floor' }).tap();
  }
  /** An alert the screen shows, by its words. */
  alert(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}
