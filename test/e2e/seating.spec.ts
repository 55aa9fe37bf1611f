import type { Page } from '@playwright/test';
import { CatalogPage } from './pages/CatalogPage';
import { FloorPage } from './pages/FloorPage';
import { OrderPage } from './pages/OrderPage';
import { ServicePage } from './pages/ServicePage';
import { expect, test } from './support/fixtures';

// A waiter seats one table after another in the same window: each free table opens its seat
// dialog, each seated table its own order screen with its own guests and unsent ticket.

/** Errors the page throws (React's "Maximum update depth exceeded" among them), as they happen. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('with a table open, tapping Floor and a free table opens the seat dialog', async ({ vendor, terminal }) => {
  const room = await vendor.firstRoom();
  const first = room.tables.find((t) => t.name === '5') ?? room.tables[0]!;
  const second = room.tables.find((t) => t !== first)!;
  const page = await terminal.openSynced();
  const crashes = pageErrors(page);
  const floor = new FloorPage(page);
  const order = new OrderPage(page);
  const service = new ServicePage(page);

  await floor.showRoom(room.name);
  await floor.openTable(first.name);
  await service.seat(first.name, 2);
  await order.expectTable(first.name, 2);
  await order.backToFloor();
  await floor.expectShown();
  await floor.openTable(second.name);
  await expect(service.seatDialog(second.name)).toBeVisible();
  await page.screenshot({ path: 'test-results/shots/seat-dialog-second-table.png' });
  await service.seat(second.name, 4);
  await order.expectTable(second.name, 4);
  expect(crashes).toEqual([]);
});

test('three tables seated in a row, switching between them: each keeps its guests and its ticket', async ({ vendor, terminal }) => {
  test.setTimeout(180_000);
  const room = await vendor.firstRoom();
  const [a, b, c] = room.tables;
  const page = await terminal.openSynced();
  const crashes = pageErrors(page);
  const floor = new FloorPage(page);
  const catalog = new CatalogPage(page);
  const order = new OrderPage(page);
  const service = new ServicePage(page);
  const seated = [
    { table: a!, guests: 2, item: 'Agua mineral 50 cl', query: 'agua mineral 50' },
    { table: b!, guests: 3, item: 'Crema catalana', query: 'crema catalana' },
    { table: c!, guests: 4, item: null, query: null },
  ];

  await floor.showRoom(room.name);
  for (const { table, guests, item, query } of seated) {
    await floor.openTable(table.name);
    await service.seat(table.name, guests);
    await order.expectTable(table.name, guests);
    // A line left unsent on this table's ticket: it must be there when the table is opened again.
    if (item !== null && query !== null) {
      await catalog.search(query);
      await catalog.itemButton(item).tap();
      await expect(order.lines).toHaveCount(1);
      await expect(order.line(item)).toBeVisible();
    } else {
      await expect(order.lines).toHaveCount(0);
    }
    await order.backToFloor();
    await floor.expectShown();
    await floor.expectTableSeated(table.name, guests);
  }
  await page.screenshot({ path: 'test-results/shots/floor-three-seated.png' });

  // Back to each: its own guests and its own unsent line, nobody else's.
  for (const { table, guests, item } of [seated[0]!, seated[1]!, seated[2]!, seated[0]!]) {
    await floor.openTable(table.name);
    await order.expectTable(table.name, guests);
    if (item !== null) {
      await expect(order.lines).toHaveCount(1);
      await expect(order.line(item)).toBeVisible();
    } else {
      await expect(order.lines).toHaveCount(0);
    }
    await order.backToFloor();
    await floor.expectShown();
  }
  expect(crashes).toEqual([]);
});
