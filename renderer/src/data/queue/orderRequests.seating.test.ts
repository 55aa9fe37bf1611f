import { describe, expect, it } from 'vitest';
import { deliveryRequestSchema } from '../../../../shared/bridge';
import { indexCatalog } from '../../../../shared/domain/catalog';
import { prepaymentOfSeating, seatingRequest } from './orderRequests';
import { OutboxInputError } from './outboxTypes';

// A seating's Flow newOrder (spec 2.9) with a reservation's deposit: `payments` carries it.

const NO_CATALOG = indexCatalog({
  categories: [],
  items: [],
  sellingFormats: [],
  sellingFormatPivots: [],
  modifiers: [],
  modifierCategories: [],
  modifierGroups: [],
  modifierPivots: [],
  menuMenuCategories: [],
  menuMenuItemCategoryPivots: [],
});
const seating = { tableIds: [5], guests: 4, customer: { name: 'Marta' }, notes: '', lines: [] };

describe('seatingRequest: the deposit taken at seating', () => {
  it('sends payments null when there is no deposit (spec 2.9: "null when there is no payment")', () => {
    const { request } = seatingRequest(seating, NO_CATALOG);
    expect(request.kind === 'seating' && request.data.payments).toBeNull();
  });

  it('sends the deposit as the only payments entry, with its method (clarifications "Flow")', () => {
    const { request, totalCents } = seatingRequest({ ...seating, prepayment: { amountCents: 2050, methodId: 2, methodName: 'Cash' } }, NO_CATALOG);
    expect(request).toEqual({
      kind: 'seating',
      data: { customer: { name: 'Marta' }, table_id: [5], guests: 4, contents: null, payments: [{ amount: '20.50', payment_method_id: 2 }] },
    });
    // The deposit pays; it adds nothing to what was ordered.
    expect(totalCents).toBe(0);
    expect(deliveryRequestSchema.safeParse(request).success).toBe(true);
  });

  it('refuses a deposit of 0 or less', () => {
    for (const amountCents of [0, -100, 1.5]) {
      expect(() => seatingRequest({ ...seating, prepayment: { amountCents, methodId: 1, methodName: 'Card' } }, NO_CATALOG), String(amountCents)).toThrow(
        OutboxInputError,
      );
    }
  });

  it('reads the deposit back from a stored seating (moved or sent as a round, it goes along)', () => {
    const { request } = seatingRequest({ ...seating, prepayment: { amountCents: 1000, methodId: 1, methodName: 'Card' } }, NO_CATALOG);
    expect(prepaymentOfSeating(request, { methodName: 'Card' })).toEqual({ amountCents: 1000, methodId: 1, methodName: 'Card' });
    expect(prepaymentOfSeating(seatingRequest(seating, NO_CATALOG).request, undefined)).toBeUndefined();
  });
});
