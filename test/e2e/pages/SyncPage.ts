import { expect, type Locator, type Page } from '@playwright/test';
import { expectTouchSize } from '../support/screens';

/** The catalog sync status and view as a waiter sees them (STYLE: page models for e2e). */
export class SyncPage {
  readonly status: Locator;
  readonly panel: Locator;
  readonly progress: Locator;
  readonly syncNow: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId('sync-status');
    this.panel = page.getByTestId('sync-panel');
    this.progress = page.getByTestId('sync-progress');
    this.syncNow = page.getByTestId('sync-now');
  }

  resource(resource: string): Locator {
    return this.page.getByTestId(`sync-resource-${resource}`);
  }

  /** The header's sync status says so (its words, the time of the last sync). */
  async expectStatus(text: string | RegExp) {
    await expect(this.status).toContainText(text);
  }

  async expectProgress(text: string | RegExp, timeout?: number) {
    await expect(this.progress).toContainText(text, timeout === undefined ? {} : { timeout });
  }

  /** A resource's line in the sync view ("Items 1,234"). */
  async expectResource(resource: string, text: string | RegExp) {
    await expect(this.resource(resource)).toContainText(text);
  }

  async openView() {
    await expectTouchSize(this.status, 'sync status');
    await this.status.tap();
    await expect(this.panel).toBeVisible();
  }

  async tapSyncNow() {
    await expectTouchSize(this.syncNow, 'Sync now');
    await this.syncNow.tap();
  }
}
