import { describe, expect, it } from 'vitest';
import { promotion } from '../../../../shared/domain/retail/testing';
import { createBasketStore, pay, useBasketStore, type CheckoutDraft, type TillRate } from './basketStore';
import { TILL_NOON, tillProduct } from './tillTesting';

const NOON = TILL_NOON;

const product = tillProduct;

const store = (at = NOON) => createBasketStore(() => at);

describe('basket store', () => {
  it('adds products, one more unit of the same product on its line, and totals in exact cents', () => {
    const basket = store();
    const a = basket.getState().add(product(1, 1250));
    const again = basket.getState().add(product(1, 1250));
    basket.getState().add(product(2, 399));
    expect(again).toBe(a);
    expect(basket.getState().lastAdded).toEqual({ key: basket.getState().view.lines[1]!.key, count: 3 }); // the basket scrolls to it
    const { view } = basket.getState();
    expect(view.lines.map((l) => [l.product.id, l.measureThousandths])).toEqual([
      [1, 2000],
      [2, 1000],
    ]);
    expect(view.totals.total).toBe(2 * 1250 + 399);
    // 21 % included: 2899 × 21 / 121 = 503.1… → 434 + 69 per line (half up each line)
    expect(view.totals.tax).toBe(434 + 69);
  });

  it('changes quantities with +/− and the keypad, and removes a line at zero', () => {
    const basket = store();
    const key = basket.getState().add(product(1, 100));
    basket.getState().step(key, 1);
    basket.getState().step(key, 1);
    expect(basket.getState().view.lines[0]!.measureThousandths).toBe(3000);
    basket.getState().setQuantity(key, 12_000);
    expect(basket.getState().view.totals.total).toBe(1200);
    basket.getState().step(key, -1);
    expect(basket.getState().view.totals.total).toBe(1100);
    basket.getState().setQuantity(key, 0);
    expect(basket.getState().view.lines).toEqual([]);
    const other = basket.getState().add(product(2, 100));
    basket.getState().step(other, -1);
    expect(basket.getState().entries).toEqual([]);
    const third = basket.getState().add(product(3, 100));
    basket.getState().remove(third);
    expect(basket.getState().view.totals.total).toBe(0);
  });

  it('prices a weighed product by its weight, each weighing its own line', () => {
    const basket = store();
    const cheese = product(7, 1899, { usesWeight: true }); // 18.99 €/kg
    const first = basket.getState().add(cheese, 345); // 0.345 kg
    const second = basket.getState().add(cheese, 1000);
    expect(second).not.toBe(first);
    expect(basket.getState().view.lines[0]!.priced.sum).toBe(655); // 6.55155 → 6.55
    basket.getState().setWeight(first, 1234);
    expect(basket.getState().view.lines[0]!.priced.sum).toBe(2343); // 23.43366 → 23.43
    const draft = basket.getState().checkoutDraft();
    expect(draft.lines[0]).toMatchObject({ productId: 7, byWeight: true, quantity: 1, weight: 1.234, priceCents: 1899, sum: 2343 });
  });

  it('takes a line discount as an amount or a percent after the promotions, and keeps notes', () => {
    const basket = store();
    const key = basket.getState().add(product(1, 1000));
    basket.getState().setQuantity(key, 3000);
    basket.getState().setDiscount(key, { kind: 'percent', hundredths: 1000 });
    expect(basket.getState().view.lines[0]!.priced).toMatchObject({ sum: 3000, discount: 300, total: 2700 });
    basket.getState().setDiscount(key, { kind: 'amount', cents: 5000 });
    expect(basket.getState().view.lines[0]!.priced).toMatchObject({ discount: 3000, total: 0 }); // never below zero
    basket.getState().setDiscount(key, null);
    basket.getState().setNotes(key, 'gift wrap');
    expect(basket.getState().view.lines[0]!.notes).toBe('gift wrap');
    // A line with its own note is not merged into by the next unit of the same product.
    expect(basket.getState().add(product(1, 1000))).not.toBe(key);
  });

  it('prices the lines in the chosen rate, a linked price winning over the percentage', () => {
    const basket = store();
    const rates: TillRate[] = [
      { id: 5, name: 'Staff', type: 1, amountHundredths: -1500, rounding: 2 },
      { id: 6, name: 'Online', type: 2, amountHundredths: 0, rounding: null },
    ];
    basket.getState().setPricing({ rates, promotions: [] });
    basket.getState().add(product(1, 1249));
    basket.getState().add(product(2, 2000, { ratePrices: { 5: 1500 } }));
    basket.getState().setRate(5);
    // 12.49 × 0.85 = 10.6165 → nearest .05 → 10.60; product 2's own price in the rate: 15.00
    expect(basket.getState().view.lines.map((l) => l.unitPriceCents)).toEqual([1060, 1500]);
    basket.getState().setRate(6); // type 2: nobody is linked → own prices
    expect(basket.getState().view.lines.map((l) => l.unitPriceCents)).toEqual([1249, 2000]);
    basket.getState().setRate(null);
    expect(basket.getState().checkoutDraft().rateId).toBeNull();
  });

  it('applies promotions by themselves while the basket changes, at the current moment', () => {
    const twoForOne = promotion({ id: 9, name: '2x1 socks', type: 1, apply_to: 1, apply_type: 2, productIds: [3] });
    const basket = store();
    basket.getState().setPricing({ rates: [], promotions: [twoForOne] });
    const key = basket.getState().add(product(3, 600));
    expect(basket.getState().view.lines[0]!.promotions).toEqual([]);
    basket.getState().add(product(3, 600));
    const line = basket.getState().view.lines[0]!;
    expect(line.promotions).toMatchObject([{ promotionId: 9, name: '2x1 socks', cents: 600 }]);
    expect(line.priced.discountObject).toEqual({ id: 9, name: '2x1 socks', amount: 600, isPercentage: false });
    expect(basket.getState().view.totals.total).toBe(600);
    basket.getState().step(key, -1);
    expect(basket.getState().view.totals.total).toBe(600);
    expect(basket.getState().view.applied).toEqual([]);
  });

  it('follows the clock: a promotion outside its hours gives nothing', () => {
    const morning = promotion({ id: 4, type: 4, apply_to: 3, condition: 1, quantity: 1000, action: 1, discount: 1000, start_time: '09:00', end_time: '10:00' });
    let at = NOON;
    const basket = createBasketStore(() => at);
    basket.getState().setPricing({ rates: [], promotions: [morning] });
    basket.getState().add(product(1, 1000));
    expect(basket.getState().view.totals.total).toBe(1000);
    at = Date.UTC(2026, 10, 23, 8, 30); // 09:30 in Madrid
    basket.getState().recompute();
    expect(basket.getState().view.totals.total).toBe(900);
  });

  it('gives the pay dialog a complete draft, and "Pay" hands it to the pay dialog', () => {
    useBasketStore.getState().clear();
    expect(pay(() => undefined)).toBe(false);
    useBasketStore.getState().add(product(11, 2500, { variantName: 'M · Navy', masterId: 10 }));
    useBasketStore.getState().setCustomer(42);
    const seen: CheckoutDraft[] = [];
    expect(pay((draft) => seen.push(draft))).toBe(true);
    expect(pay(null)).toBe(false);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual({
      lines: [
        {
          key: expect.any(String),
          productId: 11,
          name: 'P11',
          variantName: 'M · Navy',
          byWeight: false,
          quantity: 1,
          weight: null,
          measureThousandths: 1000,
          priceCents: 2500,
          taxPercentHundredths: 2100,
          sum: 2500,
          discount: 0,
          total: 2500,
          tax: 434,
          subtotal: 2066,
          discountObject: {},
          promotions: [],
          manual: null,
          notes: '',
        },
      ],
      totals: { sum: 2500, discount: 0, orderDiscount: 0, shippingAmount: 0, total: 2500, tax: 434, subtotal: 2066 },
      rateId: null,
      customerId: 42,
    });
    useBasketStore.getState().clear();
    expect(useBasketStore.getState().checkoutDraft()).toMatchObject({ lines: [], customerId: null });
  });
});
