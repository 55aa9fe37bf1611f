import { describe, expect, it } from 'vitest';
import { retailOrderRequest } from '../../../../../shared/api/retail';
import { entryDraftSchema } from '../../../../../shared/bridge';
import { promotion } from '../../../../../shared/domain/retail/testing';
import { createBasketStore } from '../basketStore';
import { checkPayments, quickTenders, saleEntryDrafts, shopDateTime, shopMethods, type PayRow } from './salePay';
import { TILL_NOON, tillProduct } from '../tillTesting';

const NOON = TILL_NOON;

const product = tillProduct;

const methods = shopMethods([
  { id: 3, name: 'Bizum' },
  { id: 1, name: 'Card' },
  { id: 2, name: 'Cash' },
]);
const row = (key: string, methodId: number, amount: string, tendered = ''): PayRow => ({ key, methodId, amount, tendered });

/** A basket with a 2x1 (cheapest free), a variant, a weighed line and a manual discount. */
function basket() {
  const store = createBasketStore(() => NOON);
  store.getState().setPricing({ rates: [], promotions: [promotion({ id: 9, name: '2x1 socks', type: 1, apply_to: 1, apply_type: 2, productIds: [3] })] });
  store.getState().add(product(3, 499, { name: 'Socks' }), 2000);
  store.getState().add(product(11, 1995, { name: 'T-shirt', masterId: 10, variantName: 'M · Navy' }));
  store.getState().add(product(30, 2490, { name: 'Manchego', usesWeight: true, taxPercentHundredths: 1000 }), 355);
  const shirt = store.getState().view.lines[1]!.key;
  store.getState().setDiscount(shirt, { kind: 'percent', hundredths: 1000, name: '10 %' });
  return store.getState().checkoutDraft();
}

describe('the sale pay rules', () => {
  it("knows the cash method by its name, and offers the methods in the shop's order", () => {
    expect(methods.map((m) => [m.name, m.cash])).toEqual([
      ['Card', false],
      ['Cash', true],
      ['Bizum', false],
    ]);
    expect(shopMethods([{ id: 7, name: 'Efectivo' }])[0]!.cash).toBe(true);
  });

  it('splits card and cash: cash records what was handed over and the change; the payments add up to the total', () => {
    const total = 3155;
    const check = checkPayments([row('a', 1, '15,00'), row('b', 2, '16,55', '20')], methods, total);
    expect(check).toMatchObject({ problem: null, appliedCents: 3155, leftCents: 0, changeCents: 345 });
    expect(check.payments).toEqual([
      { amount: 15, change: 0, extra: 0, payment_method_id: 1 },
      { amount: 20, change: 3.45, extra: 0, payment_method_id: 2 },
    ]);
    const paid = check.payments!.reduce((sum, p) => sum + Math.round(p.amount * 100) - Math.round(p.change * 100), 0);
    expect(paid).toBe(total);
  });

  it('says what is wrong: left to pay, paid over, short tender, change typed on a card', () => {
    expect(checkPayments([], methods, 1000).problem).toBe('no-payments');
    expect(checkPayments([row('a', 1, '5')], methods, 1000)).toMatchObject({ problem: 'left', leftCents: 500 });
    expect(checkPayments([row('a', 1, '12')], methods, 1000)).toMatchObject({ problem: 'over', leftCents: -200 });
    expect(checkPayments([row('a', 2, '10', '5')], methods, 1000).rows[0]!.problem).toBe('tendered-short');
    expect(checkPayments([row('a', 1, 'x')], methods, 1000).rows[0]!.problem).toBe('amount-format');
    // Only cash gives change: a tendered amount on a card is not read (the card pays what it says).
    expect(checkPayments([row('a', 1, '10', '50')], methods, 1000)).toMatchObject({ problem: null, changeCents: 0, payments: [{ amount: 10, change: 0 }] });
    // Exact cash: no change.
    expect(checkPayments([row('a', 2, '10')], methods, 1000).payments).toEqual([{ amount: 10, change: 0, extra: 0, payment_method_id: 2 }]);
  });

  it('offers the next round notes above what is due', () => {
    expect(quickTenders(1655)).toEqual([2000, 5000]);
    expect(quickTenders(1234)).toEqual([1500, 2000, 5000]);
  });

  it("writes closed_at in the shop's time, summer and winter", () => {
    expect(shopDateTime(NOON)).toBe('2026-11-23 12:00:00');
    expect(shopDateTime(Date.UTC(2026, 6, 1, 21, 59, 7))).toBe('2026-07-01 23:59:07');
    expect(shopDateTime(Date.UTC(2026, 11, 31, 23, 30, 0))).toBe('2027-01-01 00:30:00');
  });

  it('builds the order from the basket (promotions, variant, weight, manual discount) and its invoice after it', () => {
    const draft = basket();
    const { total } = draft.totals;
    const check = checkPayments(
      [row('a', 1, String(Math.floor(total / 2) / 100).replace('.', ',')), row('b', 2, ((total - Math.floor(total / 2)) / 100).toFixed(2), '50')],
      methods,
      total,
    );
    expect(check.problem).toBeNull();
    const [sale, invoice] = saleEntryDrafts({
      ids: { sale: crypto.randomUUID(), invoice: crypto.randomUUID() },
      draft,
      payments: check.payments!,
      closedAt: shopDateTime(NOON),
      customerName: 'Laia Puig',
    });
    // Both are what the main side takes, and the order is what the retail service takes.
    expect(entryDraftSchema.parse(sale)).toEqual(sale);
    expect(entryDraftSchema.parse(invoice)).toEqual(invoice);
    const order = retailOrderRequest.parse(sale.request.kind === 'retail-order' ? sale.request.order : null);
    expect(order.closed_at).toBe('2026-11-23 12:00:00');
    expect(Math.round(order.total * 100)).toBe(total);
    expect(sale).toMatchObject({ kind: 'sale', place: { kind: 'sale', customer: 'Laia Puig' }, totalCents: total });
    expect(invoice).toMatchObject({ kind: 'invoice', after: sale.id, totalCents: total });
    // What they carry, as data the renderer words in the clerk's language (never stored words).
    expect(sale.summary).toEqual({ code: 'sale', params: { totalCents: total } });
    expect(invoice.summary).toEqual({ code: 'invoice', params: { payments: 2, totalCents: total } });

    const [socks, shirt, cheese] = order.order_contents;
    // 2x1: one of the two pairs' units free, shown as the promotion's discount on its line.
    expect(socks).toMatchObject({
      name: 'Socks',
      quantity: 2,
      price: 4.99,
      sum: 9.98,
      discount: 4.99,
      total: 4.99,
      discountObject: { id: 9, name: '2x1 socks' },
    });
    expect(shirt).toMatchObject({
      name: 'T-shirt · M · Navy',
      quantity: 1,
      discount: 2,
      total: 17.95,
      discountObject: { id: null, isPercentage: true, amount: 10 },
    });
    // By weight: quantity 1, the weight in kg, sum = price × weight (2,49 € × 0,355 = 8,84 €).
    expect(cheese).toMatchObject({ quantity: 1, weight: 0.355, price: 24.9, taxPercentage: 10, discountObject: {} });
    expect(Math.round(cheese!.total * 100)).toBe(draft.lines[2]!.total);
    const lines = order.order_contents.reduce((sum, l) => sum + Math.round(l.total * 100), 0);
    expect(lines).toBe(total);
  });
});
