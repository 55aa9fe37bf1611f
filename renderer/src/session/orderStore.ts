import { create } from 'zustand';
import { MAX_QUANTITY, type LineChoice, type PricedLine } from '../../../shared/domain/line';
import { addCents, multiplyCents } from '../../../shared/domain/money';

// The ticket being built: complete, priced lines only — a sheet adds a line once
// evaluateLine says it is complete. Held in memory for now; the outbox persists it.

export interface TicketLine {
  /** Stable key of the line in this ticket. */
  key: number;
  choice: LineChoice;
  name: string;
  /** What was chosen, in waiter words: format, modifiers, menu dishes (and their modifiers). */
  details: readonly string[];
  unitCents: number;
  quantity: number;
  note: string;
  /** It came from a sheet (format, modifiers, menu): its choices can be edited. */
  editable: boolean;
}

/**
 * Each table has its own ticket; takeaways and deliveries share the counter's (`COUNTER_TICKET`),
 * where a ticket built before choosing a destination also lives. Switching target parks the
 * ticket being built and brings back the new target's (memory only: a ticket is saved when sent).
 */
export const COUNTER_TICKET = 'counter';

/**
 * The one empty ticket: a selector answers it rather than a new `[]`, so a component that reads
 * an empty counter ticket gets the same value each render (zustand re-renders on a new value, and
 * a selector that answers a new one every call loops React until it gives up).
 */
const NO_LINES: readonly TicketLine[] = Object.freeze([]);

/** The counter's ticket lines, wherever the waiter is (see COUNTER_TICKET). */
function counterLinesOf(state: Pick<OrderState, 'ticketKey' | 'lines' | 'parked'>): readonly TicketLine[] {
  return state.ticketKey === COUNTER_TICKET ? state.lines : (state.parked[COUNTER_TICKET]?.lines ?? NO_LINES);
}

interface ParkedTicket {
  lines: readonly TicketLine[];
  nextKey: number;
}

export interface OrderState {
  lines: readonly TicketLine[];
  /** Whose ticket `lines` is: `COUNTER_TICKET` or `service:<id>`. */
  ticketKey: string;
  parked: Readonly<Record<string, ParkedTicket>>;
  switchTicket: (key: string) => void;
  /** The counter's ticket lines, wherever the waiter is (the seat dialog takes them). */
  counterLines: () => readonly TicketLine[];
  clearCounterTicket: () => void;
  /** Every ticket dropped (another account: its items mean nothing there). */
  resetTickets: () => void;
  /** The item whose sheet is open (format, modifiers or menu), or null. */
  openItemId: number | null;
  /** How many of it the open sheet adds (the keypad's multiplier when the item was tapped). */
  openQuantity: number;
  /** The line whose choices the open sheet edits (its Save replaces them), or null: a new line. */
  editingKey: number | null;
  /** The quantity keypad's number: the next item tapped is added this many times. */
  multiplier: number | null;
  nextKey: number;
  /** A tapped item: its sheet opens (or a plain item is added), taking the pending multiplier. */
  openItem: (itemId: number) => void;
  /** Reopens a line's sheet with its choices. */
  editLine: (key: number) => void;
  closeSheet: () => void;
  /** A digit typed on the quantity keypad; a 0 first, or a digit past MAX_MULTIPLIER, is ignored. */
  typeMultiplierDigit: (digit: number) => void;
  clearMultiplier: () => void;
  /**
   * Adds a complete line; the same choice again (and no note) increments the existing line. While
   * a line is being edited, replaces that line's choices instead (its quantity and note stay).
   */
  addLine: (choice: LineChoice, priced: PricedLine, options?: { editable?: boolean }) => void;
  changeQuantity: (key: number, delta: number) => void;
  removeLine: (key: number) => void;
  setNote: (key: number, note: string) => void;
  clearTicket: () => void;
}

/** The keypad's largest multiplier: two digits. */
export const MAX_MULTIPLIER = 99;

/** The part of a choice that makes two lines the same dish (quantity and note aside). */
export function sameChoice(a: LineChoice, b: LineChoice): boolean {
  const norm = (c: LineChoice) =>
    JSON.stringify({
      i: c.itemId,
      f: c.formatPivotId ?? null,
      m: [...(c.modifierIds ?? [])].sort((x, y) => x - y),
      d: [...(c.dishes ?? [])]
        .map((d) => ({ p: d.pivotId, f: d.formatPivotId ?? null, m: [...(d.modifierIds ?? [])].sort((x, y) => x - y) }))
        .sort((x, y) => x.p - y.p),
    });
  return norm(a) === norm(b);
}

/** The waiter-readable details of a priced line. */
export function lineDetails(priced: PricedLine): string[] {
  const details: string[] = [];
  if (priced.format) details.push(priced.format.name);
  for (const modifier of priced.modifiers) details.push(modifier.name);
  for (const dish of priced.dishes) {
    const extras = dish.modifiers.map((m) => m.name);
    details.push(extras.length > 0 ? `${dish.option.name} (${extras.join(', ')})` : dish.option.name);
  }
  return details;
}

export const useOrderStore = create<OrderState>()((set, get) => ({
  lines: [],
  ticketKey: COUNTER_TICKET,
  parked: {},
  switchTicket: (key) =>
    set((state) => {
      if (key === state.ticketKey) return state;
      const parked = { ...state.parked };
      if (state.lines.length > 0) parked[state.ticketKey] = { lines: state.lines, nextKey: state.nextKey };
      else delete parked[state.ticketKey];
      const next = parked[key];
      delete parked[key];
      return { parked, ticketKey: key, lines: next?.lines ?? [], nextKey: next?.nextKey ?? 1, openItemId: null, editingKey: null, multiplier: null };
    }),
  counterLines: () => counterLinesOf(get()),
  clearCounterTicket: () =>
    set((state) => {
      if (state.ticketKey === COUNTER_TICKET) return { lines: [], openItemId: null, editingKey: null };
      const parked = { ...state.parked };
      delete parked[COUNTER_TICKET];
      return { parked };
    }),
  resetTickets: () => set({ lines: [], parked: {}, ticketKey: COUNTER_TICKET, nextKey: 1, openItemId: null, editingKey: null, multiplier: null }),
  openItemId: null,
  openQuantity: 1,
  editingKey: null,
  multiplier: null,
  nextKey: 1,
  openItem: (itemId) => set((state) => ({ openItemId: itemId, openQuantity: state.multiplier ?? 1, editingKey: null, multiplier: null })),
  editLine: (key) =>
    set((state) => {
      const line = state.lines.find((each) => each.key === key);
      return line ? { openItemId: line.choice.itemId, openQuantity: line.quantity, editingKey: key } : state;
    }),
  closeSheet: () => set({ openItemId: null, editingKey: null }),
  typeMultiplierDigit: (digit) =>
    set((state) => {
      if (!Number.isInteger(digit) || digit < 0 || digit > 9) return state;
      const typed = (state.multiplier ?? 0) * 10 + digit;
      if (typed === 0) return state.multiplier === null ? state : { multiplier: null };
      return typed > MAX_MULTIPLIER ? state : { multiplier: typed };
    }),
  clearMultiplier: () => set((state) => (state.multiplier === null ? state : { multiplier: null })),
  addLine: (choice, priced, options = {}) =>
    set((state) => {
      const editing = state.editingKey === null ? undefined : state.lines.find((line) => line.key === state.editingKey);
      if (editing) {
        const replaced: TicketLine = { ...editing, choice, name: priced.item.name, details: lineDetails(priced), unitCents: priced.unitCents };
        return { openItemId: null, editingKey: null, lines: state.lines.map((line) => (line === editing ? replaced : line)) };
      }
      const existing = state.lines.find((line) => line.note === '' && sameChoice(line.choice, choice));
      if (existing) {
        return {
          openItemId: null,
          editingKey: null,
          lines: state.lines.map((line) => (line === existing ? { ...line, quantity: Math.min(MAX_QUANTITY, line.quantity + priced.quantity) } : line)),
        };
      }
      const line: TicketLine = {
        key: state.nextKey,
        choice,
        name: priced.item.name,
        details: lineDetails(priced),
        unitCents: priced.unitCents,
        quantity: priced.quantity,
        note: '',
        editable: options.editable ?? false,
      };
      return { openItemId: null, editingKey: null, nextKey: state.nextKey + 1, lines: [...state.lines, line] };
    }),
  changeQuantity: (key, delta) =>
    set((state) => ({
      lines: state.lines.map((line) => (line.key === key ? { ...line, quantity: Math.min(MAX_QUANTITY, Math.max(1, line.quantity + delta)) } : line)),
    })),
  removeLine: (key) =>
    set((state) => ({ lines: state.lines.filter((line) => line.key !== key), ...(state.editingKey === key ? { openItemId: null, editingKey: null } : {}) })),
  setNote: (key, note) => set((state) => ({ lines: state.lines.map((line) => (line.key === key ? { ...line, note } : line)) })),
  clearTicket: () => set({ lines: [], openItemId: null, editingKey: null }),
}));

export const lineTotalCents = (line: TicketLine) => multiplyCents(line.unitCents, line.quantity);

export const orderSelectors = {
  lines: (state: OrderState) => state.lines,
  /** The counter's ticket (see COUNTER_TICKET). */
  counterLines: counterLinesOf,
  openItemId: (state: OrderState) => state.openItemId,
  openQuantity: (state: OrderState) => state.openQuantity,
  /** The line the open sheet edits, or undefined. */
  editingLine: (state: OrderState) => (state.editingKey === null ? undefined : state.lines.find((line) => line.key === state.editingKey)),
  multiplier: (state: OrderState) => state.multiplier,
  typeMultiplierDigit: (state: OrderState) => state.typeMultiplierDigit,
  clearMultiplier: (state: OrderState) => state.clearMultiplier,
  openItem: (state: OrderState) => state.openItem,
  editLine: (state: OrderState) => state.editLine,
  closeSheet: (state: OrderState) => state.closeSheet,
  addLine: (state: OrderState) => state.addLine,
  changeQuantity: (state: OrderState) => state.changeQuantity,
  removeLine: (state: OrderState) => state.removeLine,
  setNote: (state: OrderState) => state.setNote,
  /** Subtotal in cents: the exact sum of the line totals (no discounts or charges yet). */
  subtotalCents: (state: OrderState) => addCents(...state.lines.map(lineTotalCents)),
} as const;
