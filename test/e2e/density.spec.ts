import type { Locator, Page } from '@playwright/test';
import { CatalogPage } from './pages/CatalogPage';
import { FloorPage } from './pages/FloorPage';
import { OrderPage } from './pages/OrderPage';
import { ServicePage } from './pages/ServicePage';
import { expect, test } from './support/fixtures';

// With a table open, the order screen shows at least 16 item buttons whole and
// uncovered at 1280×800, 12 at 1024×768, 12 in portrait 800×1280 (the ticket a bottom drawer) and
// 30 at 1920×1080 — each a ≥ 44 px target — while the ticket's total and Send stay in view. The
// vendor is a scaled sandbox (categories of 50 items, the demo's floor), so a category has more
// items than any screen holds.

const SCREENS = 'test-results/screens';

// A scaled sandbox: categories of 50 items, the demo's floor.
test.use({ vendorOptions: { rateLimit: 100_000, scale: 1000 } });

const VIEWPORTS = [
  { width: 1280, height: 800, atLeast: 16 },
  { width: 1024, height: 768, atLeast: 12 },
  { width: 800, height: 1280, atLeast: 12 },
  { width: 1920, height: 1080, atLeast: 30 },
] as const;

/** The point where a probe landed: inside the element, or what covers it. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Item buttons whose whole box lies inside the viewport and inside the grid's visible area, and
 * that are the element found at their centre and near each corner (nothing covers them: not the
 * ticket, the drawer or a sheet). Their smallest side, for the touch target.
 */
async function fullyVisibleItems(page: Page): Promise<{ count: number; smallestSide: number }> {
  return page.evaluate(() => {
    const doc = globalThis as unknown as {
      innerWidth: number;
      innerHeight: number;
      document: {
        querySelectorAll(selector: string): Iterable<ProbeElement>;
        elementFromPoint(x: number, y: number): ProbeElement | null;
      };
    };
    interface ProbeElement {
      getBoundingClientRect(): Box;
      closest(selector: string): ProbeElement | null;
      contains(other: ProbeElement | null): boolean;
      querySelector(selector: string): ProbeElement | null;
    }
    const inside = (box: Box, area: Box) =>
      box.x >= area.x - 0.5 && box.y >= area.y - 0.5 && box.x + box.width <= area.x + area.width + 0.5 && box.y + box.height <= area.y + area.height + 0.5;
    const viewport = { x: 0, y: 0, width: doc.innerWidth, height: doc.innerHeight };
    let count = 0;
    let smallestSide = Infinity;
    for (const card of doc.document.querySelectorAll('[data-testid="catalog-item"]')) {
      const box = card.getBoundingClientRect();
      const grid = card.closest('.vgrid');
      if (grid === null || !inside(box, viewport) || !inside(box, grid.getBoundingClientRect())) continue;
      const inset = 4;
      const points = [
        [box.x + box.width / 2, box.y + box.height / 2],
        [box.x + inset, box.y + inset],
        [box.x + box.width - inset, box.y + inset],
        [box.x + inset, box.y + box.height - inset],
        [box.x + box.width - inset, box.y + box.height - inset],
      ];
      if (!points.every(([x, y]) => card.contains(doc.document.elementFromPoint(x!, y!)))) continue;
      const button = card.querySelector('button')!.getBoundingClientRect();
      smallestSide = Math.min(smallestSide, button.width, button.height);
      count++;
    }
    return { count, smallestSide };
  });
}

/** In view and not covered: the element itself is found at its centre. */
async function expectUncovered(locator: Locator, what: string) {
  await expect(locator, what).toBeInViewport({ ratio: 1 });
  const covered = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const found = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): unknown } }).document.elementFromPoint(
      box.x + box.width / 2,
      box.y + box.height / 2,
    );
    return !(found === element || element.contains(found as never));
  });
  expect(covered, `${what} is covered`).toBe(false);
}

test('with a table open, the order screen shows enough whole item buttons at each screen size, the total and Send always in view', async ({
  vendor,
  terminalPage: page,
}) => {
  const room = await vendor.firstRoom();
  const table = room.tables[0]!;

  const floor = new FloorPage(page);
  const catalog = new CatalogPage(page);
  const order = new OrderPage(page);
  const service = new ServicePage(page);

  // Seat a table: its order screen opens; browse the first group's first category, one item on the ticket.
  await floor.showRoom(room.name);
  await floor.table(table.name).tap();
  await service.seat(table.name, 2);
  await expect(order.strip).toBeVisible();
  await catalog.showGroupAt(1);
  // An item on the ticket: its sheet (if it has one) opens over the grid, the ticket's total and
  // Send still in view; the first option of each of its rules completes it.
  await catalog.tapFirstItem();
  await expect(order.lines.or(order.sheet).first()).toBeVisible();
  if (await order.sheet.isVisible()) {
    await expectUncovered(order.total, 'the total beside an open sheet');
    await expectUncovered(service.sendButton, 'Send beside an open sheet');
    await page.screenshot({ path: `${SCREENS}/density-sheet-1280x800.png` });
    await order.chooseFirstOfEachRule();
    await order.add();
  }
  await expect(order.lines).toHaveCount(1);

  const found: string[] = [];
  for (const { width, height, atLeast } of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    const where = `${width}×${height}`;
    // The grid re-measures its columns after a resize: wait until the count is steady.
    let last = -1;
    await expect
      .poll(
        async () => {
          const { count } = await fullyVisibleItems(page);
          const steady = count === last;
          last = count;
          return steady;
        },
        { message: `item count settles at ${where}`, intervals: [150, 150, 250, 500] },
      )
      .toBe(true);
    const { count, smallestSide } = await fullyVisibleItems(page);
    found.push(`${where}: ${count}`);
    expect(count, `item buttons fully visible at ${where}`).toBeGreaterThanOrEqual(atLeast);
    expect(smallestSide, `smallest item button side at ${where}`).toBeGreaterThanOrEqual(44);

    // The ticket's total and Send, in view and uncovered; in portrait the ticket is a drawer.
    await expectUncovered(order.total, `the total at ${where}`);
    await expectUncovered(service.sendButton, `Send at ${where}`);
    const drawer = order.drawerToggle;
    if (height > width) {
      await expect(drawer).toHaveAttribute('aria-expanded', 'false');
      await expect(order.lines).toBeHidden();
      await page.screenshot({ path: `${SCREENS}/density-${width}x${height}.png` });
      await drawer.tap();
      await expect(drawer).toHaveAttribute('aria-expanded', 'true');
      await expect(order.lines.first()).toBeVisible();
      await expectUncovered(order.total, `the total with the drawer open at ${where}`);
      await expectUncovered(service.sendButton, `Send with the drawer open at ${where}`);
      await page.screenshot({ path: `${SCREENS}/density-${width}x${height}-drawer.png` });
      await drawer.tap();
    } else {
      await expect(drawer).toBeHidden();
      await expect(order.lines.first()).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/density-${width}x${height}.png` });
    }
  }
  console.log(`fully visible item buttons: ${found.join(', ')}`);
});
