import { CatalogPage } from './pages/CatalogPage';
import { FloorPage } from './pages/FloorPage';
import { ServicePage } from './pages/ServicePage';
import { expect, test, type Vendor } from './support/fixtures';

// The order queue on the main side, e2e: the main side owns the queue and the floor, every window is its client.
// (a) two browser contexts on one browser shell: a seating and a round committed in one show in
//     the other within 1 s; (b) orders saved while the vendor is offline survive a brand-new
//     browser context (empty IndexedDB) and are delivered once when the vendor returns; (c) two
//     windows tapping Seat on the same free table at once: it is seated once.

const SCREENS = 'test-results/screens';

interface LedgerEntry {
  kind: 'flow' | 'loyalty';
  payload: { table_id?: number[]; guests?: number; order?: { extraId?: string; contents: Array<{ quantity?: number }> } };
}

/** The first room the vendor lists and one of its tables (by name, as the floor shows it). */
async function aTable(vendor: Vendor): Promise<{ room: string; table: string }> {
  const [room] = await vendor.rooms();
  return { room: room!.name, table: room!.tables[0]!.name };
}

test('two windows on one terminal: a seating and a round saved in one show in the other within 1 s', async ({ vendor, terminal }) => {
  const { room, table } = await aTable(vendor);
  const one = await terminal.openSynced();
  const two = await terminal.openSynced();
  const [floorOne, floorTwo] = [new FloorPage(one), new FloorPage(two)];
  const [serviceOne, serviceTwo] = [new ServicePage(one), new ServicePage(two)];
  await floorOne.showRoom(room);
  await floorTwo.showRoom(room);
  await expect(floorTwo.table(table)).toHaveAccessibleName(/\bfree\b/i);
  // Offline: what was saved stays pending, so the count the other window shows is stable.
  await vendor.offline();

  await floorOne.table(table).tap();
  await serviceOne.seat(table, 2);
  // Saved in window one (the dialog closed once the main side committed): window two follows.
  // (Offline, the seating is queued, or unconfirmed if its attempt was cut: pending either way.)
  await Promise.all([
    expect(floorTwo.table(table)).toHaveAccessibleName(/, 2 guests/, { timeout: 1_000 }),
    expect(serviceTwo.pendingCount).toHaveText('1', { timeout: 1_000 }),
  ]);

  // A round from window one (its order screen opened with the seating).
  const catalogOne = new CatalogPage(one);
  await catalogOne.search('agua mineral 50');
  await catalogOne.itemButton('Agua mineral 50 cl').tap();
  await serviceOne.send();
  await Promise.all([
    expect(floorTwo.table(table)).toHaveAccessibleName(/, 2 orders (waiting to send|need attention)|, 1 order waiting to send, 1 order needs attention/, {
      timeout: 1_000,
    }),
    expect(serviceTwo.pendingCount).toHaveText('2', { timeout: 1_000 }),
  ]);
  await two.screenshot({ path: `${SCREENS}/queue-second-window.png` });
});

test('orders saved while the vendor is offline survive a brand-new browser context and are delivered once', async ({ vendor, terminal }) => {
  const { room, table } = await aTable(vendor);
  const first = await terminal.openSynced();
  const floor = new FloorPage(first);
  const service = new ServicePage(first);
  await floor.showRoom(room);

  // Seated while the vendor answers; then two rounds saved while it is offline.
  await floor.table(table).tap();
  await service.seat(table, 3);
  await expect(service.rounds.first()).toHaveAttribute('data-state', 'accepted', { timeout: 15_000 });
  await vendor.offline();
  const catalog = new CatalogPage(first);
  await catalog.search('agua mineral 50');
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await service.send();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await service.send();
  await expect(service.pendingCount).toHaveText('2');

  // The browser profile is gone (a kiosk that wipes it at restart): a new one, empty.
  await first.context().close();
  // The vendor is still offline, so this window cannot even sync a catalog: the queue is not its.
  const fresh = await terminal.open();
  const freshService = new ServicePage(fresh);
  await expect(freshService.pendingCount).toHaveText('2');
  await freshService.openPending();
  await expect(freshService.pendingEntries).toHaveCount(2);
  for (const entry of await freshService.pendingEntries.all()) await expect(entry).toHaveAttribute('data-state', 'queued');
  await fresh.screenshot({ path: `${SCREENS}/queue-fresh-context-pending.png` });
  const seatingOnly = await vendor.ledger<LedgerEntry>();
  expect(seatingOnly.map((e) => e.kind)).toEqual(['flow']);

  // The vendor returns: both rounds arrive, once each, in the order they were saved.
  await vendor.online();
  await expect(freshService.pendingEntries).toHaveCount(0, { timeout: 15_000 });
  await expect(freshService.pendingCount).toHaveText('0');
  const ledger = await vendor.ledger<LedgerEntry>();
  expect(ledger.map((e) => e.kind)).toEqual(['flow', 'loyalty', 'loyalty']);
  expect(ledger[0]!.payload.guests).toBe(3);
  expect(new Set(ledger.slice(1).map((e) => e.payload.order?.extraId)).size).toBe(2);
  expect(ledger.slice(1).map((e) => e.payload.order!.contents.map((c) => c.quantity ?? 1))).toEqual([[1], [2]]);
});

test('two windows tap Seat on the same free table at once: one seats it, the other is told, one Flow order', async ({ vendor, terminal }) => {
  const { room, table } = await aTable(vendor);
  const pages = [await terminal.openSynced(), await terminal.openSynced()];
  const windows = pages.map((page) => ({ page, floor: new FloorPage(page), service: new ServicePage(page) }));
  const guests = [2, 4];
  for (const [i, w] of windows.entries()) {
    await w.floor.showRoom(room);
    await w.floor.table(table).tap();
    await w.service.fillSeat(table, guests[i]!);
  }

  await Promise.all(windows.map((w) => w.service.seatButton(table).tap()));

  // One dialog closes (seated), the other stays open and says why.
  const told = windows.map((w) => w.service.seatError(table));
  await expect.poll(async () => (await Promise.all(told.map((t) => t.isVisible()))).filter(Boolean).length).toBe(1);
  const loser = (await told[0]!.isVisible()) ? 0 : 1;
  const winner = 1 - loser;
  await expect(told[loser]!).toContainText(`${table} was just seated`);
  await expect(windows[winner]!.service.seatDialog(table)).toBeHidden();
  await pages[loser]!.screenshot({ path: `${SCREENS}/queue-seat-race-loser.png` });

  // The winner's seating is delivered; the vendor holds ONE Flow order, with the winner's guests.
  await expect(windows[winner]!.service.pendingCount).toHaveText('0', { timeout: 15_000 });
  await expect.poll(async () => (await vendor.ledger<LedgerEntry>()).filter((e) => e.kind === 'flow').length, { timeout: 15_000 }).toBe(1);
  const flows = (await vendor.ledger<LedgerEntry>()).filter((e) => e.kind === 'flow');
  expect(flows).toHaveLength(1);
  expect(flows[0]!.payload.guests).toBe(guests[winner]);
  await expect(windows[loser]!.service.pendingCount).toHaveText('0');
});
