import { describe, expect, it } from 'vitest';
import { createBasketStore, type TillProduct, type TillRate } from '../basketStore';

// "choose a rate for the sale (or it follows the customer's)". Choosing a customer
// with a price rate switches the sale to it and the basket reprices; a customer without one, or
// none, brings back the rate the clerk chose, or the shop prices when they chose none.

const NOON = Date.UTC(2026, 10, 23, 11, 0);

const shirt: TillProduct = {
  id: 1,
  name: 'Samarreta',
  masterId: null,
  categoryId: 1,
  priceCents: 2000,
  taxPercentHundredths: 2100,
  usesWeight: false,
  variantName: null,
};
const members: TillRate = { id: 1, name: 'Socis -10 %', type: 1, amountHundredths: -1000, rounding: 1 };
const outlet: TillRate = { id: 2, name: 'Outlet -30 %', type: 1, amountHundredths: -3000, rounding: 1 };

function basket() {
  const store = createBasketStore(() => NOON);
  store.getState().setPricing({ rates: [members, outlet], promotions: [] });
  store.getState().add(shirt);
  const total = () => store.getState().view.totals.total;
  return { store, state: () => store.getState(), total };
}

describe("the sale's rate follows the customer", () => {
  it('a customer with a rate switches the sale to it and reprices; clearing goes back to the shop prices', () => {
    const { state, total } = basket();
    expect(total()).toBe(2000);
    state().setCustomer(7, members.id);
    expect(state().rateId).toBe(members.id);
    expect(total()).toBe(1800);
    expect(state().checkoutDraft()).toMatchObject({ customerId: 7, rateId: members.id, totals: { total: 1800 } });
    state().setCustomer(null);
    expect(state().rateId).toBeNull();
    expect(total()).toBe(2000);
  });

  it("clearing brings back the rate the clerk chose, not the customer's", () => {
    const { state, total } = basket();
    state().setRate(outlet.id);
    state().setCustomer(7, members.id);
    expect(total()).toBe(1800);
    state().setCustomer(null);
    expect(state().rateId).toBe(outlet.id);
    expect(total()).toBe(1400);
  });

  it('the clerk can still change the rate while a customer is chosen; it stays theirs when the customer goes', () => {
    const { state } = basket();
    state().setCustomer(7, members.id);
    state().setRate(null);
    expect(state().rateId).toBeNull();
    state().setCustomer(8, outlet.id);
    expect(state().rateId).toBe(outlet.id);
    state().setCustomer(null);
    expect(state().rateId).toBeNull();
  });

  it("a customer without a rate, or with one the shop does not have, leaves the clerk's choice", () => {
    const { state } = basket();
    state().setRate(outlet.id);
    state().setCustomer(7, null);
    expect(state().rateId).toBe(outlet.id);
    state().setCustomer(8, 99);
    expect(state().rateId).toBe(outlet.id);
    state().setCustomer(9, members.id);
    state().setCustomer(10);
    expect(state().rateId).toBe(outlet.id);
  });

  it("after a sale the next starts without a customer, at the clerk's rate (or the shop prices)", () => {
    const { state } = basket();
    state().setCustomer(7, members.id);
    state().clear();
    expect(state()).toMatchObject({ customerId: null, rateId: null });
    state().setRate(outlet.id);
    state().setCustomer(7, members.id);
    state().clear();
    expect(state()).toMatchObject({ customerId: null, rateId: outlet.id });
  });

  it("a rate the shop no longer has (after a sync) is dropped, the customer's and the clerk's alike", () => {
    const { state } = basket();
    state().setRate(outlet.id);
    state().setCustomer(7, members.id);
    state().setPricing({ rates: [outlet], promotions: [] });
    expect(state().rateId).toBeNull();
    state().setPricing({ rates: [members], promotions: [] });
    expect(state().clerkRateId).toBeNull();
  });
});
