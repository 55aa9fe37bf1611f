import { describe, expect, it } from 'vitest';
import { flowContentRequest } from '../api/flow';
import { loyaltyOrderPayloadRequest } from '../api/loyalty';
import { indexCatalog } from './catalog';
import { encodeFlowContents, encodeLoyaltyOrder } from './encode';
import type { LineChoice } from './line';
import { demoRecords } from './testing';

const catalog = indexCatalog(demoRecords());

const ticket: LineChoice[] = [
  { itemId: 10, quantity: 2 },
  { itemId: 11, quantity: 1, modifierIds: [2, 3] },
  { itemId: 20, quantity: 3, formatPivotId: 1 },
  { itemId: 30, quantity: 2, dishes: [{ pivotId: 2 }, { pivotId: 5, modifierIds: [7] }, { pivotId: 4, modifierIds: [1, 4] }, { pivotId: 8 }, { pivotId: 7 }] },
];

describe('encoding a ticket', () => {
  it('fails on an over-full menu category (Segundos takes one)', () => {
    expect(encodeLoyaltyOrder(ticket, catalog)).toEqual({ ok: false, problems: [{ index: 3, reasons: ['Choose at most 1 from Segundos'] }] });
  });

  const valid = ticket.map((l, i) => (i === 3 ? { ...l, dishes: l.dishes!.filter((d) => d.pivotId !== 5) } : l));

  it('encodes loyalty contents exactly as the clarifications say', () => {
    const result = encodeLoyaltyOrder(valid, catalog, { amountCents: 100, name: 'Staff' });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.value.contents).toEqual([
      { item_id: 10, itemPrice: '2.50', quantity: 2, modifiers: [] },
      {
        item_id: 11,
        itemPrice: '18.90',
        quantity: 1,
        modifiers: [
          { id: 2, name: 'Al punto', price: '0.00' },
          { id: 3, name: 'Huevo', price: '1.20' },
        ],
      },
      { item_id: 20, itemPrice: '13.50', quantity: 3, modifiers: [{ id: 1, price: '0.00' }] },
      {
        item_id: 30,
        itemPrice: '14.50',
        quantity: 2,
        menuContents: [
          { item_id: 32, name: 'Sopa', price: '0.00', quantity: 1, dishOrder: 2, modifiers: [] },
          {
            item_id: 11,
            name: 'Entrecot',
            price: '3.00',
            quantity: 1,
            dishOrder: 4,
            modifiers: [
              { id: 1, name: 'Poco hecho', price: '0.00' },
              { id: 4, name: 'Queso', price: '0.80' },
            ],
          },
          { item_id: 20, name: 'Jamón', price: '0.00', quantity: 1, dishOrder: 8, modifiers: [{ id: 1, price: '0.00' }] },
          { item_id: 35, name: 'Café', price: '0.00', quantity: 1, dishOrder: 7, modifiers: [] },
        ],
      },
    ]);
    const subtotal = 500 + 2010 + 4050 + 2 * (1450 + 300 + 80);
    expect(result.totalCents).toBe(subtotal - 100);
    expect(result.value.total).toBe('101.20');
    // clarifications: { name?, amount } with the amount negative; total = contents + amount.
    expect(result.value.orderDiscount).toEqual({ name: 'Staff', amount: '-1.00' });
    expect(loyaltyOrderPayloadRequest.safeParse(result.value).success).toBe(true);
  });

  it('sends a dish’s modifiers at 0 when addModifiersPrice is off', () => {
    const result = encodeLoyaltyOrder([{ itemId: 30, quantity: 1, dishes: [{ pivotId: 1 }, { pivotId: 5, modifierIds: [7] }, { pivotId: 9 }] }], catalog);
    if (!result.ok) throw new Error('invalid');
    expect(result.value.contents[0]!.menuContents![1]!.modifiers).toEqual([{ id: 7, name: 'Ensalada', price: '0.00' }]);
    expect(result.value.total).toBe('16.00');
  });

  it('sends no orderDiscount for a zero discount (the server refuses a zero amount)', () => {
    const result = encodeLoyaltyOrder([{ itemId: 10, quantity: 1 }], catalog, { amountCents: 0, name: 'Nada' });
    expect(result.ok && result.value).toEqual({ total: '2.50', contents: [expect.objectContaining({ item_id: 10 })] });
  });

  it('refuses a discount above the subtotal and an empty ticket', () => {
    expect(encodeLoyaltyOrder([{ itemId: 10, quantity: 1 }], catalog, { amountCents: 251 }).ok).toBe(false);
    expect(encodeLoyaltyOrder([], catalog)).toEqual({ ok: false, problems: [{ index: -1, reasons: ['The ticket is empty'] }] });
  });

  it('encodes Flow contents only for lines without modifiers, formats or dishes', () => {
    const result = encodeFlowContents(
      [
        { itemId: 10, quantity: 2 },
        { itemId: 12, quantity: 1 },
      ],
      catalog,
    );
    if (!result.ok) throw new Error('invalid');
    expect(result.value).toEqual([
      { item_id: 10, itemPrice: '2.50', quantity: 2, itemName: 'Caña' },
      { item_id: 12, itemPrice: '12.00', quantity: 1, itemName: 'Hamburguesa' },
    ]);
    for (const content of result.value) expect(flowContentRequest.safeParse(content).success).toBe(true);
    expect(result.totalCents).toBe(1700);
    const refused = encodeFlowContents(
      [
        { itemId: 10, quantity: 1 },
        { itemId: 20, quantity: 1, formatPivotId: 1 },
        { itemId: 12, quantity: 1, modifierIds: [6] },
      ],
      catalog,
    );
    expect(refused.ok ? [] : refused.problems.map((p) => p.index)).toEqual([1, 2]);
  });
});
