import type { Locator, Page } from '@playwright/test';

/** Where an order goes when it is not a table's: a takeaway or a delivery, and a payment with it (STYLE: page models for e2e). */
export class SendPanel {
  constructor(readonly page: Page) {}

  /** "Takeaway", in a customer's name. */
  async takeaway(name: string) {
    await this.page.getByRole('button', { name: 'Takeaway', exact: true }).tap();
    await this.page.getByRole('region', { name: 'Takeaway' }).getByLabel('Name').fill(name);
  }

  /** "+ Add a payment": the method (its name contains `method`), a tip. */
  async addPayment(method: RegExp, tip: string) {
    await this.page.getByRole('button', { name: '+ Add a payment' }).tap();
    await this.page.getByRole('group', { name: 'Payment method' }).getByRole('button', { name: method }).tap();
    await this.page.getByLabel('Tip (€)').fill(tip);
  }

  /** After a send: another destination for the next order. */
  async changeDestination() {
    await this.page.getByRole('button', { name: /^Change destination/ }).tap();
  }

  /** "Delivery" to a phone and an address, tomorrow at `time`. */
  async deliveryTomorrow(phone: string, address: string, time: string) {
    await this.page.getByRole('button', { name: 'Delivery', exact: true }).tap();
    const delivery: Locator = this.page.getByRole('region', { name: 'Delivery' });
    await delivery.getByLabel('Phone').fill(phone);
    await delivery.getByLabel('Address').fill(address);
    await delivery.getByRole('button', { name: 'Tomorrow' }).tap();
    await delivery.getByLabel('Time tomorrow').fill(time);
  }
}
