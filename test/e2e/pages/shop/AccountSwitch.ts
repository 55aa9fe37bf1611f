import type { Locator, Page } from '@playwright/test';

/** The header's switch between the venue and the shop (two accounts saved): its two buttons, the one in use pressed. */
export class AccountSwitch {
  readonly group: Locator;
  readonly venue: Locator;
  readonly shop: Locator;
  /** What each side shows: the venue's floor view, the shop's till, the shop's name in the header. */
  readonly floor: Locator;
  readonly till: Locator;
  readonly shopName: Locator;
  constructor(readonly page: Page) {
    this.group = page.getByTestId('account-switch');
    this.venue = page.getByTestId('account-switch-venue');
    this.shop = page.getByTestId('account-switch-shop');
    this.floor = page.getByTestId('view-floor');
    this.till = page.getByTestId('till');
    this.shopName = page.getByTestId('header-shop');
  }
}
