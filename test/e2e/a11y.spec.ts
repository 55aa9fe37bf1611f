import type { Locator, Page } from '@playwright/test';
import { CatalogPage } from './pages/CatalogPage';
import { ConfirmDialog } from './pages/ConfirmDialog';
import { FloorPage } from './pages/FloorPage';
import { Header } from './pages/Header';
import { LockScreen } from './pages/LockScreen';
import { MoveSeatingDialog } from './pages/MoveSeatingDialog';
import { OrderPage } from './pages/OrderPage';
import { SeatDialog } from './pages/SeatDialog';
import { ServicePage } from './pages/ServicePage';
import { SettingsPage } from './pages/SettingsPage';
import { ShopSettings } from './pages/shop/ShopSettings';
import type { TillPage } from './pages/shop/TillPage';
import { SyncPage } from './pages/SyncPage';
import { expect, test } from './support/fixtures';
import { seriousViolations as violations } from './support/screens';
import { test as shopTest } from './support/shopFixtures';

// Axe (WCAG and best practices) finds no serious or critical violation on any
// screen or dialog, in the light and the dark theme; dialogs keep and give back the focus, and a
// waiter can seat, order, send and open the pending orders from a keyboard alone. Item 3 of the
// brief: the header's controls all lie inside the window at 800, 1024, 1280 and 1920 px wide, in
// English, Spanish and Catalan.

// A control that never appears fails the step, not the whole walk's time.
test.use({ actionTimeout: 30_000 });

const PIN = '2468';

/** Collects the violations of every screen of a walk, so one run names all of them. */
function scanner(page: Page) {
  const found: string[] = [];
  return {
    found,
    async scan(where: string) {
      for (const line of await violations(page)) found.push(`${where}: ${line}`);
    },
  };
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation on any screen or dialog (${colorScheme} theme)`, async ({ vendor, terminal }) => {
    test.setTimeout(300_000);
    const room = await vendor.firstRoom();
    const [first, second] = room.tables;
    const page = await terminal.openSynced({ colorScheme });
    const floor = new FloorPage(page);
    const catalog = new CatalogPage(page);
    const order = new OrderPage(page);
    const service = new ServicePage(page);
    const settings = new SettingsPage(page);
    const sync = new SyncPage(page);
    const lock = new LockScreen(page);
    const { found, scan } = scanner(page);
    // The terminal follows the system's theme (Settings: "Like the device").
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { matchMedia(query: string): { matches: boolean } }).matchMedia('(prefers-color-scheme: dark)').matches,
      ),
    ).toBe(colorScheme === 'dark');

    // Floor plan and its list.
    await floor.showRoom(room.name);
    await scan('floor plan');
    await floor.showList();
    await floor.expectAllFree();
    await scan('floor list, empty');
    await floor.showPlan();

    // Seat dialog; seating opens the order screen.
    await floor.table(first!.name).tap();
    await service.fillSeat(first!.name, 2);
    await scan('seat dialog');
    await service.seatButton(first!.name).tap();
    await service.expectRound(0, 'accepted', 15_000);
    await scan('order screen');

    // The table's strip opened, the quantity keypad, each sheet.
    await order.toggleStrip();
    await expect(service.rounds.first()).toBeVisible();
    await scan('order screen, table strip open');
    await order.toggleStrip();
    await order.openQuantityPad();
    await scan('quantity keypad');
    await order.cancelQuantityPad();
    for (const [query, name, sheet] of [
      ['jamon iberico', 'Jamón ibérico de bellota', 'format sheet'],
      ['hamburguesa ternera', 'Hamburguesa de ternera gallega', 'modifier sheet'],
      ['menu del dia', 'Menú del día', 'menu sheet'],
    ] as const) {
      await catalog.search(query);
      await catalog.itemButton(name).tap();
      await expect(order.sheet).toBeVisible();
      await scan(sheet);
      await order.cancel();
    }
    await catalog.search('agua mineral 50');
    await catalog.itemButton('Agua mineral 50 cl').tap();
    await expect(order.lines).toHaveCount(1);
    await scan('order screen with a line');
    await service.send();
    await expect(service.rounds).toHaveCount(2);

    // The list with the open table; its row opens the table again.
    await catalog.floorButton.tap();
    await floor.showList();
    const row = floor.openTableRow(first!.name);
    await expect(row).toBeVisible();
    await scan('floor list');
    await row.tap();
    await expect(order.ticket).toBeVisible();

    // Clear the table here while its order stays open at the POS: seating it again is refused
    // (a conflict), which gives the pending orders an entry with every action, Move included.
    await order.toggleStrip();
    await order.askClearTable();
    const question = new ConfirmDialog(page);
    await question.expectShown();
    await scan('clear table confirmation');
    await question.confirm(/^Clear /);
    await floor.showPlan();
    await expect(floor.table(first!.name)).toHaveAccessibleName(/free/i);
    await floor.table(first!.name).tap();
    await service.seat(first!.name, 2);
    await service.expectPending(1, 15_000);
    await service.openPending();
    await service.expectPendingState(0, 'rejected');
    await scan('pending orders');
    await service.pendingAction(0, /^Discard/).tap();
    await question.expectShown();
    await scan('discard confirmation');
    await question.cancel();
    await service.pendingAction(0, 'Pick another table…').tap();
    const move = new MoveSeatingDialog(page);
    await move.expectOffering(second!.name);
    await scan('move seating');
    await move.cancel();

    // Sync panel.
    await sync.openView();
    await scan('sync panel');
    await page.keyboard.press('Escape');
    await expect(sync.panel).toBeHidden();

    // Settings, the PIN setup dialog, the lock screen.
    await settings.open();
    await scan('settings');
    await settings.startPinSetup(PIN);
    await scan('PIN setup dialog');
    await settings.cancelPinSetup();
    await settings.setPinOnKeypad(PIN);
    await settings.backButton.tap();
    await lock.lockButton.tap();
    await expect(lock.screen).toBeVisible();
    await scan('lock screen');
    await lock.unlockWith(PIN);
    await expect(lock.screen).toHaveCount(0);

    expect(found).toEqual([]);
  });
}

/**
 * Every control of the header (its buttons, the connection status, the venue): whole inside the
 * window, not overlapping another, its words not cut (no overflowing content). Problems, in words.
 */
async function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    interface Probe {
      getBoundingClientRect(): { left: number; right: number; top: number; bottom: number; width: number; height: number };
      scrollWidth: number;
      clientWidth: number;
      scrollHeight: number;
      clientHeight: number;
      textContent: string | null;
      getAttribute(name: string): string | null;
    }
    const win = globalThis as unknown as { innerWidth: number; innerHeight: number; document: { querySelectorAll(s: string): Iterable<Probe> } };
    const controls = [
      ...win.document.querySelectorAll('.app-header button, .app-header [role="status"], .app-header .app-header__venue, .app-header .app-header__name'),
    ].filter((c) => c.getBoundingClientRect().width > 0);
    const name = (c: Probe) => c.getAttribute('aria-label') ?? c.textContent?.trim() ?? '?';
    const problems: string[] = [];
    const boxes = controls.map((c) => ({ c, box: c.getBoundingClientRect() }));
    for (const { c, box } of boxes) {
      if (box.left < -0.5 || box.right > win.innerWidth + 0.5 || box.top < -0.5 || box.bottom > win.innerHeight + 0.5)
        problems.push(`${name(c)} lies outside the window (${Math.round(box.left)}–${Math.round(box.right)} of ${win.innerWidth})`);
      if (c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1)
        problems.push(`${name(c)} cuts its content (${c.scrollWidth}×${c.scrollHeight} in ${c.clientWidth}×${c.clientHeight})`);
    }
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const overlap =
          Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left) > 1 &&
          Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top) > 1;
        if (overlap) problems.push(`${name(a.c)} overlaps ${name(b.c)}`);
      }
    }
    return problems;
  });
}

const WIDTHS = [
  { width: 800, height: 1280 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

/** At each width, on the floor and on the order screen: the header's problems, named by where. */
async function headerAtEveryWidth(page: Page, language: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    const header = new Header(page);
    for (const view of ['floor', 'catalog'] as const) {
      await header.viewButton(view).tap();
      await expect(header.viewButton(view)).toHaveAttribute('aria-current', 'page');
      for (const problem of await headerProblems(page)) found.push(`${language} ${size.width}×${size.height} ${view}: ${problem}`);
      // Touch targets stay whole.
      for (const button of await header.buttons.all()) {
        const box = await button.boundingBox();
        if (box !== null && Math.min(box.width, box.height) < 44)
          found.push(`${language} ${size.width} ${view}: ${await button.getAttribute('class')} is ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
  }
  return found;
}

test('the header fits at 800, 1024, 1280 and 1920 px wide in English, Spanish and Catalan, offline with orders waiting and the Lock shown', async ({
  vendor,
  terminalPage: page,
}) => {
  test.setTimeout(240_000);
  const room = await vendor.firstRoom();
  const floor = new FloorPage(page);
  const settings = new SettingsPage(page);
  const service = new ServicePage(page);
  const header = new Header(page);

  // The longest states: a PIN set (the Lock button shows), offline with an order waiting.
  await settings.open();
  await settings.setPinOnKeypad(PIN);
  await vendor.offline();
  await header.viewButton('floor').tap();
  await header.expectConnection('Offline', 20_000);
  await floor.showRoom(room.name);
  await floor.table(room.tables[0]!.name).tap();
  await service.seat(room.tables[0]!.name, 2);
  await header.expectConnection('Offline · 1 waiting', 20_000);
  await expect(new LockScreen(page).lockButton).toBeVisible();

  const found: string[] = [];
  for (const [language, choice] of [
    ['en', null],
    ['es', 'Español'],
    ['ca', 'Català'],
  ] as const) {
    if (choice !== null) {
      await page.setViewportSize({ width: 1280, height: 800 });
      // Settings asks the PIN; the language changes at once.
      await settings.openWithPin(PIN);
      await settings.chooseLanguage(choice);
      await header.expectLanguage(language);
    }
    found.push(...(await headerAtEveryWidth(page, language)));
  }
  expect(found).toEqual([]);
});

test('the header fits with the demo venue’s badge, in Catalan', async ({ demoTerminal }) => {
  // Demo mode (no --backend): the venue is the embedded sandbox, named by a badge.
  const page = await demoTerminal.openSynced({ locale: 'ca-ES' });
  await new Header(page).expectDemoBadge('Local de prova');
  expect(await headerAtEveryWidth(page, 'ca')).toEqual([]);
});

/** A shop's header at each width, on the till and on Pending orders: its problems, named by where. */
async function shopHeaderAtEveryWidth(till: TillPage, language: string): Promise<string[]> {
  const { page, header } = till;
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const screen of ['till', 'pending'] as const) {
      const pending = screen === 'pending' ? await header.openPending() : null;
      if (pending === null) await expect(till.root).toBeVisible();
      for (const problem of await headerProblems(page)) found.push(`${language} ${size.width}×${size.height} ${screen}: ${problem}`);
      for (const button of await header.buttons.all()) {
        const box = await button.boundingBox();
        if (box !== null && Math.min(box.width, box.height) < 44)
          found.push(`${language} ${size.width} ${screen}: ${await button.getAttribute('class')} is ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
      if (pending === null) await header.root.screenshot({ path: `test-results/screens/shop-header-${language}-${size.width}.png` });
      else {
        // Its first button goes back to the till, in any language.
        await pending.backButton.tap();
        await expect(till.root).toBeVisible();
      }
    }
  }
  return found;
}

shopTest.describe('the shop', () => {
  // The shop with the demo venue beside it (the Venue | Shop switch shows), its vendor the fixture's.
  shopTest.use({ shopSetup: { demoVenueBeside: true } });

  shopTest(
    'the shop’s header fits at 800, 1024, 1280 and 1920 px wide in English, Spanish and Catalan: the switch, the Lock, offline with a sale waiting',
    async ({ vendor, openShop }) => {
      shopTest.setTimeout(300_000);
      const till = await openShop();
      const { page, header, pay } = till;
      await expect(header.syncStatus).toHaveClass(/sync-status--synced/);
      const settings = new SettingsPage(page);

      // The longest states: a PIN set (the Lock button shows), offline with a sale waiting.
      await settings.open();
      await settings.setPinOnKeypad(PIN);
      await settings.backButton.tap();
      await vendor.control.offline();
      await header.expectConnection('Offline', 60_000);
      await till.addFirstCard();
      await expect(till.lines).toHaveCount(1);
      await till.openPay();
      await pay.method(/Cash$/).tap();
      await pay.submitButton.tap();
      await expect(pay.saved).toBeVisible();
      await page.keyboard.press('Escape');
      await header.expectConnection(/Offline · \d+ waiting/, 20_000);
      await expect(new LockScreen(page).lockButton).toBeVisible();
      await expect(header.switchGroup).toBeVisible();

      const found: string[] = [];
      for (const [language, choice] of [
        ['en', null],
        ['es', 'Español'],
        ['ca', 'Català'],
      ] as const) {
        if (choice !== null) {
          await page.setViewportSize({ width: 1280, height: 800 });
          await settings.openWithPin(PIN);
          await settings.chooseLanguage(choice);
          await new Header(page).expectLanguage(language);
          await new ShopSettings(page).backButton.tap();
          await expect(till.root).toBeVisible();
        }
        found.push(...(await shopHeaderAtEveryWidth(till, language)));
      }
      expect(found).toEqual([]);
    },
  );
});

/** Presses Tab (or Shift+Tab) until `target` has the focus: a keyboard user's way to it. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', most = 120) {
  await expect(target).toBeVisible();
  const focused = () =>
    target
      .evaluate((element) => element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement, undefined, {
        timeout: 2_000,
      })
      .catch(() => false);
  for (let presses = 0; presses < most; presses++) {
    if (await focused()) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${String(target)} never got the focus after ${most} × ${key}`);
}

test('from the keyboard alone: seat a table, add items, send, open the pending orders; each dialog gives the focus back', async ({
  vendor,
  terminalPage: page,
}) => {
  test.setTimeout(180_000);
  const room = await vendor.firstRoom();
  const table = room.tables[0]!;
  const floor = new FloorPage(page);
  const catalog = new CatalogPage(page);
  const order = new OrderPage(page);
  const service = new ServicePage(page);
  const sync = new SyncPage(page);
  // Offline: what is sent waits in Pending orders, with its Discard… question.
  await vendor.offline();
  await new Header(page).expectConnection('Offline', 20_000);

  // The seat dialog: Enter opens it, Escape closes it and the table has the focus again.
  const tableButton = floor.table(table.name);
  await tabTo(page, tableButton);
  await page.keyboard.press('Enter');
  const seat = new SeatDialog(page, table.name);
  const dialog = seat.dialog;
  await expect(dialog).toBeVisible();
  await expect(seat.heading).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(tableButton).toBeFocused();
  // Again: 3 guests on the keypad (Space), then Seat (Enter). Tab stays inside the dialog.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, seat.key('3'));
  await page.keyboard.press('Space');
  await expect(seat.guests).toHaveValue('3');
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    expect(
      await dialog.evaluate((element) => element.contains((globalThis as unknown as { document: { activeElement: never } }).document.activeElement)),
      'focus stays in the seat dialog',
    ).toBe(true);
  }
  await tabTo(page, service.seatButton(table.name));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(order.guests).toHaveText(/3/);

  // An item with formats: Enter opens its sheet (focus on its title); Escape gives the focus back.
  await tabTo(page, catalog.searchField);
  await page.keyboard.type('jamon iberico');
  const jamon = catalog.itemButton('Jamón ibérico de bellota');
  await tabTo(page, jamon);
  await page.keyboard.press('Enter');
  await expect(order.sheet).toBeVisible();
  await expect(order.sheetHeading('Jamón ibérico de bellota')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(order.sheet).toBeHidden();
  await expect(jamon).toBeFocused();
  // Again, choosing a format (Space): it goes on the ticket, and the focus back to the item.
  await page.keyboard.press('Enter');
  await tabTo(page, order.option('Media ración'));
  await page.keyboard.press('Space');
  await expect(order.sheet).toBeHidden();
  await expect(order.lines).toHaveCount(1);
  await expect(jamon).toBeFocused();
  // A plain item, straight onto the ticket.
  await tabTo(page, catalog.searchField, 'Shift+Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('agua mineral 50');
  await tabTo(page, catalog.itemButton('Agua mineral 50 cl'));
  await page.keyboard.press('Enter');
  await expect(order.lines).toHaveCount(2);

  // Send.
  await tabTo(page, service.sendButton);
  await page.keyboard.press('Space');
  await expect(service.sendStatus).toContainText(/saved/i);
  await expect(order.lines).toHaveCount(0);

  // The sync panel: Enter opens it, Escape closes it, the focus is back on its button.
  await tabTo(page, sync.status, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(sync.panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sync.panel).toBeHidden();
  await expect(sync.status).toBeFocused();

  // Pending orders: the seating and the round wait. Discard… asks, with the focus on "Cancel";
  // Escape keeps the entry and gives the focus back to Discard….
  await tabTo(page, service.pendingButton);
  await page.keyboard.press('Enter');
  await service.expectPendingShown();
  await expect(service.pendingEntries).toHaveCount(2);
  const discard = service.pendingAction(1, 'Discard…');
  await tabTo(page, discard);
  await page.keyboard.press('Enter');
  const question = new ConfirmDialog(page, service.pendingEntries.nth(1));
  await question.expectShown();
  await expect(question.cancelButton).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question.dialog).toBeHidden();
  await expect(discard).toBeFocused();
  await expect(service.pendingEntries).toHaveCount(2);
});
