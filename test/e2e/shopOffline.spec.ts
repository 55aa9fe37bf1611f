import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { centsNumber, refereeSale } from '../contract/retail/shopReferee';
import { type Wire } from './support/shop';
import { expect, test } from './support/shopFixtures';
import {
  assertNoProductPromotions,
  entriesById,
  inPromotionCategories,
  pendingEntries,
  readShopFacts,
  scanProducts,
  type ShopProduct,
} from './support/shopCatalog';
import { eurosOfCents as euros } from './pages/CatalogPage';

// Offline: three sales made at the till while the shop's retail sandbox is
// offline (every connection cut, its control API excepted) are saved at once, wait in the main
// side's queue, and once it is back arrive once each — in the order they were made, each order
// before its invoice, each invoice naming its own order and paying its total — as the sandbox's
// log of writes, its ledger and its stored orders show.

test.use({ actionTimeout: 20_000 });
test.setTimeout(300_000);

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/shopproof';

interface Sale {
  product: ShopProduct;
  total: number;
  /** The invoice's payments as the terminal should send them: [method, amount, change] in cents. */
  payments: Array<[number, number, number]>;
}

test('three sales made while the retail sandbox is offline arrive once each, in order, each order before its invoice', async ({ vendor, openShop }) => {
  await mkdir(SHOTS, { recursive: true });
  const till = await openShop();
  const { page } = till;
  const { retailUrl, control: sandbox } = vendor;
  const at = new Date();
  const facts = await readShopFacts(retailUrl);

  // Three plain products of distinct prices, no promotion of a category on them (the ledger tells
  // the sales apart by their totals).
  const pick = (found: readonly ShopProduct[]) => {
    const chosen: ShopProduct[] = [];
    for (const p of found) {
      if (p.masterId !== null || p.stockOnFloor < 1 || inPromotionCategories(p, facts.promotions, at)) continue;
      if (chosen.some((c) => c.priceCents === p.priceCents)) continue;
      chosen.push(p);
      if (chosen.length === 3) return chosen;
    }
    return null;
  };
  const products = pick(await scanProducts(retailUrl, (found) => pick(found) !== null));
  if (!products) throw new Error('the demo shop lacks three plain products of distinct prices');
  for (const product of products) await assertNoProductPromotions(retailUrl, product);
  const { card, cash } = facts.payment;
  const sales: Sale[] = products.map((product, i) => {
    const total = refereeSale({ lines: [{ product, quantity: 1 }], rate: null, promotions: facts.promotions, rates: facts.rates, at }).total;
    // By card; in cash with a note and change; half by card and the rest in cash, exact.
    const tendered = Math.ceil((total + 1) / 1000) * 1000;
    const half = Math.floor(total / 2);
    const payments: Sale['payments'][] = [
      [[card, total, 0]],
      [[cash, tendered, tendered - total]],
      [
        [card, half, 0],
        [cash, total - half, 0],
      ],
    ];
    return { product, total, payments: payments[i]! };
  });

  // Offline: nothing reaches the shop any more.
  await sandbox.offline();
  for (const sale of sales) {
    await till.scanProduct(sale.product.barcode, sale.product.id, 1);
    await expect(till.total).toHaveText(euros(sale.total));
    await till.openPay();
    for (const [method, amount, change] of sale.payments) {
      await till.addPayment(
        method,
        ((method === cash && change > 0 ? amount - change : amount) / 100).toFixed(2),
        method === cash && change > 0 ? String(amount / 100) : undefined,
      );
    }
    await expect(till.pay.left).toHaveText(euros(0));
    await till.submitPayment();
    if (sale === sales[1]) {
      // The change to give, said once the sale is saved.
      await expect(till.pay.change).toContainText(euros(sale.payments[0]![2]));
      await page.screenshot({ path: join(SHOTS, 'offline-sale-saved-1280x800.png') });
    }
    await till.closePaid();
  }

  // Saved and waiting: six entries in the main side's queue, none delivered, none unconfirmed.
  const waiting = await pendingEntries(page);
  expect(waiting.map((e) => e.kind).sort()).toEqual(['invoice', 'invoice', 'invoice', 'sale', 'sale', 'sale']);
  expect(waiting.filter((e) => e.state !== 'queued' && e.state !== 'sending')).toEqual([]);
  expect(await sandbox.orderWrites()).toEqual([]);

  // Back online: everything arrives by itself.
  await sandbox.online();
  await expect
    .poll(async () => (await sandbox.ledger()).map((e) => e.kind).sort(), { timeout: 180_000, message: 'three orders and three invoices reach the shop' })
    .toEqual(['invoice', 'invoice', 'invoice', 'order', 'order', 'order']);
  await expect
    .poll(
      async () =>
        (
          await entriesById(
            page,
            waiting.map((e) => e.id),
          )
        ).map((e) => e.state),
      { timeout: 30_000 },
    )
    .toEqual(waiting.map(() => 'accepted'));
  await expect.poll(async () => await pendingEntries(page), { timeout: 30_000 }).toEqual([]);

  // Once each: every write that arrived, with its answer.
  const ledger = await sandbox.ledger();
  const writes = await sandbox.writes();
  expect(writes).toHaveLength(6);
  expect(writes.every((w) => w.method === 'POST' && w.status === 201)).toBe(true);
  const orderWrites = writes.filter((w) => w.path === '/api/external/orders');
  expect(orderWrites).toHaveLength(3);

  // In the order the sales were made; each order before its invoice, which names it and pays its total.
  const orders = ledger.filter((e) => e.kind === 'order');
  expect(orders.map((o) => (o.payload as Wire).total)).toEqual(sales.map((s) => centsNumber(s.total)));
  expect(orderWrites.map((w) => w.seq)).toEqual([...orderWrites.map((w) => w.seq)].sort((a, b) => a - b));
  for (const [i, sale] of sales.entries()) {
    const order = orders[i]!;
    const orderWrite = orderWrites[i]!;
    const invoiceWrites = writes.filter((w) => w.path === `/api/external/orders/${order.orderId}/invoices`);
    expect(invoiceWrites, `sale ${i + 1}: one invoice`).toHaveLength(1);
    expect(invoiceWrites[0]!.seq, `sale ${i + 1}: the order before its invoice`).toBeGreaterThan(orderWrite.seq);
    const lines = (order.payload as Wire).order_contents as Wire[];
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ product_id: sale.product.id, quantity: 1, price: centsNumber(sale.total), total: centsNumber(sale.total) });
    const invoice = ledger.find((e) => e.kind === 'invoice' && e.orderId === order.orderId)!;
    expect((invoice.payload as Wire).payments).toEqual(
      sale.payments.map(([method, amount, change]) => ({ amount: centsNumber(amount), change: centsNumber(change), extra: 0, payment_method_id: method })),
    );
    const stored = await sandbox.order(order.orderId);
    expect(stored).toMatchObject({ status: 1, total: centsNumber(sale.total) });
    expect((stored.invoice as Wire).number).toMatch(/^E-\d+$/);
  }
});
