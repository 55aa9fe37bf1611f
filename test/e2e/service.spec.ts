import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { CatalogPage, eurosOfCents as euros } from './support/CatalogPage';
import { FloorPage } from './support/FloorPage';
import { OrderPage } from './support/OrderPage';
import { DEMO_HEADERS } from './support/processes';
import { openSyncedTerminal, startVendor } from './support/terminal';
import { ServicePage } from './support/ServicePage';
import { listAll, type WireRecord } from './support/serverCatalog';
import { useCleanup } from './support/cleanup';

// On the demo venue, seat a table with 3 guests and send a round → the sandbox's
// ledger holds the Flow seating and the loyalty order with the right table, guests, contents and
// total; offline, two more rounds wait in "Pending orders"; back online, both arrive once, in order.

const SCREENS = 'test-results/screens';

const { running, contexts } = useCleanup();

const cents = (value: unknown) => Math.round(Number(value) * 100);

interface LedgerEntry {
  kind: 'flow' | 'loyalty';
  orderId: number;
  payload: {
    table_id?: number[];
    guests?: number;
    order?: { table_id?: number; total: string | number; extraId?: string; contents: Array<{ item_id: number; quantity?: number; itemPrice: string | number; modifiers?: Array<{ id: number }> }> };
  };
}

/** The vendor's first room (back-office order) with its tables, read from its own API. */
async function firstRoomOf(vendorUrl: string): Promise<{ name: string; tables: Array<{ id: string; name: string }> }> {
  const res = await fetch(`${vendorUrl}/api/external/v2/rooms?withTables=1`, { headers: DEMO_HEADERS });
  const rooms = ((await res.json()) as { data: Array<{ name: string; order: string; tables: Array<{ id: string; name: string }> }> }).data;
  return rooms.sort((a, b) => Number(a.order) - Number(b.order))[0]!;
}

test('demo venue: seat a table, send rounds, and deliver the ones saved offline once, in order', async () => {
  const vendorUrl = await startVendor(running);
  const control = async <T>(path: string, body?: unknown): Promise<T> => {
    const answer = await controlRequest<T>(vendorUrl, `/__sandbox/${path}`, { body });
    expect(answer.status, path).toBe(200);
    return answer.body;
  };
  const ledger = async () => (await control<{ entries: LedgerEntry[] }>('ledger')).entries;

  // What the vendor's own API says: the table, the items and their prices.
  const firstRoom = await firstRoomOf(vendorUrl);
  const table = firstRoom.tables.find((t) => t.name === '5') ?? firstRoom.tables[0]!;
  const [items, formats, formatPivots] = await Promise.all([listAll(vendorUrl, 'catalog/items'), listAll(vendorUrl, 'catalog/sellingFormats'), listAll(vendorUrl, 'catalog/sellingFormatPivots')]);
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

  const page = await openSyncedTerminal(vendorUrl, running, contexts);
  const floor = new FloorPage(page);
  const catalog = new CatalogPage(page);
  const order = new OrderPage(page);
  const service = new ServicePage(page);
  await expect(floor.connection).toContainText('Online');

  // Seat: a free table opens the seat dialog; 3 guests on the keypad.
  await floor.showRoom(firstRoom.name);
  await expect(floor.table(table.name)).toHaveAccessibleName(new RegExp(`^${table.name} free, table`, 'i'));
  await floor.table(table.name).tap();
  await page.screenshot({ path: `${SCREENS}/service-seat-dialog.png` });
  await service.seat(table.name, 3);

  // Seating opens the table's order builder: its details and (soon) the seating as sent.
  await expect(page.getByTestId('service-guests')).toHaveText(/3/);
  await expect(service.rounds.first()).toHaveAttribute('data-state', 'accepted', { timeout: 15_000 });

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
  await expect(service.rounds.nth(1)).toHaveAttribute('data-state', 'accepted', { timeout: 15_000 });
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
  await control('faults', { offline: true });
  await catalog.search('agua mineral 50');
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await service.send();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await service.send();
  await expect(floor.connection).toContainText('Offline', { timeout: 15_000 });
  await expect(service.pendingCount).toHaveText('2');
  await service.openPending();
  await expect(service.pendingEntries).toHaveCount(2);
  for (const entry of await service.pendingEntries.all()) await expect(entry).toHaveAttribute('data-state', 'queued');
  await page.screenshot({ path: `${SCREENS}/service-pending-offline.png` });
  expect((await ledger()).filter((e) => e.kind === 'loyalty')).toHaveLength(1);

  // Export: the pending entries as a JSON file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export', exact: true }).tap()]);
  expect(download.suggestedFilename()).toMatch(/^comanda-pending-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as { count: number; entries: Array<{ state: string; kind: string; request: { kind: string } }> };
  expect(exported.count).toBe(2);
  expect(exported.entries.map((e) => [e.kind, e.state, e.request.kind])).toEqual([
    ['round', 'queued', 'order'],
    ['round', 'queued', 'order'],
  ]);

  // Back online: both arrive, once each, in the order they were saved.
  await control('faults', {});
  await expect(service.pendingEntries).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText('Nothing pending')).toBeVisible();
  await expect(floor.connection).toContainText('Online');
  entries = await ledger();
  const later = entries.filter((e) => e.kind === 'loyalty').slice(1);
  expect(later.map((e) => e.payload.order!.contents.map((c) => c.quantity ?? 1))).toEqual([[1], [3]]);
  expect(new Set(entries.filter((e) => e.kind === 'loyalty').map((e) => e.payload.order!.extraId)).size).toBe(3);
  expect(entries.filter((e) => e.kind === 'flow')).toHaveLength(1);

  // The floor shows the table with its open order; the list view lists it.
  await page.getByRole('button', { name: 'Back to floor', exact: true }).tap();
  await expect(floor.table(table.name)).toHaveAccessibleName(new RegExp(`^${table.name}\\b.*open order.*3 guests`, 'i'));
  await page.screenshot({ path: `${SCREENS}/service-floor.png` });
  await page.getByRole('button', { name: 'List', exact: true }).tap();
  await expect(page.getByRole('button', { name: new RegExp(`^${table.name}\\b`) })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/service-floor-list.png` });
});

test('demo venue: a takeaway paid by card and a delivery for tomorrow reach the POS without a table', async () => {
  const vendorUrl = await startVendor(running);
  const items = await listAll(vendorUrl, 'catalog/items');
  const agua = items.find((r) => r.name === 'Agua mineral 50 cl')!;
  const aguaCents = cents(agua.price);

  const page = await openSyncedTerminal(vendorUrl, running, contexts);
  const catalog = new CatalogPage(page);
  const order = new OrderPage(page);
  const service = new ServicePage(page);

  // Takeaway: two waters for Marta, paid by card with a tip.
  await catalog.open();
  await catalog.search('agua mineral 50');
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await expect(service.sendButton).toBeDisabled();
  await page.getByRole('button', { name: 'Takeaway', exact: true }).tap();
  const takeaway = page.getByRole('region', { name: 'Takeaway' });
  await takeaway.getByLabel('Name').fill('Marta');
  await page.getByRole('button', { name: '+ Add a payment' }).tap();
  await page.getByRole('group', { name: 'Payment method' }).getByRole('button', { name: /Card/ }).tap();
  await page.getByLabel('Tip (€)').fill('1,50');
  await page.screenshot({ path: `${SCREENS}/service-takeaway-payment.png` });
  await service.send();
  await expect(order.lines).toHaveCount(0);

  // Delivery: one water to an address, tomorrow at 21:30.
  await page.getByRole('button', { name: /^Change destination/ }).tap();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await page.getByRole('button', { name: 'Delivery', exact: true }).tap();
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await delivery.getByLabel('Phone').fill('600 111 222');
  await delivery.getByLabel('Address').fill('Carrer Major 1');
  await delivery.getByRole('button', { name: 'Tomorrow' }).tap();
  await delivery.getByLabel('Time tomorrow').fill('21:30');
  await page.screenshot({ path: `${SCREENS}/service-delivery.png` });
  await service.send();

  await expect(service.pendingCount).toHaveText('0', { timeout: 15_000 });
  const ledger = (await (await fetch(`${vendorUrl}/__sandbox/ledger`)).json()) as { entries: Array<{ kind: string; payload: { order: Record<string, unknown> & { payment?: Record<string, unknown> }; delivery?: Record<string, unknown> } }> };
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

test('demo venue: seat several tables together — the last one chosen is the primary table', async () => {
  const vendorUrl = await startVendor(running);
  const firstRoom = await firstRoomOf(vendorUrl);
  const [a, b] = [firstRoom.tables.find((t) => t.name === '7')!, firstRoom.tables.find((t) => t.name === '6')!];

  const page = await openSyncedTerminal(vendorUrl, running, contexts);
  const floor = new FloorPage(page);
  const service = new ServicePage(page);
  await floor.showRoom(firstRoom.name);

  await page.getByRole('button', { name: 'Seat several' }).tap();
  await floor.table(a.name).tap();
  await floor.table(b.name).tap();
  await expect(floor.table(b.name)).toHaveAccessibleName(/primary table/);
  await page.getByRole('button', { name: /^Seat 2 tables/ }).tap();
  await service.seat(`${a.name} + ${b.name}`, 6);
  await expect(service.rounds.first()).toHaveAttribute('data-state', 'accepted', { timeout: 15_000 });

  const ledger = (await (await fetch(`${vendorUrl}/__sandbox/ledger`)).json()) as { entries: Array<{ kind: string; payload: { table_id?: number[]; guests?: number } }> };
  const flows = ledger.entries.filter((e) => e.kind === 'flow');
  expect(flows).toHaveLength(1);
  expect(flows[0]!.payload.table_id).toEqual([Number(a.id), Number(b.id)]);
  expect(flows[0]!.payload.guests).toBe(6);

  // Both tables show the service, seated with 6 guests.
  await page.getByRole('button', { name: 'Floor', exact: true }).first().tap();
  for (const table of [a, b]) await expect(floor.table(table.name)).toHaveAccessibleName(new RegExp(`^${table.name}\\b.*seated.*6 guests`, 'i'));
  await page.screenshot({ path: `${SCREENS}/service-seated-together.png` });
});
