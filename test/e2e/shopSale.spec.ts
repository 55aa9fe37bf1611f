import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { centsNumber, promotionOn, refereeSale, type RefOrder } from '../contract/retail/shopReferee';
import { type LedgerEntry, type Wire } from './support/shop';
import { expect, test } from './support/shopFixtures';
import {
  assertNoProductPromotions,
  inPromotionCategories,
  needsRounding,
  pendingEntries,
  readShopFacts,
  scanProducts,
  type ShopFacts,
  type ShopProduct,
} from './support/shopCatalog';
import { eurosOfCents as euros } from './pages/CatalogPage';

// The referee sale: on the demo shop (the vendor's retail sandbox, the browser
// shell on a shop account at it, its real catalog synced into the till), three barcodes scanned — a sock variant (twice:
// the 2x1 on its category), a product with its own price in the sale's price rate and one
// priced by the rate's percentage and rounding — the rate chosen, then paid half by card and half
// in cash with change. The retail sandbox's ledger and its log of writes are the referee: the order
// and its invoice arrive once, the order first, every amount to the cent as the clarifications'
// arithmetic gives it, computed here (test/contract/retail/shopReferee.ts) from the sandbox's own
// catalog API — not from the terminal's code.

test.use({ actionTimeout: 20_000 });
test.setTimeout(240_000);

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/shopproof';

interface Basket {
  rateId: number;
  /** The 2x1's promotion id. */
  pairsId: number;
  variant: ShopProduct;
  linked: ShopProduct;
  rated: ShopProduct;
}

/**
 * The products of the proof, by rules on the sandbox's records: a variant in the categories of a
 * "2x1" (pairs, the second unit free) that is on now; a percentage rate that lists products of its
 * own; a product with its own price in that rate; one priced by the rate's percentage, of another
 * tax rate, whose rounding moves its price if the catalog has one. None in another promotion's
 * categories or linked to a promotion by product; every one with stock on the shop floor.
 */
async function chooseBasket(retailUrl: string, facts: ShopFacts, at: Date): Promise<Basket> {
  const pairs = facts.promotions.find((p) => p.type === 1 && p.apply_type === 2 && p.apply_to === 2 && p.categoryIds.length > 0 && promotionOn(p, at));
  if (!pairs) throw new Error('the demo shop has no 2x1 on categories');
  const rate = facts.rates.find((r) => r.type === 1 && r.linked.size > 0);
  if (!rate) throw new Error('the demo shop has no percentage rate with linked prices');
  const clear = (p: ShopProduct, except: number | null = null) => !inPromotionCategories(p, facts.promotions, at, except) && p.stockOnFloor >= 2;
  const pick = (products: readonly ShopProduct[]) => {
    const variants = products.filter((p) => p.masterId !== null && pairs.categoryIds.includes(p.categoryId) && clear(p, pairs.id));
    const variant = variants.find((p) => needsRounding(rate, p)) ?? variants[0];
    const linked = products.find((p) => p.masterId === null && rate.linked.has(p.id) && clear(p));
    const taxes = new Set([variant?.taxHundredths, linked?.taxHundredths]);
    const others = products.filter((p) => p.masterId === null && !rate.linked.has(p.id) && clear(p) && !taxes.has(p.taxHundredths));
    const rated = others.find((p) => needsRounding(rate, p)) ?? others[0];
    return variant && linked && rated ? { variant, linked, rated } : null;
  };
  // Enough to choose from: a variant whose price the rate's rounding moves, if the pages hold one.
  const products = await scanProducts(retailUrl, (found) => {
    const chosen = pick(found);
    return chosen !== null && needsRounding(rate, chosen.variant);
  });
  const chosen = pick(products);
  if (!chosen) throw new Error('the demo shop lacks the products this proof needs');
  for (const product of Object.values(chosen)) await assertNoProductPromotions(retailUrl, product);
  return { rateId: rate.id, pairsId: pairs.id, ...chosen };
}

/** An order line as the ledger holds what was sent (JSON numbers). */
function expectedLine(order: RefOrder, productId: number) {
  const line = order.lines.find((l) => l.productId === productId)!;
  return {
    product_id: productId,
    quantity: line.quantity,
    price: centsNumber(line.price),
    sum: centsNumber(line.sum),
    discount: centsNumber(line.discount),
    total: centsNumber(line.total),
    tax: centsNumber(line.tax),
    subtotal: centsNumber(line.subtotal),
    taxPercentage: line.taxHundredths / 100,
    discountObject: line.promotion ? { id: line.promotion.id, name: line.promotion.name, amount: centsNumber(line.promotion.amount), isPercentage: false } : {},
  };
}

test('three scanned barcodes, a 2x1 and a price rate, half card and half cash with change: the order and its invoice arrive once, to the cent', async ({
  vendor,
  openShop,
}) => {
  await mkdir(SHOTS, { recursive: true });
  const till = await openShop();
  const { page } = till;
  const { retailUrl, control: sandbox } = vendor;
  const at = new Date();
  const facts = await readShopFacts(retailUrl);
  const basket = await chooseBasket(retailUrl, facts, at);
  const { variant, linked, rated } = basket;
  const rate = facts.rates.find((r) => r.id === basket.rateId)!;
  const expected = refereeSale({
    lines: [
      { product: variant, quantity: 2 },
      { product: linked, quantity: 1 },
      { product: rated, quantity: 1 },
    ],
    rate,
    promotions: facts.promotions,
    rates: facts.rates,
    at,
  });
  const described = expected.lines.map(
    (l) => `${l.productId}: ${l.quantity} × ${euros(l.price)} − ${euros(l.discount)} = ${euros(l.total)} (tax ${euros(l.tax)} at ${l.taxHundredths / 100} %)`,
  );
  test.info().annotations.push({ type: 'referee', description: `${described.join('; ')}; total ${euros(expected.total)}, tax ${euros(expected.tax)}` });
  const pairs = expected.lines[0]!;
  // The proof means something only if both apply.
  expect(pairs.promotion?.id, 'the 2x1 applies to the pair of socks').toBe(basket.pairsId);
  expect(pairs.discount).toBe(pairs.price);
  expect(expected.lines[1]!.price, 'the linked product is priced by the rate').not.toBe(linked.priceCents);
  expect(expected.lines[2]!.price, 'the percentage rate changes the third price').not.toBe(rated.priceCents);

  // Nothing was written to the shop before the sale (the sync only reads).
  expect(await sandbox.writes()).toEqual([]);

  // Scan: the variant, the two others, the variant again (the same line, two units).
  await till.scanProduct(variant.barcode, variant.id, 1);
  await till.scanProduct(linked.barcode, linked.id, 1);
  await till.scanProduct(rated.barcode, rated.id, 1);
  await till.scanProduct(variant.barcode, variant.id, 2);
  await expect(till.lines).toHaveCount(3);
  // The variant's line says which one: its size and colour as the shop names them.
  for (const valueId of variant.variantValueIds) {
    await expect(till.line(variant.id).variant).toContainText(facts.variantNames.get(valueId)!);
  }

  // The rate for the sale: every line re-priced, marked as the rate's price.
  await till.chooseRate({ value: String(basket.rateId) });
  await expect(till.rateChosen).toHaveText(facts.rateNames.get(basket.rateId)!);
  for (const line of expected.lines) {
    const shown = till.line(line.productId);
    await expect(shown.sum).toHaveText(euros(line.sum));
    await expect(shown.measure).toContainText(`${line.quantity} × ${euros(line.price)}`);
    await expect(shown.measure).toContainText('Rate price');
  }
  // The 2x1's discount under the sock line, in its own words; no other line has one.
  const promotion = till.line(variant.id).promotions;
  await expect(promotion).toHaveCount(1);
  await expect(promotion).toHaveAttribute('data-promotion-id', String(basket.pairsId));
  await expect(promotion).toContainText(pairs.promotion!.name);
  await expect(promotion).toContainText(`−${euros(pairs.discount)}`);
  await expect(till.promotionDiscounts).toHaveCount(1);
  await expect(till.discounts).toHaveText(`−${euros(expected.discount)}`);
  await expect(till.total).toHaveText(euros(expected.total));
  await expect(till.tax).toContainText(euros(expected.tax));
  await page.screenshot({ path: join(SHOTS, 'till-three-lines-1280x800.png') });

  // Pay: half by card, the rest in cash with a 20 € note (or the next round note) → change.
  const card = Math.floor(expected.total / 2);
  const cash = expected.total - card;
  const tendered = Math.ceil((cash + 1) / 2000) * 2000;
  const change = tendered - cash;
  await till.openPay();
  await till.addPayment(facts.payment.card, (card / 100).toFixed(2));
  await till.addPayment(facts.payment.cash, (cash / 100).toFixed(2), String(tendered / 100));
  await expect(till.pay.left).toHaveText(euros(0));
  await expect(till.pay.change).toHaveText(euros(change));
  await expect(till.pay.submitButton).toBeEnabled();
  await page.screenshot({ path: join(SHOTS, 'pay-dialog-1280x800.png') });
  await till.submitPayment();

  // The referee: the order, then its invoice, each once.
  await expect
    .poll(async () => (await sandbox.ledger()).map((e) => e.kind), { timeout: 90_000, message: 'the order and its invoice reach the shop' })
    .toEqual(['order', 'invoice']);
  // The terminal's queue is done with both: nothing of this sale is left to send or to check
  // (an unconfirmed or rejected entry would stay in it).
  await expect.poll(async () => await pendingEntries(page), { timeout: 30_000 }).toEqual([]);
  const [orderEntry, invoiceEntry] = (await sandbox.ledger()) as [LedgerEntry, LedgerEntry];
  const orderId = orderEntry.orderId;
  expect(invoiceEntry.orderId).toBe(orderId);
  const writes = await sandbox.writes();
  expect(writes.map((w) => [w.method, w.path, w.status])).toEqual([
    ['POST', '/api/external/orders', 201],
    ['POST', `/api/external/orders/${orderId}/invoices`, 201],
  ]);
  expect(writes[0]!.seq).toBeLessThan(writes[1]!.seq);

  // Every amount of the order as sent, to the cent.
  const sent = orderEntry.payload;
  const lines = sent.order_contents as Wire[];
  expect(lines).toHaveLength(3);
  for (const line of lines) expect(line).toMatchObject(expectedLine(expected, Number(line.product_id)));
  expect(lines.map((l) => Number(l.product_id)).sort()).toEqual([variant.id, linked.id, rated.id].sort());
  expect(sent).toMatchObject({
    sum: centsNumber(expected.sum),
    discount: centsNumber(expected.discount),
    orderDiscount: 0,
    shippingAmount: 0,
    total: centsNumber(expected.total),
    tax: centsNumber(expected.tax),
    subtotal: centsNumber(expected.subtotal),
  });
  // The invoice: the card half, and the cash half as handed over with its change.
  expect(invoiceEntry.payload).toEqual({
    payments: [
      { amount: centsNumber(card), change: 0, extra: 0, payment_method_id: facts.payment.card },
      { amount: centsNumber(tendered), change: centsNumber(change), extra: 0, payment_method_id: facts.payment.cash },
    ],
  });

  // As the shop stored it: closed by its invoice, numbered, the same amounts.
  const stored = await sandbox.order(orderId);
  expect(stored).toMatchObject({ id: orderId, status: 1, total: centsNumber(expected.total), tax: centsNumber(expected.tax), sum: centsNumber(expected.sum) });
  const invoice = stored.invoice as Wire;
  expect(invoice.number).toMatch(/^E-\d+$/);
  expect(invoice.total).toBe(centsNumber(expected.total));
  expect((invoice.payments as Wire[]).map((p) => [p.payment_method_id, p.amount, p.change])).toEqual([
    [facts.payment.card, centsNumber(card), 0],
    [facts.payment.cash, centsNumber(tendered), centsNumber(change)],
  ]);
  // The dialog's receipt names the invoice once the terminal knows it.
  await expect(till.pay.saved).toContainText(String(invoice.number));
  await expect(till.pay.change).toContainText(euros(change));
  await page.screenshot({ path: join(SHOTS, 'pay-saved-1280x800.png') });
  // Still once each after the queue settled.
  expect((await sandbox.writes()).length).toBe(2);
});
