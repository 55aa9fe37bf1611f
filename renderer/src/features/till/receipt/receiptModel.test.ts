import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceOrder } from '../../../../../shared/domain/retail/order';
import { promotion } from '../../../../../shared/domain/retail/testing';
import { createBasketStore } from '../basketStore';
import { checkPayments, shopMethods, type PayRow } from '../pay/salePay';
import { receiptLayout, shortSaleId, type ReceiptWords } from './receiptLayout';
import { capped, invoiceOf, RECEIPT_NAME_MAX, saleReceipt, taxesByRate, type Receipt } from './receiptModel';
import { TILL_NOON, tillProduct } from '../tillTesting';

const NOON = TILL_NOON;
const IDS = { sale: '3f2a9c1b-0000-4000-8000-000000000001', invoice: '3f2a9c1b-0000-4000-8000-000000000002' };
const SHOP = { accountKey: 'shop:demo', demo: true, name: '' };

const product = tillProduct;

const methods = shopMethods([
  { id: 1, name: 'Card' },
  { id: 2, name: 'Cash' },
]);
const row = (key: string, methodId: number, amount: string, tendered = ''): PayRow => ({ key, methodId, amount, tendered });

/** Socks 2 × 4.99 with a 2x1 (21 %), a T-shirt variant with 10 % off (21 %), cheese by weight (10 %), a book (4 %). */
function sale() {
  const store = createBasketStore(() => NOON);
  store.getState().setPricing({ rates: [], promotions: [promotion({ id: 9, name: '2x1 socks', type: 1, apply_to: 1, apply_type: 2, productIds: [3] })] });
  store.getState().add(product(3, 499, { name: 'Socks' }), 2000);
  store.getState().add(product(11, 1995, { name: 'T-shirt', masterId: 10, variantName: 'M · Navy' }));
  store.getState().add(product(30, 2490, { name: 'Manchego', usesWeight: true, taxPercentHundredths: 1000 }), 355);
  store.getState().add(product(40, 1850, { name: 'Guia de la ciutat', taxPercentHundredths: 400 }));
  const shirt = store.getState().view.lines[1]!.key;
  store.getState().setDiscount(shirt, { kind: 'percent', hundredths: 1000, name: '10 %' });
  return store.getState().checkoutDraft();
}

describe('the receipt of a sale', () => {
  const draft = sale();
  // 4.99 (one sock free) + 17.95 (10 % of 19.95 = 1.995 → 2.00 off) + 8.84 (24.90 × 0.355 = 8.8395) + 18.50 = 50.28
  const total = draft.totals.total;
  const check = checkPayments([row('a', 1, '20,00'), row('b', 2, (total - 2000) / 100 + '', '50')], methods, total);

  it('keeps each line with its variant, its promotions under it and the cashier’s discount apart', () => {
    expect(check.problem).toBeNull();
    const receipt = saleReceipt({ ids: IDS, draft, check, closedAt: NOON, customerName: '  ', shop: SHOP });
    expect(receipt.lines.map((l) => [l.name, l.variantName, l.sumCents, l.totalCents])).toEqual([
      ['Socks', null, 998, 499],
      ['T-shirt', 'M · Navy', 1995, 1795],
      ['Manchego', null, 884, 884],
      ['Guia de la ciutat', null, 1850, 1850],
    ]);
    expect(receipt.lines[0]!.promotions).toEqual([{ promotionId: 9, name: '2x1 socks', cents: 499 }]);
    expect(receipt.lines[0]!.manual).toBeNull();
    expect(receipt.lines[1]!.promotions).toEqual([]);
    expect(receipt.lines[1]!.manual).toEqual({ cents: 200, percentHundredths: 1000 });
    expect(receipt.lines[2]!.byWeight).toBe(true);
    expect(receipt.lines[2]!.measureThousandths).toBe(355);
    expect(receipt.sumCents).toBe(998 + 1995 + 884 + 1850);
    expect(receipt.discountCents).toBe(499 + 200);
    expect(receipt.totalCents).toBe(499 + 1795 + 884 + 1850);
    expect(receipt.customerName).toBeNull();
    expect(receipt.invoice).toEqual({ state: 'pending' });
    expect(receipt.accountKey).toBe('shop:demo');
  });

  it('caps absurd names (one 8,000-character word) and leaves real ones whole', () => {
    const word = 'W'.repeat(8_000);
    const store = createBasketStore(() => NOON);
    store.getState().setPricing({ rates: [], promotions: [promotion({ id: 9, name: `2x1 ${word}`, type: 1, apply_to: 1, apply_type: 2, productIds: [3] })] });
    store.getState().add(product(3, 499, { name: word, masterId: 2, variantName: word }), 2000);
    store.getState().add(product(4, 100, { name: 'Socks' }));
    const long = store.getState().checkoutDraft();
    const paid = checkPayments([row('a', 1, String(long.totals.total / 100))], methods, long.totals.total);
    const receipt = saleReceipt({ ids: IDS, draft: long, check: paid, closedAt: NOON, customerName: word, shop: { ...SHOP, demo: false, name: word } });
    const cut = `${'W'.repeat(RECEIPT_NAME_MAX - 1)}…`;
    expect(receipt.lines.map((l) => [l.name, l.variantName])).toEqual([
      [cut, cut],
      ['Socks', null],
    ]);
    expect(receipt.lines[0]!.promotions[0]!.name).toBe(`2x1 ${'W'.repeat(RECEIPT_NAME_MAX - 5)}…`);
    expect(receipt.customerName).toBe(cut);
    expect(receipt.shop.name).toBe(cut);
    expect(capped('😀'.repeat(300), 255)).toBe(`${'😀'.repeat(254)}…`);
    expect(capped('x'.repeat(255), 255)).toBe('x'.repeat(255));
  });

  it('splits the taxes by rate, each base + tax = its total, adding up exactly to the order', () => {
    const receipt = saleReceipt({ ids: IDS, draft, check, closedAt: NOON, customerName: null, shop: SHOP });
    expect(receipt.taxes.map((r) => r.percentHundredths)).toEqual([2100, 1000, 400]);
    for (const rate of receipt.taxes) expect(rate.baseCents + rate.taxCents).toBe(rate.totalCents);
    // 21 %: 4.99 + 17.95 = 22.94 → tax per line 0.87 + 3.12 (half up each line, as the order sends them)
    expect(receipt.taxes[0]).toEqual({ percentHundredths: 2100, totalCents: 2294, taxCents: 87 + 312, baseCents: 2294 - 399 });
    expect(receipt.taxes[1]).toEqual({ percentHundredths: 1000, totalCents: 884, taxCents: 80, baseCents: 804 });
    expect(receipt.taxes[2]).toEqual({ percentHundredths: 400, totalCents: 1850, taxCents: 71, baseCents: 1779 });
    expect(receipt.taxes.reduce((s, r) => s + r.taxCents, 0)).toBe(draft.totals.tax);
    expect(receipt.taxes.reduce((s, r) => s + r.totalCents, 0)).toBe(draft.totals.total);
    expect(receipt.taxes.reduce((s, r) => s + r.baseCents, 0)).toBe(draft.totals.subtotal);
  });

  it('shows the payments by method, the cash handed over and the change', () => {
    const split = checkPayments([row('a', 2, '10', '20'), row('b', 1, '20,00'), row('c', 2, (total - 3000) / 100 + '', '')], methods, total);
    expect(split.problem).toBeNull();
    const receipt = saleReceipt({ ids: IDS, draft, check: split, closedAt: NOON, customerName: 'Laia Puig', shop: SHOP });
    expect(receipt.payments).toEqual([
      { methodId: 2, methodName: 'Cash', cash: true, amountCents: 1000 + total - 3000, tenderedCents: 2000 + total - 3000, changeCents: 1000 },
      { methodId: 1, methodName: 'Card', cash: false, amountCents: 2000, tenderedCents: null, changeCents: 0 },
    ]);
    expect(receipt.payments.reduce((s, p) => s + p.amountCents, 0)).toBe(total);
    expect(receipt.tenderedCents).toBe(2000 + total - 3000);
    expect(receipt.changeCents).toBe(1000);
    expect(receipt.customerName).toBe('Laia Puig');

    const byCard = saleReceipt({
      ids: IDS,
      draft,
      check: checkPayments([row('a', 1, String(total / 100))], methods, total),
      closedAt: NOON,
      customerName: null,
      shop: null,
    });
    expect(byCard.tenderedCents).toBe(0);
    expect(byCard.changeCents).toBe(0);
    expect(byCard.shop).toEqual({ demo: false, name: '' });
    expect(byCard.accountKey).toBeNull();
  });

  it('taxes by rate add up to the order’s tax and total whatever the lines and the order discount (property)', () => {
    const line = fc.record({
      priceCents: fc.integer({ min: 0, max: 200_000 }),
      measureThousandths: fc.integer({ min: 1, max: 50_000 }),
      taxPercentHundredths: fc.constantFrom(2100, 1000, 400, 0, 550),
      manual: fc.option(
        fc.oneof(
          fc.record({ kind: fc.constant('percent' as const), hundredths: fc.integer({ min: 0, max: 10_000 }) }),
          fc.record({ kind: fc.constant('amount' as const), cents: fc.integer({ min: 0, max: 100_000 }) }),
        ),
        { nil: null },
      ),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fc.integer({ min: 0, max: 3_000 }), (lines, percent) => {
        const order = priceOrder(lines, { kind: 'percent', hundredths: percent });
        const rates = taxesByRate(
          order.lines.map((l, i) => ({ total: l.total, taxPercentHundredths: lines[i]!.taxPercentHundredths })),
          order.orderDiscount,
        );
        expect(rates.reduce((s, r) => s + r.taxCents, 0)).toBe(order.tax);
        expect(rates.reduce((s, r) => s + r.totalCents, 0)).toBe(order.total);
        expect(rates.reduce((s, r) => s + r.baseCents, 0)).toBe(order.subtotal);
        for (const rate of rates) expect(rate.baseCents + rate.taxCents).toBe(rate.totalCents);
        expect(new Set(rates.map((r) => r.percentHundredths)).size).toBe(rates.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the invoice an entry tells', () => {
  const entry = (fields: Partial<Parameters<typeof invoiceOf>[0] & object>) => ({ state: 'queued' as const, resolution: null, answer: null, ...fields });
  it('pending until accepted; its number, or issued without one; none once discarded', () => {
    expect(invoiceOf(undefined)).toEqual({ state: 'pending' });
    expect(invoiceOf(entry({}))).toEqual({ state: 'pending' });
    expect(invoiceOf(entry({ state: 'unconfirmed' }))).toEqual({ state: 'pending' });
    expect(invoiceOf(entry({ state: 'rejected' }))).toEqual({ state: 'pending' });
    expect(invoiceOf(entry({ state: 'accepted', answer: { invoiceId: 7, invoiceNumber: 'E-12' } }))).toEqual({ state: 'numbered', number: 'E-12' });
    expect(invoiceOf(entry({ state: 'accepted', answer: null }))).toEqual({ state: 'issued' });
    expect(invoiceOf(entry({ state: 'rejected', resolution: 'marked-done' }))).toEqual({ state: 'issued' });
    expect(invoiceOf(entry({ state: 'queued', resolution: 'discarded' }))).toEqual({ state: 'none' });
  });
});

describe('the receipt in words', () => {
  const words: ReceiptWords = (key, params) =>
    params
      ? `${key}(${Object.entries(params)
          .map(([k, v]) => `${k}=${v}`)
          .join(',')})`
      : key;
  const draft = sale();
  const total = draft.totals.total;
  const receipt: Receipt = saleReceipt({
    ids: IDS,
    draft,
    check: checkPayments([row('a', 2, String(total / 100), '60')], methods, total),
    closedAt: NOON,
    customerName: null,
    shop: SHOP,
  });

  it('puts each promotion and discount under its line, the total, the taxes with their sum, cash and change', () => {
    const layout = receiptLayout(receipt, words, 'en');
    expect(layout.shop).toBe('demoShop');
    expect(layout.when).toBe('23/11/2026, 12:00');
    expect(layout.reference).toBe(`sale(id=${shortSaleId(IDS.sale)})`);
    expect(shortSaleId(IDS.sale)).toBe('3F2A9C1B');
    expect(layout.lines[0]).toEqual({
      key: draft.lines[0]!.key,
      name: 'Socks',
      variant: null,
      measure: 'lineQuantity(quantity=2,price=€4.99)',
      amount: '€9.98',
      discounts: [{ kind: 'promotion', label: '2x1 socks', amount: 'minus(amount=€4.99)' }],
      note: null,
    });
    expect(layout.lines[1]!.variant).toBe('M · Navy');
    expect(layout.lines[1]!.discounts).toEqual([{ kind: 'manual', label: 'manualPercent(percent=10)', amount: 'minus(amount=€2.00)' }]);
    expect(layout.lines[2]!.measure).toBe('lineWeight(weight=0.355,price=€24.90)');
    expect(layout.totals.map((r) => r.kind)).toEqual(['before', 'discounts', 'total']);
    expect(layout.totals.at(-1)!.amount).toBe('€50.28');
    expect(layout.taxes.map((r) => r.sum)).toEqual([false, false, false, true]);
    expect(layout.taxes.at(-1)!.cells[3]).toBe('€50.28');
    expect(layout.payments).toEqual([
      { kind: 'method', label: 'Cash', amount: '€50.28' },
      { kind: 'tendered', label: 'tendered', amount: '€60.00' },
      { kind: 'change', label: 'change', amount: '€9.72' },
    ]);
    expect(layout.invoice).toEqual({ state: 'pending', text: 'invoicePending' });
  });

  it('names the invoice once numbered, in the terminal’s language and the shop’s time', () => {
    const numbered = receiptLayout({ ...receipt, invoice: { state: 'numbered', number: 'E-12' }, shop: { demo: false, name: 'botiga-gracia' } }, words, 'ca');
    expect(numbered.invoice).toEqual({ state: 'numbered', text: 'invoice(number=E-12)' });
    expect(numbered.shop).toBe('botiga-gracia');
    expect(numbered.when).toBe('23/11/2026 12:00');
    expect(numbered.totals.at(-1)!.amount).toBe('50,28\u00a0€');
    const unnamed = receiptLayout({ ...receipt, shop: { demo: false, name: '' } }, words, 'es');
    expect(unnamed.shop).toBe('title');
  });
});
