import { expect, test } from '@playwright/test';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { CatalogPage } from './support/CatalogPage';
import { FloorPage } from './support/FloorPage';
import { OrderPage } from './support/OrderPage';
import { useCleanup } from './support/cleanup';
import { DEMO_HEADERS } from './support/processes';
import { listAll, type WireRecord } from './support/serverCatalog';
import { openSyncedTerminal, startVendor } from './support/terminal';

// Languages (docs/decisions.md "Languages, error codes, the order screen, lock and theme"): the suite runs in English; these walks seat a table, order and
// send in Spanish and in Catalan (the system's language at first start), reading the screens'
// words in that language — the table's state, the guests, the send status, money as "12,50 €" —
// and check the sandbox's ledger got the seating and the round. Settings switches the language
// at once.

const SCREENS = 'test-results/screens';

const { running, contexts } = useCleanup();

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
async function walk(words: Words) {
  const vendorUrl = await startVendor(running);
  const rooms = (await (await fetch(`${vendorUrl}/api/external/v2/rooms?withTables=1`, { headers: DEMO_HEADERS })).json()) as {
    data: Array<{ name: string; order: string; tables: Array<{ id: string; name: string }> }>;
  };
  const room = rooms.data.sort((a, b) => Number(a.order) - Number(b.order))[0]!;
  const table = room.tables[0]!;
  const [items, formats, pivots] = await Promise.all([listAll(vendorUrl, 'catalog/items'), listAll(vendorUrl, 'catalog/sellingFormats'), listAll(vendorUrl, 'catalog/sellingFormatPivots')]);
  const item = (name: string): WireRecord => items.find((r) => r.name === name)!;
  const agua = item('Agua mineral 50 cl');
  const jamon = item('Jamón ibérico de bellota');
  const media = formats.find((f) => f.name === 'Media ración')!;
  const jamonMedia = pivots.find((p) => Number(p.item_id) === Number(jamon.id) && Number(p.format_id) === Number(media.id))!;
  const totalCents = 2 * cents(agua.price) + cents(jamonMedia.price);
  // Money as a waiter in Barcelona reads it: "12,50 €" (a comma, the sign after a space).
  const money = new Intl.NumberFormat(words.locale, { style: 'currency', currency: 'EUR' }).format(totalCents / 100);
  expect(money).toMatch(/^\d+,\d\d\s€$/);

  const page = await openSyncedTerminal(vendorUrl, running, contexts, { locale: words.locale });
  const floor = new FloorPage(page);
  const catalog = new CatalogPage(page);
  const order = new OrderPage(page);
  await expect(page.locator('html')).toHaveAttribute('lang', words.lang);
  await expect(floor.connection).toContainText(words.online);

  // The floor: the table is free, in words.
  await floor.showRoom(room.name);
  await expect(floor.table(table.name)).toHaveAccessibleName(words.free);
  await floor.table(table.name).tap();
  const dialog = page.getByRole('dialog', { name: words.seatDialog(table.name) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '3', exact: true }).tap();
  await expect(dialog.getByRole('spinbutton', { name: words.guests, exact: true })).toHaveValue('3');
  await dialog.getByRole('button', { name: words.seat, exact: true }).tap();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('service-guests')).toHaveText(words.threeGuests);

  // A round: two waters and half a ración of jamón (catalog names as the venue wrote them).
  const search = page.getByRole('searchbox', { name: words.search, exact: true });
  await search.fill('agua mineral 50');
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await search.fill('jamon iberico');
  await catalog.itemButton('Jamón ibérico de bellota').tap();
  await order.option(words.mediaRacion).tap();
  await expect(order.total).toHaveText(money);
  await page.getByRole('button', { name: words.send, exact: true }).tap();
  await expect(page.getByTestId('send-status')).toContainText(words.saved(table.name));
  const rounds = page.getByTestId('round');
  await expect(rounds).toHaveCount(2);
  await expect(rounds.nth(1)).toHaveAttribute('data-state', 'accepted', { timeout: 15_000 });
  await expect(rounds.nth(1)).toContainText(words.accepted);
  await expect(rounds.nth(1)).toContainText(money);
  await page.screenshot({ path: `${SCREENS}/languages-${words.lang}-order.png` });

  // The ledger: the seating (3 guests at that table) and the round, with its total.
  const ledger = (await controlRequest<{ entries: LedgerEntry[] }>(vendorUrl, '/__sandbox/ledger')).body.entries;
  const flows = ledger.filter((e) => e.kind === 'flow');
  expect(flows.map((e) => [e.payload.table_id, e.payload.guests])).toEqual([[[Number(table.id)], 3]]);
  const orders = ledger.filter((e) => e.kind === 'loyalty');
  expect(orders.map((e) => [e.payload.order?.table_id, cents(e.payload.order?.total)])).toEqual([[Number(table.id), totalCents]]);

  // Back on the floor, the table has an open order, in words.
  await page.getByTestId('view-floor').tap();
  await expect(floor.table(table.name)).toHaveAccessibleName(words.openOrder);
  return { page, floor, table };
}

test('Spanish: seat, order and send in Spanish; the POS gets them', async () => {
  await walk(SPANISH);
});

test('Catalan: seat, order and send in Catalan; Settings switches the language at once', async () => {
  const { page, floor, table } = await walk(CATALAN);

  // Settings → Español: the screen changes at once, no reload.
  await page.getByRole('button', { name: CATALAN.settings, exact: true }).tap();
  await expect(page.getByRole('heading', { name: CATALAN.settings, level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: 'Español', exact: true }).check();
  await expect(page.getByRole('heading', { name: SPANISH.settings, level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByTestId('view-floor').tap();
  await expect(floor.table(table.name)).toHaveAccessibleName(SPANISH.openOrder);
  await expect(floor.connection).toContainText(SPANISH.online);

  // And back to English.
  await page.getByRole('button', { name: SPANISH.settings, exact: true }).tap();
  await page.getByRole('radio', { name: 'English', exact: true }).check();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
