import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { centsNumber, productFromWire, promotionOn, refereeSale, type RefPromotion } from '../contract/retail/shopReferee';
import { useCleanup } from './support/cleanup';
import { openDemoShop, retailControl, retailGet, TillPage, type LedgerEntry, type Wire } from './support/shop';
import { inPromotionCategories, pendingEntries, readShopFacts, type ShopFacts, type ShopProduct } from './support/shopCatalog';
import { eurosOfCents as euros } from './support/CatalogPage';

// Issue 15 item 8, promotions on linked PRODUCTS (`apply_to` 1), on the demo shop (the browser
// shell's embedded retail sandbox, its real catalog synced). The retail API reads those links only
// product by product, so the till reads them for what enters its basket (renderer/src/features/till/
// productLinks.ts). The product is chosen here through the sandbox's own API (`GET catalog/products/
// {id}/promotions` of a variant's master: a master's link covers its variants), the discount computed
// by the independent referee (test/contract/retail/shopReferee.ts) from the sandbox's records, never
// from the terminal's code. Then: two units → the second at 50 % shows under the line; paid by card,
// the order at the sandbox carries that discount with the promotion's discountObject. Last, offline:
// a product whose links cannot be read says so on its line, and is read once added again online.

test.use({ actionTimeout: 20_000 });
test.setTimeout(300_000);

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/productpromos';
const { running, contexts } = useCleanup();


interface Chosen {
  promotion: RefPromotion;
  /** Two variants of one master linked to it, each with 2+ units on the shop floor. */
  first: ShopProduct;
  second: ShopProduct;
  /** The shop's promotions with the product links read for these products. */
  promotions: RefPromotion[];
}

interface Page_ {
  data: Wire[];
  last_page: number;
}

/**
 * A pairs promotion (type 1) on linked products that is on now, and two variants of a master the
 * sandbox links to it (read with `catalog/products/{master}/promotions`), sellable by barcode, with
 * stock, in no other promotion's categories. Product pages are walked from the first (the demo's
 * T-shirts come first); each page and each link read costs one of the 40 catalog requests a minute
 * the terminal shares (retailGet waits out a 429).
 */
async function choose(retailUrl: string, facts: ShopFacts, at: Date): Promise<Chosen> {
  const wanted = facts.promotions.filter((p) => p.type === 1 && p.apply_to === 1 && promotionOn(p, at));
  if (wanted.length === 0) throw new Error('the demo shop has no pairs promotion on linked products that is on now');
  const query = 'pagination=200&withStocks=1&withVariantInfo=1';
  const asked = new Set<number>();
  for (let page = 1, last = 1; page <= last; page++) {
    const body = await retailGet<Page_>(retailUrl, `catalog/products?${query}&page=${page}`);
    last = body.last_page;
    const byMaster = new Map<number, ShopProduct[]>();
    for (const raw of body.data) {
      const floor = ((raw.stocks as Wire[] | undefined) ?? []).find((s) => Number(s.warehouse_id) === 1);
      const sellable = raw.active !== false && Number(raw.type) === 6 && typeof raw.barcode === 'string' && raw.barcode !== '' && !raw.usesWeight && raw.tax != null;
      if (!sellable || !floor || Number(floor.quantity) < 2) continue;
      const product: ShopProduct = { ...productFromWire(raw), barcode: String(raw.barcode), variantValueIds: [], stockOnFloor: Number(floor.quantity) };
      if (product.masterId === null || inPromotionCategories(product, facts.promotions, at)) continue;
      byMaster.set(product.masterId, [...(byMaster.get(product.masterId) ?? []), product]);
    }
    for (const [masterId, variants] of byMaster) {
      if (variants.length < 2 || asked.has(masterId)) continue;
      asked.add(masterId);
      const linked = await retailGet<Wire[]>(retailUrl, `catalog/products/${masterId}/promotions`);
      const promotion = wanted.find((p) => linked.some((l) => Number(l.id) === p.id));
      if (promotion === undefined) continue;
      const [first, second] = variants as [ShopProduct, ShopProduct];
      // The referee needs every product link of these products: the master's and each variant's own.
      const links = new Map<number, number[]>();
      for (const [id, answer] of [
        [masterId, linked],
        [first.id, await retailGet<Wire[]>(retailUrl, `catalog/products/${first.id}/promotions`)],
        [second.id, await retailGet<Wire[]>(retailUrl, `catalog/products/${second.id}/promotions`)],
      ] as const) {
        for (const l of answer) links.set(Number(l.id), [...(links.get(Number(l.id)) ?? []), id]);
      }
      const promotions = facts.promotions.map((p) => ({ ...p, productIds: links.get(p.id) ?? [] }));
      return { promotion: promotions.find((p) => p.id === promotion.id)!, first, second, promotions };
    }
  }
  throw new Error('no master with two sellable variants is linked to a pairs promotion on products');
}

test('a promotion on linked products: the second unit’s 50 % under the line, in the order sent; unread links said offline, read when added again', async () => {
  await mkdir(SHOTS, { recursive: true });
  const { page, retailUrl } = await openDemoShop(running, contexts);
  const till = new TillPage(page);
  const sandbox = retailControl(retailUrl);
  const at = new Date();
  const facts = await readShopFacts(retailUrl);
  const { promotion, first, second, promotions } = await choose(retailUrl, facts, at);
  const expected = refereeSale({ lines: [{ product: first, quantity: 2 }], rate: null, promotions, rates: facts.rates, at });
  const line = expected.lines[0]!;
  test.info().annotations.push({ type: 'referee', description: `${promotion.name} (${promotion.id}) on ${first.id} (master ${first.masterId}): 2 × ${euros(line.price)} − ${euros(line.discount)} = ${euros(line.total)}` });
  // The proof means something only if the promotion applies: half of one unit, rounded half up.
  expect(line.promotion?.id).toBe(promotion.id);
  expect(line.discount).toBe(Math.floor((line.price + 1) / 2));

  // Two units: the discount appears under the line once the links arrive (read on demand).
  await till.scanProduct(first.barcode, first.id, 1);
  await till.scanProduct(first.barcode, first.id, 2);
  const shown = till.line(first.id).getByTestId('till-line-promotion');
  await expect(shown).toHaveCount(1, { timeout: 60_000 });
  await expect(shown).toHaveAttribute('data-promotion-id', String(promotion.id));
  await expect(shown).toContainText(promotion.name);
  await expect(shown).toContainText(`−${euros(line.discount)}`);
  await expect(till.line(first.id).getByTestId('till-line-links')).toHaveCount(0);
  await expect(page.getByTestId('till-discounts')).toHaveText(`−${euros(expected.discount)}`);
  await expect(till.total).toHaveText(euros(expected.total));
  await page.screenshot({ path: join(SHOTS, 'basket-second-unit-1280x800.png') });
  await page.setViewportSize({ width: 800, height: 1280 });
  await page.screenshot({ path: join(SHOTS, 'basket-second-unit-800x1280.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Paid by card: the order carries the discount with the promotion's discountObject.
  await till.openPay();
  await till.addPayment(facts.payment.card, (expected.total / 100).toFixed(2));
  await expect(till.payDialog.getByTestId('sale-pay-submit')).toBeEnabled();
  await till.submitPayment();
  await expect.poll(async () => (await sandbox.ledger()).map((e) => e.kind), { timeout: 90_000, message: 'the order and its invoice reach the shop' }).toEqual(['order', 'invoice']);
  await expect.poll(async () => await pendingEntries(page), { timeout: 30_000 }).toEqual([]);
  const [orderEntry] = (await sandbox.ledger()) as [LedgerEntry, LedgerEntry];
  const sent = orderEntry.payload;
  expect(sent.order_contents).toEqual([
    expect.objectContaining({
      product_id: first.id,
      quantity: 2,
      price: centsNumber(line.price),
      sum: centsNumber(line.sum),
      discount: centsNumber(line.discount),
      total: centsNumber(line.total),
      tax: centsNumber(line.tax),
      discountObject: { id: promotion.id, name: promotion.name, amount: centsNumber(line.discount), isPercentage: false },
    }),
  ]);
  expect(sent).toMatchObject({ discount: centsNumber(expected.discount), total: centsNumber(expected.total), tax: centsNumber(expected.tax) });
  const stored = await sandbox.order(orderEntry.orderId);
  expect(stored).toMatchObject({ id: orderEntry.orderId, status: 1, discount: centsNumber(expected.discount), total: centsNumber(expected.total) });
  await till.closePaid();

  // Offline: the other variant's own links cannot be read — its line says so (its master's link,
  // read already, still applies to what is known). Online again, adding it again reads them.
  await sandbox.offline();
  await till.scanProduct(second.barcode, second.id, 1);
  const note = till.line(second.id).getByTestId('till-line-links');
  await expect(note).toHaveAttribute('data-state', 'offline', { timeout: 60_000 });
  await expect(note).toHaveText('Product promotions not checked — offline');
  await page.screenshot({ path: join(SHOTS, 'basket-links-offline-1280x800.png') });
  await page.setViewportSize({ width: 800, height: 1280 });
  await page.screenshot({ path: join(SHOTS, 'basket-links-offline-800x1280.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await sandbox.online();
  await till.scanProduct(second.barcode, second.id, 2);
  await expect(note).toHaveCount(0, { timeout: 60_000 });
  const expectedSecond = refereeSale({ lines: [{ product: second, quantity: 2 }], rate: null, promotions, rates: facts.rates, at: new Date() }).lines[0]!;
  await expect(till.line(second.id).getByTestId('till-line-promotion')).toContainText(`−${euros(expectedSecond.discount)}`);
});
