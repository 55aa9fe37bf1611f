import { expect, type Locator, type Page } from '@playwright/test';
import type { ExpectedRoom } from '../support/processes';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The floor plan as a waiter sees it (STYLE: page models for e2e). */
export class FloorPage {
  readonly connection: Locator;
  readonly roomTabs: Locator;

  constructor(readonly page: Page) {
    this.connection = page.getByTestId('connection-indicator');
    this.roomTabs = page.getByRole('tab');
  }

  async open(url: string) {
    await this.page.goto(url);
  }

  roomTab(name: string) {
    return this.page.getByRole('tab', { name, exact: true });
  }

  /** A table button: its accessible name begins with the table's name. */
  table(name: string) {
    return this.page.getByRole('button', { name: new RegExp(`^${escape(name)}(\\b|,|\\s|$)`) });
  }

  /** Taps a table: a free one opens the seat dialog, a seated one its order screen. */
  async openTable(name: string) {
    const button = this.table(name);
    expect((await button.boundingBox())?.height ?? 0, `touch height of table ${name}`).toBeGreaterThanOrEqual(44);
    await button.tap();
  }

  /** A seated table says so in its name, with its guests. */
  async expectTableSeated(name: string, guests: number) {
    await expect(this.table(name)).toHaveAccessibleName(new RegExp(`\\b(seated|open order)\\b.*\\b${guests} guests?\\b`, 'i'));
  }

  /** The header's connection indicator says Online (a word, not colour alone). */
  async expectOnline() {
    await expect(this.connection).toContainText('Online');
  }

  async expectOffline() {
    await expect(this.connection).toContainText('Offline');
  }

  /** A table's state in words (`/\bpaid\b/i`, `/\bfree\b/i`): never colour alone. */
  async expectTableState(name: string, state: RegExp) {
    await expect(this.table(name)).toHaveAccessibleName(state);
  }

  /** The floor waits for a table for this customer (from the Customers screen). */
  async expectCustomerForTable(name: string) {
    await expect(this.page.getByTestId('customer-for-table')).toContainText(name);
  }

  /** The floor as a list instead of a plan; `name`'s entry is in it. */
  async showListWith(name: string) {
    await this.page.getByRole('button', { name: 'List', exact: true }).tap();
    await expect(this.page.getByRole('button', { name: new RegExp(`^${escape(name)}\\b`) })).toBeVisible();
  }

  /** "Seat several", the tables tapped in order (the last is the primary one), then "Seat N tables". */
  async seatSeveral(...names: string[]) {
    await this.page.getByRole('button', { name: 'Seat several' }).tap();
    for (const name of names) await this.table(name).tap();
    await expect(this.table(names[names.length - 1]!)).toHaveAccessibleName(/primary table/);
    await this.page.getByRole('button', { name: new RegExp(`^Seat ${names.length} tables`) }).tap();
  }

  /** The first "Floor" button of the screen (the table strip's). */
  async returnToFloor() {
    await this.page.getByRole('button', { name: 'Floor', exact: true }).first().tap();
  }

  /** The floor as a list of tables. */
  async showList() {
    await this.page.getByRole('button', { name: 'List', exact: true }).tap();
  }

  async showPlan() {
    await this.page.getByRole('button', { name: 'Plan', exact: true }).tap();
  }

  /** The list says no table is taken. */
  async expectAllFree() {
    await expect(this.page.getByText('Every table is free.')).toBeVisible();
  }

  /** In the list: an open table's row (it opens the table). */
  openTableRow(name: string): Locator {
    return this.page.getByRole('region', { name: 'Open tables' }).getByRole('button', { name: new RegExp(`^${escape(name)}\\b`) });
  }

  /** The floor plan is the screen shown (its room tabs are there). */
  async expectShown() {
    await expect(this.roomTabs.first()).toBeVisible();
  }

  async showRoom(name: string) {
    const tab = this.roomTab(name);
    expect((await tab.boundingBox())?.height ?? 0, `touch height of tab ${name}`).toBeGreaterThanOrEqual(44);
    await tab.tap();
    await expect(this.roomTab(name)).toHaveAttribute('aria-selected', 'true');
  }

  /** Every room has a tab; every table of each room is drawn, to scale, where the server puts it. */
  async expectFloor(rooms: ExpectedRoom[]) {
    await expect(this.roomTabs).toHaveCount(rooms.length);
    for (const room of rooms) {
      await this.showRoom(room.name);
      const boxes = [];
      for (const table of room.tables) {
        const button = this.table(table.name);
        await expect(button, `table ${table.name} of ${room.name}`).toBeVisible();
        const box = await button.boundingBox();
        expect(box, `box of ${table.name}`).not.toBeNull();
        // Touch targets: at least 44 px each way, whatever the room's scale.
        expect(Math.min(box!.width, box!.height), `touch size of ${table.name}`).toBeGreaterThanOrEqual(44);
        boxes.push({ table, box: box! });
      }
      expectDrawnToScale(room.name, boxes);
    }
  }
}

/**
 * One uniform scale maps the server's coordinates onto the screen: x and y of every table,
 * relative to the first one, are the server's offsets times that scale (within 3 px).
 */
function expectDrawnToScale(room: string, drawn: { table: ExpectedRoom['tables'][number]; box: { x: number; y: number; width: number; height: number } }[]) {
  const widest = drawn.reduce((a, b) => (b.table.width > a.table.width ? b : a));
  const scale = widest.box.width / widest.table.width;
  expect(scale, `scale of ${room}`).toBeGreaterThan(0);
  const origin = drawn[0]!;
  for (const { table, box } of drawn) {
    const expectedX = origin.box.x + (table.x - origin.table.x) * scale;
    const expectedY = origin.box.y + (table.y - origin.table.y) * scale;
    expect(Math.abs(box.x - expectedX), `${room} / ${table.name} x`).toBeLessThan(3);
    expect(Math.abs(box.y - expectedY), `${room} / ${table.name} y`).toBeLessThan(3);
  }
}
