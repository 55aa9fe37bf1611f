import { mkdir, readFile } from 'node:fs/promises';
import { analyze } from './support/screens';
import { retailGet } from './support/shop';
import { expect, test } from './support/shopFixtures';
import { PinSetup } from './pages/shop/PinGate';
import { ReportsPage } from './pages/shop/ReportsPage';
import { ShopSettings } from './pages/shop/ShopSettings';

// The shop's reports on the demo shop (the vendor's retail sandbox with 90 days of sales, the
// browser shell on a shop account at it, its own first sync): Reports for the last 30 days draw their six charts, and each
// table's Total row equals the sums the test computes from the sandbox's OWN v3 report API (every
// page, its decimal strings parsed here, never the terminal's code); a CSV is the table as shown;
// with the service offline the screen reopens from the kept answers with "As of"; the screen in
// Spanish and Catalan; the manager PIN guards it. Screenshots: /tmp/shots/reports/.

test.use({ actionTimeout: 30_000 });

const SHOTS = '/tmp/shots/reports';
const PIN = '1357';

/** The shop's calendar date (Europe/Madrid) `days` from today. */
function shopDate(days = 0): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const at = new Date(`${parts}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Money as the API writes it ("12.5", "1234.50") in cents, parsed here. */
function cents(value: unknown): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(value));
  if (!match) throw new Error(`not money: ${String(value)}`);
  const whole = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -whole : whole;
}

/** A quantity ("5.000", 3) in thousandths. */
function thousandths(value: unknown): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(String(value));
  if (!match) throw new Error(`not a quantity: ${String(value)}`);
  const whole = Number(match[2]) * 1000 + Number((match[3] ?? '').padEnd(3, '0'));
  return match[1] === '-' ? -whole : whole;
}

type Line = Record<string, unknown>;

/** Every line of a v3 report, page by page, checked to add up to the envelope's total. */
async function report(retailUrl: string, name: string, query: Record<string, string> = {}): Promise<Line[]> {
  const lines: Line[] = [];
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({ ...query, page: String(page), pagination: '200' });
    const body = await retailGet<{ data: Line[]; last_page: number; total: number }>(retailUrl, `v3/reports/${name}?${params}`);
    lines.push(...body.data);
    if (page >= body.last_page) {
      expect(lines, name).toHaveLength(body.total);
      return lines;
    }
  }
}

const sum = (lines: Line[], field: string, read: (v: unknown) => number = cents) => lines.reduce((total, line) => total + read(line[field]), 0);
const euros = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });
const number = new Intl.NumberFormat('en-GB');

/** What each section's Total row must say: column → exact integer (and its text in English when money). */
interface Expected {
  [section: string]: Record<string, { value: number; money?: boolean; quantity?: boolean }>;
}

async function referee(retailUrl: string, from: string, to: string): Promise<Expected> {
  const sales = { start_date: from, end_date: to, dateField: 'closed_at' };
  const hours = await report(retailUrl, 'hours', sales);
  const before = await report(retailUrl, 'hours', { start_date: shift(from, -7), end_date: shift(to, -7), dateField: 'closed_at' });
  const categories = await report(retailUrl, 'categorySales', sales);
  const products = await report(retailUrl, 'productSales', sales);
  const payments = await report(retailUrl, 'payments', sales);
  const taxes = await report(retailUrl, 'taxes', sales);
  const stocks = await report(retailUrl, 'stocks');
  expect(products.length, 'the 30 days sold more than ten products').toBeGreaterThan(10);
  return {
    hours: {
      hours_orders: { value: hours.reduce((n, l) => n + Number(l.orders), 0) },
      hours_total: { value: sum(hours, 'total'), money: true },
      hours_weekBefore: { value: sum(before, 'total'), money: true },
    },
    categories: {
      categories_units: { value: sum(categories, 'quantity', thousandths), quantity: true },
      categories_total: { value: sum(categories, 'total'), money: true },
    },
    products: {
      products_units: { value: sum(products, 'quantity', thousandths), quantity: true },
      products_total: { value: sum(products, 'total'), money: true },
    },
    payments: {
      payments_count: { value: payments.reduce((n, l) => n + Number(l.count), 0) },
      payments_amount: { value: sum(payments, 'amount'), money: true },
      payments_change: { value: sum(payments, 'change'), money: true },
      payments_net: { value: sum(payments, 'amount') - sum(payments, 'change'), money: true },
    },
    taxes: {
      taxes_base: { value: sum(taxes, 'subtotal'), money: true },
      taxes_tax: { value: sum(taxes, 'tax'), money: true },
      taxes_total: { value: sum(taxes, 'total'), money: true },
    },
    stocks: { stocks_warehouse: { value: stocks.filter((l) => l.alert === true || l.alert === 1 || l.alert === '1').length } },
  };
}

function shift(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Each section's Total row says what the sandbox's own reports add up to: the integer, and its English text for money. */
async function expectTotals(reports: ReportsPage, expected: Expected) {
  for (const [section, columns] of Object.entries(expected)) {
    for (const [column, { value, money, quantity }] of Object.entries(columns)) {
      const cell = reports.totalCell(section, column);
      await expect(cell, `${section} ${column}`).toHaveAttribute('data-value', String(value));
      if (money) await expect(cell, `${section} ${column}`).toHaveText(euros.format(value / 100));
      else if (quantity) await expect(cell, `${section} ${column}`).toHaveText(number.format(value / 1000));
    }
  }
}

/** RFC 4180, as much as the export writes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

test('Reports for the last 30 days: six charts drawn, every table’s total equals the sandbox’s own reports, CSV as shown, offline reopen “as of”, three languages, behind the PIN', async ({
  vendor: { retailUrl, control },
  openShop,
}) => {
  test.setTimeout(600_000);
  await mkdir(SHOTS, { recursive: true });
  const till = await openShop();
  const { page, header, pin: gate } = till;
  const reports = new ReportsPage(page);
  const from = shopDate(-29);
  const to = shopDate(0);

  // No PIN set: Reports open at once, next to Pending orders.
  await reports.open();
  await expect(reports.button).toHaveAttribute('aria-current', 'page');
  await reports.chooseDates(from, to);
  await expect(reports.customRange).toHaveAttribute('aria-pressed', 'true');
  await reports.settled();
  await reports.chartsDrawn();
  await expect(reports.note).toHaveCount(0);

  // The referee: the sandbox's own v3 reports for the same days, summed here.
  const expected = await referee(retailUrl, from, to);
  await expectTotals(reports, expected);
  // Top products: the ten first, the others together; the table still totals every product.
  await expect(reports.rows('products')).toHaveCount(11);
  await page.screenshot({ path: `${SHOTS}/reports-en-1280.png` });
  await reports.section('payments').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/reports-en-1280-payments.png` });
  await reports.section('stocks').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/reports-en-1280-stocks.png` });

  // A CSV of exactly what the payments table shows.
  const download = await reports.downloadCsv('payments');
  expect(download.suggestedFilename()).toBe(`report-payments-${from}_${to}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0), 'a byte-order mark for spreadsheets').toBe(0xfeff);
  expect(parseCsv(csv.slice(1))).toEqual(await reports.tableTexts('payments'));

  // No tables, headings or controls an assistive reader would trip on.
  const axe = await analyze(page, '[data-testid="reports-screen"]');
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  // Offline: the page reloaded, Reports reopen on the same days from the kept answers, "As of".
  await control.offline();
  await page.reload();
  await expect(till.root).toBeVisible({ timeout: 60_000 });
  await reports.open();
  await expect(reports.asOf).toContainText('As of', { timeout: 30_000 });
  await expect(reports.note).toContainText(/Offline|Could not read/, { timeout: 60_000 });
  await reports.chartsDrawn();
  await expectTotals(reports, expected);
  await page.screenshot({ path: `${SHOTS}/reports-en-1280-offline.png` });
  await control.online();

  // Spanish and Catalan: Settings → the language, then Reports (read again, same totals in figures).
  for (const { language, backLabel, shot } of [
    { language: 'Español', backLabel: 'Volver a la caja', shot: 'es' },
    { language: 'Català', backLabel: 'Torna a la caixa', shot: 'ca' },
  ]) {
    // The header's Settings button (its name in the language shown: the gear is the same button).
    await header.openSettings();
    await new ShopSettings(page).chooseLanguage(language);
    await reports.open();
    await expect(reports.back(backLabel)).toBeVisible();
    await reports.settled();
    await reports.chartsDrawn();
    await expect(reports.note).toHaveCount(0, { timeout: 60_000 });
    for (const [section, columns] of Object.entries(expected)) {
      for (const [column, { value }] of Object.entries(columns)) await expect(reports.totalCell(section, column)).toHaveAttribute('data-value', String(value));
    }
    await page.screenshot({ path: `${SHOTS}/reports-${shot}-1280.png` });
  }
  // Catalan in portrait: charts above their tables.
  await page.setViewportSize({ width: 800, height: 1280 });
  await reports.chartsDrawn();
  await page.screenshot({ path: `${SHOTS}/reports-ca-800x1280.png` });
  await reports.section('products').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/reports-ca-800x1280-products.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back to English; with a PIN set, Reports ask for it first.
  await header.openSettings();
  await new ShopSettings(page).chooseLanguage('English');
  await new PinSetup(page).set(PIN);
  await reports.back('Back to the till').tap();
  await expect(till.root).toBeVisible();
  await reports.button.tap();
  await expect(gate.title('Enter the PIN to open the Reports')).toBeVisible();
  // Cancel: the till stays.
  await page.keyboard.press('Escape');
  await expect(gate.root).toHaveCount(0);
  await expect(reports.screen).toHaveCount(0);
  await reports.button.tap();
  await gate.type(PIN);
  await expect(reports.screen).toBeVisible();
  await reports.settled();
  await reports.chartsDrawn();
});
