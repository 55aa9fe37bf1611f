import { expect, type Locator, type Page } from '@playwright/test';
import { expectTouchSize } from '../support/screens';

/** The order builder beside the catalog: the open sheet and the ticket (STYLE: page models for e2e). */
export class OrderPage {
  readonly sheet: Locator;
  readonly addButton: Locator;
  readonly reason: Locator;
  readonly ticket: Locator;
  readonly lines: Locator;
  readonly total: Locator;
  readonly subtotal: Locator;
  /** The strip above the ticket saying where the order goes (a table, a takeaway…). */
  readonly strip: Locator;
  readonly guests: Locator;
  /** The strip's disclosure button: its name says the table, guests, since when and the rounds. */
  readonly stripToggle: Locator;

  constructor(readonly page: Page) {
    this.sheet = page.getByTestId('order-sheet');
    this.addButton = this.sheet.getByRole('button', { name: 'Add', exact: true });
    this.reason = page.getByTestId('order-sheet-reason');
    this.ticket = page.getByTestId('order-ticket');
    this.lines = page.getByTestId('order-line');
    this.total = page.getByTestId('order-total');
    this.subtotal = page.getByTestId('order-subtotal');
    this.strip = page.getByTestId('destination-strip');
    this.guests = page.getByTestId('service-guests');
    this.stripToggle = page.getByTestId('destination-toggle');
  }

  /** An option, format or dish of the open sheet, by its name (a format's price follows its name). */
  option(name: string): Locator {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.sheet.getByRole('button', { name: new RegExp(`^${escaped}( |$)`) });
  }

  /**
   * A modifier category of the open sheet, by its name: a group named by its heading (the name,
   * then the rule in words: "Sabores del helado Choose 1 to 3").
   */
  rule(name: string): Locator {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.sheet.getByRole('group', { name: new RegExp(`^${escaped} `) });
  }

  async cancel() {
    await this.sheet.getByRole('button', { name: 'Cancel', exact: true }).tap();
    await expect(this.sheet).toBeHidden();
  }

  async choose(name: string) {
    const option = this.option(name);
    await expectTouchSize(option, name);
    await option.tap();
  }

  async add() {
    await expectTouchSize(this.addButton, 'Add');
    await expect(this.addButton).toBeEnabled();
    await this.addButton.tap();
    await expect(this.sheet).toBeHidden();
  }

  /** The order screen is a seated table's: "Table 5", with its guests. */
  async expectTable(name: string, guests: number) {
    await expect(this.ticket).toBeVisible();
    await expect(this.page.getByRole('region', { name: `Table ${name}`, exact: true })).toBeVisible();
    const guestsText = guests === 1 ? '1 guest' : `${guests} guests`;
    await expect(this.guests).toHaveText(guestsText);
    // Chromium's own name for the strip reads its parts apart, never "Table 13 guestssince…".
    await expect.poll(() => this.chromiumName(this.stripToggle)).toMatch(new RegExp(`^Table ${name}\\s*, ${guestsText}\\s*, since \\d\\d:\\d\\d\\s*, \\S`));
  }

  /** The accessible name Chromium computes (what a screen reader hears), not Playwright's own computation. */
  async chromiumName(locator: Locator): Promise<string> {
    const cdp = await this.page.context().newCDPSession(this.page);
    try {
      const marker = `name-probe-${Date.now()}`;
      await locator.evaluate(
        (element, value) => (element as unknown as { setAttribute(n: string, v: string): void }).setAttribute('data-name-probe', value),
        marker,
      );
      const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `[data-name-probe="${marker}"]` });
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
      return String(nodes[0]?.name?.value ?? '');
    } finally {
      await cdp.detach();
    }
  }

  /** The table strip's "Floor": back to the floor plan. */
  async backToFloor() {
    const button = this.strip.getByRole('button', { name: 'Floor', exact: true });
    await expectTouchSize(button, 'Floor');
    await button.tap();
    await expect(this.ticket).toBeHidden();
  }

  /** In portrait the ticket is a bottom drawer; its toggle. */
  get drawerToggle(): Locator {
    return this.page.getByTestId('order-drawer-toggle');
  }

  /** In the open sheet: the first option of every rule with nothing chosen yet (completes the sheet). */
  async chooseFirstOfEachRule() {
    for (const group of await this.sheet.getByRole('group').all()) {
      if ((await group.getByRole('button', { pressed: true }).count()) === 0) await group.getByRole('button').first().tap();
    }
  }

  /** The table strip's disclosure: its rounds shown or folded. */
  async toggleStrip() {
    await this.stripToggle.tap();
  }

  get quantityPad(): Locator {
    return this.page.getByTestId('order-quantity-pad');
  }

  async openQuantityPad() {
    await this.page.getByTestId('order-quantity-toggle').tap();
    await expect(this.quantityPad).toBeVisible();
  }

  async cancelQuantityPad() {
    await this.quantityPad.getByRole('button', { name: 'Cancel' }).tap();
  }

  /** In the open strip: "Clear table" (a question follows). */
  async askClearTable() {
    await this.page.getByRole('button', { name: 'Clear table', exact: true }).tap();
  }

  /** The open sheet's title (it takes the focus). */
  sheetHeading(name: string): Locator {
    return this.sheet.getByRole('heading', { name });
  }

  /** A line's own total ("€12.50"). */
  async expectLineTotal(name: string, total: string) {
    await expect(this.line(name).getByTestId('order-line-total')).toHaveText(total);
  }

  /** A line's "+1". */
  async oneMore(name: string) {
    await this.page.getByRole('button', { name: `+1: one more ${name}`, exact: true }).tap();
  }

  /** A line's "−". */
  async oneFewer(name: string) {
    await this.page.getByRole('button', { name: `One fewer ${name}`, exact: true }).tap();
  }

  /** A line's note: "Write a note", the text, "Done". */
  async writeNote(name: string, note: string) {
    await this.page.getByRole('button', { name: `Write a note for ${name}`, exact: true }).tap();
    await this.page.getByLabel(`Note for ${name}`, { exact: true }).fill(note);
    await this.page.getByRole('button', { name: `Done with the note for ${name}`, exact: true }).tap();
  }

  /** The open sheet says dishes are hidden (by the allergen filter). */
  async expectHiddenDishes() {
    await expect(this.sheet.getByTestId('order-hidden-dishes').first()).toContainText('hidden');
  }

  /** A takeaway's name in the send panel. */
  async expectTakeawayName(name: string) {
    await expect(this.page.locator('#send-takeawayName')).toHaveValue(name);
  }

  /** The round being built goes on a check of its own ("Separate check"). */
  async separateCheck() {
    await this.page.getByRole('button', { name: 'Separate check' }).tap();
  }

  /** A discount on the round being built: a percentage and a reason; the ticket shows it. */
  async discountRound(percentage: string, reason: string) {
    await this.page.getByRole('button', { name: 'Discount', exact: true }).tap();
    await this.page.getByRole('textbox', { name: 'Percentage (%)' }).fill(percentage);
    await this.page.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await expect(this.page.getByTestId('order-discount')).toContainText(reason);
  }

  line(name: string): Locator {
    return this.lines.filter({ has: this.page.getByText(name, { exact: true }) });
  }
}
