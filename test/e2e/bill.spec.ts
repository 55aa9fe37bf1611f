import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { analyze } from './support/screens';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { CatalogPage } from './support/CatalogPage';
import { FloorPage } from './support/FloorPage';
import { roomsFromServer } from './support/processes';
import { ServicePage } from './support/ServicePage';
import { openSyncedWindow, startTerminal, startVendor } from './support/terminal';
import { useCleanup } from './support/cleanup';

// The bill, e2e, with the sandbox's ledger as the referee: a table of 4, two rounds, 10 %
// off the bill, split in two — half by card with a tip, half in cash with change — and the
// ledger's payments add up to the bill to the cent; then Paid and Clear table. And two payments
// taken while the vendor is offline arrive once each when it returns.

const SHOTS = process.env.BILL_SHOTS ?? 'test-results/screens';

const { running, contexts } = useCleanup();

interface LedgerEntry {
  kind: 'flow' | 'loyalty' | string;
  payload: {
    skipMerge?: boolean;
    order?: { extraId?: string; total?: string | number; contents: unknown[]; orderDiscount?: { amount: string | number }; payment?: { amount: string | number; tip?: string | number; payment_method_id?: number } };
  };
}

function vendorOf(vendorUrl: string) {
  const control = async <T>(path: string, body?: unknown): Promise<T> => {
    const answer = await controlRequest<T>(vendorUrl, `/__sandbox/${path}`, { body });
    expect(answer.status, path).toBe(200);
    return answer.body;
  };
  return {
    offline: () => control('faults', { offline: true }),
    online: () => control('faults', {}),
    ledger: async () => (await control<{ entries: LedgerEntry[] }>('ledger')).entries,
  };
}

/** Serious and critical axe violations of what the page shows now (test/e2e/a11y.spec.ts does the same). */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await analyze(page);
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
}

const cents = (value: string | number | undefined) => Math.round(Number(value ?? 0) * 100);
const payments = (ledger: LedgerEntry[]) => ledger.filter((e) => e.kind === 'loyalty' && e.payload.order?.contents.length === 0 && e.payload.order.payment);

/** Seats `guests` at the first table and sends two rounds of water; the table's name. */
async function seatWithTwoRounds(page: Page, vendorUrl: string, guests: number): Promise<string> {
  const [room] = await roomsFromServer(vendorUrl);
  const table = room!.tables[0]!.name;
  const floor = new FloorPage(page);
  const service = new ServicePage(page);
  await floor.showRoom(room!.name);
  await floor.table(table).tap();
  await service.seat(table, guests);
  const catalog = new CatalogPage(page);
  await catalog.search('agua mineral 50');
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await service.send();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await service.send();
  return table;
}

async function openBill(page: Page) {
  await page.getByRole('button', { name: 'Bill', exact: true }).tap();
  await expect(page.getByTestId('bill')).toBeVisible();
}

async function pay(page: Page, options: { evenlyInto?: number; method: string; tip?: string; cashQuick?: number; shot?: string }) {
  await page.getByRole('button', { name: 'Pay', exact: true }).tap();
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog).toBeVisible();
  if (options.evenlyInto !== undefined) {
    await dialog.getByRole('button', { name: 'Evenly' }).tap();
    const parts = dialog.getByRole('group', { name: 'Ways' }).locator('output');
    while (Number(await parts.textContent()) > options.evenlyInto) await dialog.getByRole('button', { name: 'One way fewer' }).tap();
    await expect(parts).toHaveText(String(options.evenlyInto));
  }
  await dialog.getByRole('button', { name: options.method, exact: true }).tap();
  if (options.tip) await dialog.getByRole('textbox', { name: 'Tip' }).fill(options.tip);
  if (options.cashQuick !== undefined) {
    await dialog.getByRole('group', { name: 'Amount tendered', exact: true }).getByRole('button').nth(options.cashQuick).tap();
    await expect(dialog.getByTestId('pay-change')).not.toHaveText('—');
  }
  if (options.shot) await page.screenshot({ path: options.shot });
  await dialog.getByRole('button', { name: /^Pay / }).tap();
  await expect(dialog).toBeHidden();
  // Closed because it was saved: the bill says so, with the method.
  await expect(page.getByTestId('bill-pay-saved')).toContainText(`Saved: ${options.method} · €`);
}

test('a table of 4: two rounds, 10 % off, half by card with a tip, half in cash with change; the ledger adds up; Paid; Clear table', async () => {
  const vendorUrl = await startVendor(running);
  const vendor = vendorOf(vendorUrl);
  const url = await startTerminal(vendorUrl, running);
  const page = await openSyncedWindow(url, contexts);
  const table = await seatWithTwoRounds(page, vendorUrl, 4);
  const service = new ServicePage(page);
  await expect(service.pendingCount).toHaveText('0', { timeout: 15_000 });

  await openBill(page);
  await page.screenshot({ path: `${SHOTS}/bill-1280.png` });
  // 10 % off the bill, with a reason.
  await page.getByRole('button', { name: 'Discount', exact: true }).tap();
  const discount = page.getByTestId('discount-dialog');
  await discount.getByRole('textbox', { name: 'Percentage (%)' }).fill('10');
  await discount.getByRole('textbox', { name: 'Reason' }).fill('Regulars');
  await expect(discount.getByTestId('discount-preview')).toContainText('Takes off');
  await page.screenshot({ path: `${SHOTS}/bill-discount-1280.png` });
  await discount.getByRole('button', { name: 'Apply discount' }).tap();
  await expect(discount).toBeHidden();

  await pay(page, { evenlyInto: 2, method: 'Card', tip: '1,50' });
  await pay(page, { method: 'Cash', cashQuick: 1, shot: `${SHOTS}/bill-pay-cash-1280.png` });
  await expect(page.getByTestId('bill-paid-mark')).toBeVisible();
  await expect(page.getByTestId('bill-payment')).toHaveCount(2);
  for (const p of await page.getByTestId('bill-payment').all()) await expect(p).toHaveAttribute('data-state', 'accepted', { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/bill-paid-1280.png` });

  // The referee: the rounds' totals less 10 % (half up), paid to the cent; the tip on the card.
  const ledger = await vendor.ledger();
  const rounds = ledger.filter((e) => e.kind === 'loyalty' && (e.payload.order?.contents.length ?? 0) > 0);
  expect(rounds).toHaveLength(2);
  const contents = rounds.reduce((sum, e) => sum + cents(e.payload.order!.total), 0);
  const off = Math.floor((contents * 1000 + 5000) / 10000);
  const paid = payments(ledger);
  expect(paid).toHaveLength(2);
  expect(paid.reduce((sum, e) => sum + cents(e.payload.order!.payment!.amount), 0)).toBe(contents - off);
  expect(paid.map((e) => cents(e.payload.order!.payment!.tip))).toEqual([150, 0]);
  expect(paid.map((e) => e.payload.order!.payment!.payment_method_id)).toEqual([1, 2]);
  expect(paid.reduce((sum, e) => sum + -cents(e.payload.order!.orderDiscount?.amount), 0)).toBe(off);

  // The floor says Paid (a word, not colour alone) until the table is cleared.
  await page.getByTestId('bill').getByRole('button', { name: 'Floor', exact: true }).tap();
  const floor = new FloorPage(page);
  await expect(floor.table(table)).toHaveAccessibleName(/\bpaid\b/i);
  await floor.table(table).tap();
  await openBill(page);
  await page.getByRole('button', { name: 'Clear table' }).tap();
  await expect(floor.table(table)).toHaveAccessibleName(/\bfree\b/i);
});

test('a reservation’s deposit taken at seating goes to the POS with the seating and the bill shows it as paid', async () => {
  const vendorUrl = await startVendor(running);
  const vendor = vendorOf(vendorUrl);
  const url = await startTerminal(vendorUrl, running);
  const page = await openSyncedWindow(url, contexts);
  const [room] = await roomsFromServer(vendorUrl);
  const table = room!.tables[1]!.name;
  const floor = new FloorPage(page);
  const service = new ServicePage(page);
  await floor.showRoom(room!.name);
  await floor.table(table).tap();
  await service.fillSeat(table, 4);
  await service.fillPrepayment(table, '5,00', 'Cash');
  mkdirSync('test-results/shots', { recursive: true });
  await page.screenshot({ path: 'test-results/shots/seat-prepayment-1280.png' });
  await service.seatButton(table).tap();
  await expect(service.seatDialog(table)).toBeHidden();
  await expect(service.pendingCount).toHaveText('0', { timeout: 15_000 });

  // The referee: the Flow seating carried the deposit as its payment, with the method chosen.
  const seatings = (await vendor.ledger()).filter((e) => e.kind === 'flow');
  expect(seatings).toHaveLength(1);
  expect((seatings[0]!.payload as { payments?: unknown }).payments).toEqual([{ amount: '5.00', payment_method_id: 2 }]);

  // A round, then the bill: the deposit is a payment, named, and comes off what is left.
  const catalog = new CatalogPage(page);
  await catalog.search('agua mineral 50');
  for (let i = 0; i < 3; i++) await catalog.itemButton('Agua mineral 50 cl').tap();
  await service.send();
  await expect(service.pendingCount).toHaveText('0', { timeout: 15_000 });
  await openBill(page);
  const deposit = page.getByTestId('bill-payment');
  await expect(deposit).toHaveCount(1);
  await expect(deposit).toContainText('Prepayment (Cash) · €5.00');
  await expect(deposit).toHaveAttribute('data-state', 'accepted');
  const round = (await vendor.ledger()).find((e) => e.kind === 'loyalty')!;
  const left = cents(round.payload.order!.total) - 500;
  await expect(page.getByTestId('bill-left')).toHaveText(`€${(Math.max(0, left) / 100).toFixed(2)}`);
  await page.screenshot({ path: 'test-results/shots/bill-prepayment-1280.png' });
  // What is left, by card: the deposit and this payment pay the table.
  if (left > 0) {
    await pay(page, { method: 'Card' });
    await expect(page.getByTestId('bill-pay-saved')).toHaveText(`Saved: Card · €${(left / 100).toFixed(2)}`);
    await expect(page.getByTestId('bill-paid-mark')).toBeVisible();
  }
});

test('two payments taken while the vendor is offline arrive once each when it returns', async () => {
  const vendorUrl = await startVendor(running);
  const vendor = vendorOf(vendorUrl);
  const url = await startTerminal(vendorUrl, running);
  const page = await openSyncedWindow(url, contexts);
  await seatWithTwoRounds(page, vendorUrl, 2);
  const service = new ServicePage(page);
  await expect(service.pendingCount).toHaveText('0', { timeout: 15_000 });
  await vendor.offline();

  await openBill(page);
  await pay(page, { evenlyInto: 2, method: 'Card' });
  await pay(page, { method: 'Card' });
  // Saved at once: the bill counts them, nothing is left, and they wait to be sent.
  await expect(page.getByTestId('bill-payment')).toHaveCount(2);
  await expect(page.getByTestId('bill-paid-mark')).toBeVisible();
  expect(payments(await vendor.ledger())).toHaveLength(0);

  await vendor.online();
  for (const p of await page.getByTestId('bill-payment').all()) await expect(p).toHaveAttribute('data-state', 'accepted', { timeout: 20_000 });
  await expect(service.pendingCount).toHaveText('0');
  const paid = payments(await vendor.ledger());
  expect(paid).toHaveLength(2);
  expect(new Set(paid.map((e) => e.payload.order!.extraId)).size).toBe(2);
});

test('screens: the bill, the pay dialog in cash with change, the discount dialog — 1280×800 and 800×1280, English and Spanish', async () => {
  test.setTimeout(240_000);
  const vendorUrl = await startVendor(running);
  const url = await startTerminal(vendorUrl, running);
  const en = await openSyncedWindow(url, contexts);
  const table = await seatWithTwoRounds(en, vendorUrl, 4);
  await openBill(en);
  const es = await openSyncedWindow(url, contexts, { locale: 'es-ES' });
  const [room] = await roomsFromServer(vendorUrl);
  const floorEs = new FloorPage(es);
  await floorEs.showRoom(room!.name);
  await floorEs.table(table).tap();
  await es.getByRole('button', { name: 'Cuenta', exact: true }).tap();
  await expect(es.getByTestId('bill')).toBeVisible();
  const windows = [
    // Payment methods are the venue's own names, in any language.
    { page: en, lang: 'en', pay: 'Pay', cash: 'Cash', discount: 'Discount', tendered: 'Amount tendered' },
    { page: es, lang: 'es', pay: 'Cobrar', cash: 'Cash', discount: 'Descuento', tendered: 'Entregado' },
  ];
  for (const w of windows) {
    for (const [size, viewport] of [['1280', { width: 1280, height: 800 }], ['800', { width: 800, height: 1280 }]] as const) {
      await w.page.setViewportSize(viewport);
      await w.page.screenshot({ path: `${SHOTS}/bill-${w.lang}-${size}.png` });
      expect(await axeProblems(w.page)).toEqual([]);
      await w.page.getByRole('button', { name: w.discount, exact: true }).tap();
      await expect(w.page.getByTestId('discount-dialog')).toBeVisible();
      await w.page.getByTestId('discount-dialog').getByRole('textbox').first().fill('10');
      await w.page.screenshot({ path: `${SHOTS}/bill-discount-${w.lang}-${size}.png` });
      expect(await axeProblems(w.page)).toEqual([]);
      await w.page.keyboard.press('Escape');
      await expect(w.page.getByTestId('discount-dialog')).toBeHidden();
      await w.page.getByRole('button', { name: w.pay, exact: true }).tap();
      const dialog = w.page.getByTestId('pay-dialog');
      await dialog.getByRole('button', { name: w.cash, exact: true }).tap();
      await dialog.getByRole('group', { name: w.tendered, exact: true }).getByRole('button').nth(1).tap();
      await expect(dialog.getByTestId('pay-change')).not.toHaveText('—');
      await w.page.screenshot({ path: `${SHOTS}/bill-pay-cash-${w.lang}-${size}.png` });
      expect(await axeProblems(w.page)).toEqual([]);
      await w.page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  }
});

test('a round with its own 10 % discount as a separate check: the ticket shows it, the ledger gets orderDiscount and skipMerge, the bill two checks', async () => {
  const vendorUrl = await startVendor(running);
  const vendor = vendorOf(vendorUrl);
  const url = await startTerminal(vendorUrl, running);
  const page = await openSyncedWindow(url, contexts);
  await seatWithTwoRounds(page, vendorUrl, 2);
  const service = new ServicePage(page);
  const catalog = new CatalogPage(page);
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await catalog.itemButton('Agua mineral 50 cl').tap();
  await page.getByRole('button', { name: 'Separate check' }).tap();
  await page.getByRole('button', { name: 'Discount', exact: true }).tap();
  await page.getByRole('textbox', { name: 'Percentage (%)' }).fill('10');
  await page.getByRole('textbox', { name: 'Reason' }).fill('Birthday');
  await expect(page.getByTestId('order-discount')).toContainText('Birthday');
  await page.screenshot({ path: `${SHOTS}/round-discount-1280.png` });
  await service.send();
  await expect(service.pendingCount).toHaveText('0', { timeout: 15_000 });

  const rounds = (await vendor.ledger()).filter((e) => e.kind === 'loyalty' && (e.payload.order?.contents.length ?? 0) > 0);
  const last = rounds[rounds.length - 1]!;
  expect(last.payload.skipMerge).toBe(true);
  const contents = cents(rounds[0]!.payload.order!.total) ; // 3 waters in round 1, the same as this one
  expect(-cents(last.payload.order!.orderDiscount?.amount)).toBe(Math.floor((contents * 1000 + 5000) / 10000));
  expect(cents(last.payload.order!.total)).toBe(contents - Math.floor((contents * 1000 + 5000) / 10000));

  await openBill(page);
  await expect(page.getByTestId('bill-check')).toHaveCount(2);
  await expect(page.getByTestId('bill-check').nth(1)).toContainText('Round discount: Birthday');
});
