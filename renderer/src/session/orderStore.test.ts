import { beforeEach, describe, expect, it } from 'vitest';
import { indexCatalog } from '../../../shared/domain/catalog';
import { evaluateLine, type LineChoice } from '../../../shared/domain/line';
import { demoRecords } from '../../../shared/domain/testing';
import { COUNTER_TICKET, orderSelectors, sameChoice, useOrderStore } from './orderStore';

const catalog = indexCatalog(demoRecords());
const state = () => useOrderStore.getState();

function add(choice: LineChoice, options?: { editable?: boolean }): number {
  const result = evaluateLine(choice, catalog);
  if (!result.ok) throw new Error(result.reasons.join('; '));
  state().addLine(choice, result.line, options);
  return state().lines.at(-1)!.key;
}

beforeEach(() => {
  useOrderStore.setState({ ticketKey: COUNTER_TICKET, parked: {} });
  state().clearTicket();
});

describe('the ticket', () => {
  it('adds a line, and the same choice again increments it', () => {
    add({ itemId: 10, quantity: 1 });
    add({ itemId: 10, quantity: 1 });
    expect(state().lines).toHaveLength(1);
    expect(state().lines[0]).toMatchObject({ quantity: 2, unitCents: 250 });
    expect(orderSelectors.subtotalCents(state())).toBe(500);
  });

  it('keeps lines with different choices apart and names what was chosen', () => {
    add({ itemId: 20, quantity: 1, formatPivotId: 2 });
    add({ itemId: 11, quantity: 1, modifierIds: [2, 3] });
    add({ itemId: 11, quantity: 1, modifierIds: [3, 2] });
    expect(state().lines).toHaveLength(2);
    expect(state().lines[0]!.details).toEqual(['Ración']);
    expect(state().lines[1]!.quantity).toBe(2);
    expect(orderSelectors.subtotalCents(state())).toBe(2400 + 2 * state().lines[1]!.unitCents);
  });

  it('changes quantities (never below 1), notes and removes lines; adding closes the sheet', () => {
    state().openItem(10);
    add({ itemId: 10, quantity: 1 });
    expect(state().openItemId).toBeNull();
    const key = state().lines[0]!.key;
    state().changeQuantity(key, -1);
    expect(state().lines[0]!.quantity).toBe(1);
    state().changeQuantity(key, 2);
    expect(orderSelectors.subtotalCents(state())).toBe(750);
    state().setNote(key, 'sin sal');
    add({ itemId: 10, quantity: 1 }); // a noted line is not merged into
    expect(state().lines).toHaveLength(2);
    state().removeLine(key);
    expect(state().lines).toHaveLength(1);
  });

  it('compares choices whatever the order of modifiers and dishes', () => {
    expect(
      sameChoice({ itemId: 1, quantity: 1, dishes: [{ pivotId: 2 }, { pivotId: 1 }] }, { itemId: 1, quantity: 3, dishes: [{ pivotId: 1 }, { pivotId: 2 }] }),
    ).toBe(true);
    expect(sameChoice({ itemId: 1, quantity: 1, formatPivotId: 1 }, { itemId: 1, quantity: 1, formatPivotId: 2 })).toBe(false);
  });
});

describe('repeat, edit and the quantity keypad', () => {
  it('a multiplier typed on the keypad goes with the next item opened, then is gone', () => {
    state().typeMultiplierDigit(0); // a leading 0 is no number
    expect(state().multiplier).toBeNull();
    state().typeMultiplierDigit(1);
    state().typeMultiplierDigit(2);
    expect(state().multiplier).toBe(12);
    state().typeMultiplierDigit(9); // 129 > 99: ignored
    expect(state().multiplier).toBe(12);
    state().clearMultiplier();
    state().typeMultiplierDigit(3);
    state().openItem(10);
    expect(state()).toMatchObject({ openItemId: 10, openQuantity: 3, multiplier: null });
    add({ itemId: 10, quantity: state().openQuantity });
    expect(state().lines[0]).toMatchObject({ quantity: 3 });
    state().openItem(10);
    expect(state().openQuantity).toBe(1);
  });

  it('editing a line replaces its choices and keeps its place, quantity and note', () => {
    add({ itemId: 10, quantity: 1 });
    const first = add({ itemId: 20, quantity: 2, formatPivotId: 2 }, { editable: true });
    state().setNote(first, 'para compartir');
    state().editLine(first);
    expect(state()).toMatchObject({ openItemId: 20, editingKey: first, openQuantity: 2 });
    expect(orderSelectors.editingLine(state())?.choice.formatPivotId).toBe(2);
    add({ itemId: 20, quantity: 2, formatPivotId: 1 }, { editable: true });
    expect(state().editingKey).toBeNull();
    expect(state().openItemId).toBeNull();
    expect(state().lines.map((l) => [l.key, l.quantity, l.note, l.choice.formatPivotId ?? null])).toEqual([
      [state().lines[0]!.key, 1, '', null],
      [first, 2, 'para compartir', 1],
    ]);
    expect(state().lines[1]!.details).not.toEqual(['Ración']);
  });

  it('closing the sheet or removing the line edited leaves nothing being edited', () => {
    const key = add({ itemId: 20, quantity: 1, formatPivotId: 2 }, { editable: true });
    state().editLine(key);
    state().closeSheet();
    expect(state().editingKey).toBeNull();
    state().editLine(key);
    state().removeLine(key);
    expect(state()).toMatchObject({ editingKey: null, openItemId: null, lines: [] });
  });
});

describe('a ticket per table', () => {
  it('parks the ticket being built when the waiter moves to another table, and brings it back', () => {
    state().switchTicket('service:a');
    add({ itemId: 10, quantity: 1 });
    state().switchTicket('service:b');
    expect(state().lines).toEqual([]);
    add({ itemId: 12, quantity: 1, modifierIds: [7] });
    state().switchTicket('service:a');
    expect(state().lines.map((l) => l.name)).toEqual(['Caña']);
    state().switchTicket('service:b');
    expect(state().lines.map((l) => l.name)).toEqual(['Hamburguesa']);
  });

  it('keeps the counter’s ticket (built before choosing a table) for the seat dialog, wherever the waiter is', () => {
    add({ itemId: 10, quantity: 2 });
    state().switchTicket('service:a');
    expect(
      state()
        .counterLines()
        .map((l) => l.name),
    ).toEqual(['Caña']);
    expect(orderSelectors.counterLines(state()).map((l) => l.name)).toEqual(['Caña']);
    state().clearCounterTicket();
    expect(state().counterLines()).toEqual([]);
    state().switchTicket(COUNTER_TICKET);
    expect(state().lines).toEqual([]);
  });

  it('answers the same empty counter ticket on every read while a table is open (a new [] loops React)', () => {
    state().switchTicket('service:a');
    expect(state().parked[COUNTER_TICKET]).toBeUndefined();
    const snapshot = state();
    expect(Object.is(orderSelectors.counterLines(snapshot), orderSelectors.counterLines(snapshot))).toBe(true);
    expect(Object.is(state().counterLines(), state().counterLines())).toBe(true);
    expect(orderSelectors.counterLines(snapshot)).toEqual([]);
  });

  it('drops every ticket when the terminal switches account', () => {
    add({ itemId: 10, quantity: 1 });
    state().switchTicket('service:a');
    add({ itemId: 10, quantity: 1 });
    state().resetTickets();
    expect(state()).toMatchObject({ lines: [], parked: {}, ticketKey: COUNTER_TICKET });
  });
});
