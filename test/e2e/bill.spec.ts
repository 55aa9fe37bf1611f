import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { BillPage } from './pages/BillPage';
import { CatalogPage } from './pages/CatalogPage';
import { FloorPage } from './pages/FloorPage';
import { OrderPage } from './pages/OrderPage';
import { ServicePage } from './pages/ServicePage';
import { expect, test, type LedgerEntry, type Vendor } from './support/fixtures';
import { seriousViolations } from './support/screens';
import { seatAndSendWater, WATER } from './support/steps';

// The bill, e2e, with the sandbox's ledger as the referee: a table of 4, two rounds, 10 %
// off the bill, split in two — half by card with a tip, half in cash with change — and the
// ledger's payments add up to the bill to the cent; then Paid and Clear table. And two payments
// taken while the vendor is offline arrive once each when it returns.

const SHOTS = process.env.BILL_SHOTS ?? 'test-results/screens';

const cents = (value: string | number | undefined) => Math.round(Number(value ?? 0) * 100);
const payments = (ledger: LedgerEntry[]) => ledger.filter((e) => e.kind === 'loyalty' && e.payload.order?.contents.length === 0 && e.payload.order.payment);

/** Seats `guests` at the first table and sends two rounds of water (three, then one); the table's name. */
async function seatWithTwoRounds(page: Page, vendor: Vendor, guests: number): Promise<string> {
  const [room] = await vendor.rooms();
  const table = room!.tables[0]!.name;
  await seatAndSendWater(new FloorPage(page), room!.name, table, guests, [3, 1]);
  return table;
}

test('a table of 4: two rounds, 10 % off, half by card with a tip, half in cash with change; the ledger adds up; Paid; Clear table', async ({
  vendor,
  terminalPage: page,
}) => {
  const table = await seatWithTwoRounds(page, vendor, 4);
  const service = new ServicePage(page);
  await service.expectAllDelivered(15_000);

  const bill = new BillPage(page);
  await bill.open();
  await page.screenshot({ path: `${SHOTS}/bill-1280.png` });
  // 10 % off the bill, with a reason.
  const discount = await bill.openDiscount();
  await discount.fill('10', 'Regulars');
  await discount.expectPreview('Takes off');
  await page.screenshot({ path: `${SHOTS}/bill-discount-1280.png` });
  await discount.apply();

  await bill.pay({ evenlyInto: 2, method: 'Card', tip: '1,50' });
  await bill.pay({ method: 'Cash', cashQuick: 1, shot: `${SHOTS}/bill-pay-cash-1280.png` });
  await bill.expectPaid();
  await bill.expectPayments(2);
  await bill.expectPaymentsAccepted(15_000);
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
  await bill.backToFloor();
  const floor = new FloorPage(page);
  await floor.expectTableState(table, /\bpaid\b/i);
  await floor.table(table).tap();
  await bill.open();
  await bill.clearTable();
  await floor.expectTableState(table, /\bfree\b/i);
});

test('a reservation’s deposit taken at seating goes to the POS with the seating and the bill shows it as paid', async ({ vendor, terminalPage: page }) => {
  const [room] = await vendor.rooms();
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
  await service.expectAllDelivered(15_000);

  // The referee: the Flow seating carried the deposit as its payment, with the method chosen.
  const seatings = (await vendor.ledger()).filter((e) => e.kind === 'flow');
  expect(seatings).toHaveLength(1);
  expect(seatings[0]!.payload.payments).toEqual([{ amount: '5.00', payment_method_id: 2 }]);

  // A round, then the bill: the deposit is a payment, named, and comes off what is left.
  const catalog = new CatalogPage(page);
  await catalog.search('agua mineral 50');
  for (let i = 0; i < 3; i++) await catalog.itemButton(WATER).tap();
  await service.send();
  await service.expectAllDelivered(15_000);
  const bill = new BillPage(page);
  await bill.open();
  await bill.expectPayment('Prepayment (Cash) · €5.00', 'accepted');
  const round = (await vendor.ledger()).find((e) => e.kind === 'loyalty')!;
  const left = cents(round.payload.order!.total) - 500;
  await bill.expectLeft(`€${(Math.max(0, left) / 100).toFixed(2)}`);
  await page.screenshot({ path: 'test-results/shots/bill-prepayment-1280.png' });
  // What is left, by card: the deposit and this payment pay the table.
  if (left > 0) {
    await bill.pay({ method: 'Card' });
    await bill.expectSaved(`Saved: Card · €${(left / 100).toFixed(2)}`);
    await bill.expectPaid();
  }
});

test('two payments taken while the vendor is offline arrive once each when it returns', async ({ vendor, terminalPage: page }) => {
  await seatWithTwoRounds(page, vendor, 2);
  const service = new ServicePage(page);
  await service.expectAllDelivered(15_000);
  await vendor.offline();

  const bill = new BillPage(page);
  await bill.open();
  await bill.pay({ evenlyInto: 2, method: 'Card' });
  await bill.pay({ method: 'Card' });
  // Saved at once: the bill counts them, nothing is left, and they wait to be sent.
  await bill.expectPayments(2);
  await bill.expectPaid();
  expect(payments(await vendor.ledger())).toHaveLength(0);

  await vendor.online();
  await bill.expectPaymentsAccepted(20_000);
  await service.expectAllDelivered();
  const paid = payments(await vendor.ledger());
  expect(paid).toHaveLength(2);
  expect(new Set(paid.map((e) => e.payload.order!.extraId)).size).toBe(2);
});

test('screens: the bill, the pay dialog in cash with change, the discount dialog — 1280×800 and 800×1280, English and Spanish', async ({
  vendor,
  terminal,
  terminalPage: en,
}) => {
  test.setTimeout(240_000);
  const table = await seatWithTwoRounds(en, vendor, 4);
  await new BillPage(en).open();
  const es = await terminal.openSynced({ locale: 'es-ES' });
  const [room] = await vendor.rooms();
  const floorEs = new FloorPage(es);
  await floorEs.showRoom(room!.name);
  await floorEs.table(table).tap();
  const windows = [
    // Payment methods are the venue's own names, in any language.
    { bill: new BillPage(en), lang: 'en', cash: 'Cash', tendered: 'Amount tendered' },
    { bill: new BillPage(es, { bill: 'Cuenta', pay: 'Cobrar', discount: 'Descuento' }), lang: 'es', cash: 'Cash', tendered: 'Entregado' },
  ];
  await windows[1]!.bill.open();
  for (const w of windows) {
    const page = w.bill.page;
    for (const [size, viewport] of [
      ['1280', { width: 1280, height: 800 }],
      ['800', { width: 800, height: 1280 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `${SHOTS}/bill-${w.lang}-${size}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      const discount = await w.bill.openDiscount();
      await discount.fillFirst('10');
      await page.screenshot({ path: `${SHOTS}/bill-discount-${w.lang}-${size}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await discount.escape();
      const dialog = await w.bill.openPay();
      await dialog.method(w.cash);
      await dialog.tenderQuick(1, w.tendered);
      await page.screenshot({ path: `${SHOTS}/bill-pay-cash-${w.lang}-${size}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.escape();
    }
  }
});

test('a round with its own 10 % discount as a separate check: the ticket shows it, the ledger gets orderDiscount and skipMerge, the bill two checks', async ({
  vendor,
  terminalPage: page,
}) => {
  await seatWithTwoRounds(page, vendor, 2);
  const service = new ServicePage(page);
  const catalog = new CatalogPage(page);
  const order = new OrderPage(page);
  for (let i = 0; i < 3; i++) await catalog.itemButton(WATER).tap();
  await order.separateCheck();
  await order.discountRound('10', 'Birthday');
  await page.screenshot({ path: `${SHOTS}/round-discount-1280.png` });
  await service.send();
  await service.expectAllDelivered(15_000);

  const rounds = (await vendor.ledger()).filter((e) => e.kind === 'loyalty' && (e.payload.order?.contents.length ?? 0) > 0);
  const last = rounds[rounds.length - 1]!;
  expect(last.payload.skipMerge).toBe(true);
  const contents = cents(rounds[0]!.payload.order!.total); // 3 waters in round 1, the same as this one
  expect(-cents(last.payload.order!.orderDiscount?.amount)).toBe(Math.floor((contents * 1000 + 5000) / 10000));
  expect(cents(last.payload.order!.total)).toBe(contents - Math.floor((contents * 1000 + 5000) / 10000));

  const bill = new BillPage(page);
  await bill.open();
  await bill.expectChecks(2);
  await bill.expectCheck(1, 'Round discount: Birthday');
});
