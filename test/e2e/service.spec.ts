import { readFile } from 'node:fs/promises';
import { CatalogPage, eurosOfCents as euros } from './pages/CatalogPage';
import { FloorPage } from './pages/FloorPage';
import { Header } from './pages/Header';
import { OrderPage } from './pages/OrderPage';
import { SendPanel } from './pages/SendPanel';
import { ServicePage } from './pages/ServicePage';
import { expect, test } from './support/fixtures';
import { listAll, type WireRecord } from './support/serverCatalog';

// On the demo venue, seat a table with 3 guests and send a round → the sandbox's
// ledger holds the Flow seating and the loyalty order with the right table, guests, contents and
// total; offline, two more rounds wait in "Pending orders"; back online, both arrive once, in order.

const SCREENS = 'test-results/screens';

const cents = (value: unknown) => Math.round(Number(value) * 100);

interface LedgerEntry {
  kind: 'flow' | 'loyalty';
  orderId: number;
  payload: {
    table_id?: number[];
    guests?: number;
    order?: {
      table_id?: number;
      total: string | number;
      extraId?: string;
      contents: Array<{ item_id: number; quantity?: number; itemPrice: string | number; modifiers?: Array<{ id: number }> }>;
    };
  };
}

test('demo venue: seat a table, send rounds, and deliver the ones saved offline once, in order', async ({ vendor, terminal }) => {
  const ledger = () => vendor.ledger<LedgerEntry>();

  // What the vendor's own API says: the table, the items and their prices.
  const firstRoom = await vendor.firstRoom();
  const table = firstRoom.tables.find((t) => t.name === '5') ?? firstRoom.tables[0]!;
  const [items, formats, formatPivots] = await Promise.all([
    listAll(vendor.url, 'catalog/items'),
    listAll(vendor.url, 'catalog/sellingFormats'),
    listAll(vendor.url, 'catalog/sellingFormatPivots'),
  ]);
  const item = (name: string): WireRecord => {
    const found = items.filter((r) => r.name === name);
    expect(found, name).toHaveLength(1);
    return found[0]!;
  };
  const agua = item('Agua mineral 50 cl');
  const jamon = item('Jamón ibérico de bellota');
  const media = formats.find((f) => f.name === 'Media ración')!;
  const jamonMedia = formatPivots.find((p) => Number(p.item_id) === Number(jamon.id) && Number(p.format_id) === Number(media.id))!;
  const firstRoundCents = 2 * cents(agua.price) + cents(jamonMedia.price);

  const page = await terminal.openSynced();
  const floor = new FloorPage(page);
  const catalog = new CatalogPage(page);
  const order = new OrderPage(page);
  const service = new ServicePage(page);
  await floor.expectOnline();

  // Seat: a free table opens the seat dialog; 3 guests on the keypad.
  await floor.showRoom(firstRoom.name);
  await expect(floor.table(table.name)).toHaveAccessibleName(new RegExp(`^${table.name} free, table`, 'i'));
  await floor.table(table.name).tap();
  await page.screenshot({ path: `${SCREENS}/service-seat-dialog.png` });
  await service.seat(table.name, 3);

  // Seating opens the table's order builder: its details and (soon) the seating as sent.
  await expect(order.guests).toHaveText(/3/);
  await service.expectRound(0, 'accepted', 15_000);

  // A round: two waters and half a ración of jamón.
  await catalog.search('agua mineral 50');
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.search('jamon iberico');
  await catalog.itemButton('Jamón ibérico de bellota').tap();
  await order.choose('Media ración');
  await expect(order.total).toHaveText(euros(firstRoundCents));
  await service.send();
  await expect(order.lines).toHaveCount(0);
  await expect(service.rounds).toHaveCount(2);
  await service.expectRound(1, 'accepted', 15_000);
  await page.screenshot({ path: `${SCREENS}/service-table-rounds.png` });

  // The ledger: one Flow seating (table, 3 guests) and one loyalty order for that table.
  let entries = await ledger();
  const flows = entries.filter((e) => e.kind === 'flow');
  expect(flows).toHaveLength(1);
  expect(flows[0]!.payload.table_id).toEqual([Number(table.id)]);
  expect(flows[0]!.payload.guests).toBe(3);
  const rounds = entries.filter((e) => e.kind === 'loyalty');
  expect(rounds).toHaveLength(1);
  const first = rounds[0]!.payload.order!;
  expect(first.table_id).toBe(Number(table.id));
  expect(cents(first.total)).toBe(firstRoundCents);
  const byItem = new Map(first.contents.map((c) => [Number(c.item_id), c]));
  expect(byItem.get(Number(agua.id))?.quantity).toBe(2);
  expect(byItem.get(Number(jamon.id))?.modifiers?.[0]?.id).toBe(Number(jamonMedia.id));

  // Offline: two more rounds are saved and wait in "Pending orders".
  await vendor.offline();
  await catalog.search('agua mineral 50');
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await service.send();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await service.send();
  await new Header(page).expectConnection('Offline', 15_000);
  await service.expectPending(2);
  await service.openPending();
  await service.expectPendingEntries(2, 'queued');
  await page.screenshot({ path: `${SCREENS}/service-pending-offline.png` });
  expect((await ledger()).filter((e) => e.kind === 'loyalty')).toHaveLength(1);

  // Export: the pending entries as a JSON file.
  const download = await service.exportPending();
  expect(download.suggestedFilename()).toMatch(/^comanda-pending-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    count: number;
    entries: Array<{ state: string; kind: string; request: { kind: string } }>;
  };
  expect(exported.count).toBe(2);
  expect(exported.entries.map((e) => [e.kind, e.state, e.request.kind])).toEqual([
    ['round', 'queued', 'order'],
    ['round', 'queued', 'order'],
  ]);

  // Back online: both arrive, once each, in the order they were saved.
  await vendor.online();
  await service.expectNothingPending(15_000);
  await floor.expectOnline();
  entries = await ledger();
  const later = entries.filter((e) => e.kind === 'loyalty').slice(1);
  expect(later.map((e) => e.payload.order!.contents.map((c) => c.quantity ?? 1))).toEqual([[1], [3]]);
  expect(new Set(entries.filter((e) => e.kind === 'loyalty').map((e) => e.payload.order!.extraId)).size).toBe(3);
  expect(entries.filter((e) => e.kind === 'flow')).toHaveLength(1);

  // The floor shows the table with its open order; the list view lists it.
  await new Header(page).backToFloor();
  await expect(floor.table(table.name)).toHaveAccessibleName(new RegExp(`^${table.name}\\b.*open order.*3 guests`, 'i'));
  await page.screenshot({ path: `${SCREENS}/service-floor.png` });
  await floor.showListWith(table.name);
  await page.screenshot({ path: `${SCREENS}/service-floor-list.png` });
});

test('demo venue: a takeaway paid by card and a delivery for tomorrow reach the POS without a table', async ({ vendor, terminal }) => {
  const items = await listAll(vendor.url, 'catalog/items');
  const agua = items.find((r) => r.name === 'Agua mineral 50 cl')!;
  const aguaCents = cents(agua.price);

  const page = await terminal.openSynced();
  const catalog = new CatalogPage(page);
  const order = new OrderPage(page);
  const service = new ServicePage(page);
  const send = new SendPanel(page);

  // Takeaway: two waters for Marta, paid by card with a tip.
  await catalog.open();
  await catalog.search('agua mineral 50');
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await expect(service.sendButton).toBeDisabled();
  await send.takeaway('Marta');
  await send.addPayment(/Card/, '1,50');
  await page.screenshot({ path: `${SCREENS}/service-takeaway-payment.png` });
  await service.send();
  await expect(order.lines).toHaveCount(0);

  // Delivery: one water to an address, tomorrow at 21:30.
  await send.changeDestination();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await send.deliveryTomorrow('600 111 222', 'Carrer Major 1', '21:30');
  await page.screenshot({ path: `${SCREENS}/service-delivery.png` });
  await service.send();

  await service.expectAllDelivered(15_000);
  const ledger = {
    entries: await vendor.ledger<{
      kind: string;
      payload: { order: Record<string, unknown> & { payment?: Record<string, unknown> }; delivery?: Record<string, unknown> };
    }>(),
  };
  const orders = ledger.entries.filter((e) => e.kind === 'loyalty').map((e) => e.payload);
  expect(orders).toHaveLength(2);
  expect(orders[0]!.order.table_id).toBeUndefined();
  expect(orders[0]!.order.tableName).toBe('Marta');
  expect(cents(orders[0]!.order.total)).toBe(2 * aguaCents);
  expect(orders[0]!.order.payment).toMatchObject({ payment_method_id: 1, tip: '1.50' });
  expect(cents(orders[0]!.order.payment!.amount)).toBe(2 * aguaCents);
  expect(orders[1]!.order.table_id).toBeUndefined();
  expect(orders[1]!.delivery).toMatchObject({ phone: '600 111 222', address: 'Carrer Major 1' });
  expect(String(orders[1]!.delivery!.date)).toMatch(/^\d{4}-\d{2}-\d{2} 21:30:00$/);
});

test('demo venue: seat several tables together — the last one chosen is the primary table', async ({ vendor, terminal }) => {
  const firstRoom = await vendor.firstRoom();
  const [a, b] = [firstRoom.tables.find((t) => t.name === '7')!, firstRoom.tables.find((t) => t.name === '6')!];

  const page = await terminal.openSynced();
  const floor = new FloorPage(page);
  const service = new ServicePage(page);
  await floor.showRoom(firstRoom.name);

  await floor.seatSeveral(a.name, b.name);
  await service.seat(`${a.name} + ${b.name}`, 6);
  await service.expectRound(0, 'accepted', 15_000);

  const ledger = { entries: await vendor.ledger<{ kind: string; payload: { table_id?: number[]; guests?: number } }>() };
  const flows = ledger.entries.filter((e) => e.kind === 'flow');
  expect(flows).toHaveLength(1);
  expect(flows[0]!.payload.table_id).toEqual([Number(a.id), Number(b.id)]);
  expect(flows[0]!.payload.guests).toBe(6);

  // Both tables show the service, seated with 6 guests.
  await floor.returnToFloor();
  for (const table of [a, b]) await expect(floor.table(table.name)).toHaveAccessibleName(new RegExp(`^${table.name}\\b.*seated.*6 guests`, 'i'));
  await page.screenshot({ path: `${SCREENS}/service-seated-together.png` });
});
