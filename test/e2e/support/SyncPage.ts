import { expect, type Locator, type Page } from '@playwright/test';

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

  async openView() {
    await expectTouchSized(this.status, 'sync status');
    await this.status.tap();
    await expect(this.panel).toBeVisible();
  }

  async tapSyncNow() {
    await expectTouchSized(this.syncNow, 'Sync now');
    await this.syncNow.tap();
  }
}

async function expectTouchSized(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(Math.min(box!.width, box!.height), `touch size of ${what}`).toBeGreaterThanOrEqual(44);
}
