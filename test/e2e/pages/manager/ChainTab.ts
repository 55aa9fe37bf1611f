import { expect, type Locator, type Page } from '@playwright/test';
import { ManagerScreen } from './ManagerScreen';

/** Manager mode's Chain tab (on a chain's master): sync the chain, when it last ran. */
export class ChainTab {
  readonly manager: ManagerScreen;
  readonly lastSync: Locator;
  readonly syncButton: Locator;
  readonly result: Locator;
  constructor(readonly page: Page) {
    this.manager = new ManagerScreen(page);
    this.lastSync = page.getByTestId('chain-last-sync');
    this.syncButton = page.getByTestId('chain-sync');
    this.result = page.getByTestId('chain-sync-result');
  }
  get tab(): Locator {
    return this.manager.tab('Chain');
  }
  async open() {
    await this.tab.click();
  }
  /** Sync, asked first, then Go. */
  async sync() {
    await this.syncButton.click();
    await expect(this.page.getByTestId('chain-sync-confirm')).toBeVisible();
    await this.page.getByTestId('chain-sync-go').click();
  }
}
