import { CatalogPage } from './pages/CatalogPage';
import { FloorPage } from './pages/FloorPage';
import { Header } from './pages/Header';
import { OrderPage } from './pages/OrderPage';
import { SeatDialog } from './pages/SeatDialog';
import { ServicePage } from './pages/ServicePage';
import { SettingsPage } from './pages/SettingsPage';
import { expect, test, type Terminal, type Vendor } from './support/fixtures';
import { listAll, type WireRecord } from './support/serverCatalog';

// Languages (docs/decisions.md "Languages, error codes, the order screen, lock and theme"): the suite runs in English; these walks seat a table, order and
// send in Spanish and in Catalan (the system's language at first start), reading the screens'
// words in that language — the table's state, the guests, the send status, money as "12,50 €" —
// and check the sandbox's ledger got the seating and the round. Settings switches the language
// at once.

const SCREENS = 'test-results/screens';

interface Words {
  locale: string;
  lang: string;
  online: string;
  free: RegExp;
  openOrder: RegExp;
  seatDialog: (table: string) => string;
  guests: string;
  seat: string;
  threeGuests: string;
  search: string;
  mediaRacion: string;
  send: string;
  saved: (table: string) => string;
  accepted: string;
  settings: string;
}

const SPANISH: Words = {
  locale: 'es-ES',
  lang: 'es',
  online: 'En línea',
  free: /libre/i,
  openOrder: /con pedido/i,
  seatDialog: (table) => `Sentar en ${table}`,
  guests: 'Comensales',
  seat: 'Sentar',
  threeGuests: '3 comensales',
  search: 'Buscar',
  mediaRacion: 'Media ración',
  send: 'Enviar',
  saved: (table) => `Guardado: enviándolo al TPV (Mesa ${table}).`,
  accepted: 'Enviado',
  settings: 'Ajustes',
};

const CATALAN: Words = {
  locale: 'ca-ES',
  lang: 'ca',
  online: 'En línia',
  free: /lliure/i,
  openOrder: /amb comanda/i,
  seatDialog: (table) => `Asseure a ${table}`,
  guests: 'Comensals',
  seat: 'Asseure',
  threeGuests: '3 comensals',
  search: 'Cerca',
  mediaRacion: 'Media ración',
  send: 'Envia',
  saved: (table) => `Desat: s’està enviant al TPV (Taula ${table}).`,
  accepted: 'Enviada',
  settings: 'Configuració',
};

interface LedgerEntry {
  kind: 'flow' | 'loyalty';
  payload: { table_id?: number[]; guests?: number; order?: { table_id?: number; total: string | number } };
}

const cents = (value: unknown) => Math.round(Number(value) * 100);

/** Seat → order → send in one language; returns the page, on the order screen. */
async function walk(vendor: Vendor, terminal: Terminal, words: Words) {
  const room = await vendor.firstRoom();
  const table = room.tables[0]!;
  const [items, formats, pivots] = await Promise.all([
    listAll(vendor.url, 'catalog/items'),
    listAll(vendor.url, 'catalog/sellingFormats'),
    listAll(vendor.url, 'catalog/sellingFormatPivots'),
  ]);
  const item = (name: string): WireRecord => items.find((r) => r.name === name)!;
  const agua = item('Agua mineral 50 cl');
  const jamon = item('Jamón ibérico de bellota');
  const media = formats.find((f) => f.name === 'Media ración')!;
  const jamonMedia = pivots.find((p) => Number(p.item_id) === Number(jamon.id) && Number(p.format_id) === Number(media.id))!;
  const totalCents = 2 * cents(agua.price) + cents(jamonMedia.price);
  // Money as a waiter in Barcelona reads it: "12,50 €" (a comma, the sign after a space).
  const money = new Intl.NumberFormat(words.locale, { style: 'currency', currency: 'EUR' }).format(totalCents / 100);
  expect(money).toMatch(/^\d+,\d\d\s€$/);

  const page = await terminal.openSynced({ locale: words.locale });
  const floor = new FloorPage(page);
  const catalog = new CatalogPage(page, words.search);
  const order = new OrderPage(page);
  const service = new ServicePage(page);
  await new Header(page).expectLanguage(words.lang);
  await expect(floor.connection).toContainText(words.online);

  // The floor: the table is free, in words.
  await floor.showRoom(room.name);
  await expect(floor.table(table.name)).toHaveAccessibleName(words.free);
  await floor.table(table.name).tap();
  await new SeatDialog(page, table.name, { title: words.seatDialog(table.name), guests: words.guests, seat: words.seat }).seat(3);
  await expect(order.guests).toHaveText(words.threeGuests);

  // A round: two waters and half a ración of jamón (catalog names as the venue wrote them).
  await catalog.searchField.fill('agua mineral 50');
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.searchField.fill('jamon iberico');
  await catalog.itemButton('Jamón ibérico de bellota').tap();
  await order.option(words.mediaRacion).tap();
  await expect(order.total).toHaveText(money);
  await service.sendIn(words.send, words.saved(table.name));
  const rounds = service.rounds;
  await expect(rounds).toHaveCount(2);
  await expect(rounds.nth(1)).toHaveAttribute('data-state', 'accepted', { timeout: 15_000 });
  await expect(rounds.nth(1)).toContainText(words.accepted);
  await expect(rounds.nth(1)).toContainText(money);
  await page.screenshot({ path: `${SCREENS}/languages-${words.lang}-order.png` });

  // The ledger: the seating (3 guests at that table) and the round, with its total.
  const ledger = await vendor.ledger<LedgerEntry>();
  const flows = ledger.filter((e) => e.kind === 'flow');
  expect(flows.map((e) => [e.payload.table_id, e.payload.guests])).toEqual([[[Number(table.id)], 3]]);
  const orders = ledger.filter((e) => e.kind === 'loyalty');
  expect(orders.map((e) => [e.payload.order?.table_id, cents(e.payload.order?.total)])).toEqual([[Number(table.id), totalCents]]);

  // Back on the floor, the table has an open order, in words.
  await catalog.floorButton.tap();
  await expect(floor.table(table.name)).toHaveAccessibleName(words.openOrder);
  return { page, floor, catalog, table };
}

test('Spanish: seat, order and send in Spanish; the POS gets them', async ({ vendor, terminal }) => {
  await walk(vendor, terminal, SPANISH);
});

test('Catalan: seat, order and send in Catalan; Settings switches the language at once', async ({ vendor, terminal }) => {
  const { page, floor, catalog, table } = await walk(vendor, terminal, CATALAN);
  const settings = new SettingsPage(page);
  const header = new Header(page);

  // Settings → Español: the screen changes at once, no reload.
  await settings.switchLanguage(CATALAN.settings, 'Español', SPANISH.settings);
  await header.expectLanguage('es');
  await catalog.floorButton.tap();
  await expect(floor.table(table.name)).toHaveAccessibleName(SPANISH.openOrder);
  await expect(floor.connection).toContainText(SPANISH.online);

  // And back to English.
  await settings.switchLanguage(SPANISH.settings, 'English', 'Settings');
  await header.expectLanguage('en');
});
