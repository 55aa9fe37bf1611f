import type { FlowContentRequest } from '../api/flow';
import type { LoyaltyContentRequest } from '../api/loyalty';
import type { CatalogIndex } from './catalog';
import { evaluateLine, type LineChoice, type PricedLine } from './line';
import { addCents, centsToDecimal, toCents } from './money';

// A ticket encoded into the order calls' `contents`: loyalty (spec 2.10, clarifications "Loyalty
// order") and Flow (spec 2.9). Only complete lines are encoded; otherwise every reason is returned.
//
// Price decisions (the sandbox sums itemPrice + modifiers' prices + dishes' prices + dishes'
// modifiers' prices, × quantity; electron/sandbox/orders/loyalty.ts):
// - type 0: itemPrice = item price; each modifier { id, name, price } at its own price.
// - type 4: itemPrice = the chosen selling-format pivot's price; its one modifier is
//   { id: pivot id, price: "0.00" }, so the format's price is counted once and equals the price
//   shown on the line.
// - type 1: itemPrice = menu price; one menuContents entry per dish with price = the pivot's
//   supplement; a dish's modifiers are sent at their price when `addModifiersPrice`, else at
//   "0.00" (they are still sent so the kitchen sees them). A type 4 dish sends its format pivot
//   at "0.00" (the sandbox requires it, the menu's price covers it).
// - total = Σ lines' unit × quantity − discount, every amount a 2-decimal string from cents.

export interface EncodedModifier {
  id: number;
  name: string;
  price: string;
}
export interface EncodedFormatModifier {
  id: number;
  price: string;
}
export interface EncodedMenuContent {
  item_id: number;
  name: string;
  price: string;
  quantity: 1;
  dishOrder: number;
  modifiers: EncodedModifier[] | [EncodedFormatModifier];
}
export interface EncodedLoyaltyContent {
  item_id: number;
  itemPrice: string;
  quantity: number;
  modifiers?: EncodedModifier[] | [EncodedFormatModifier];
  menuContents?: EncodedMenuContent[];
}
export interface EncodedFlowContent {
  item_id: number;
  itemPrice: string;
  quantity: number;
  itemName: string;
}

export interface LineProblem {
  /** Index of the line in the ticket. */
  index: number;
  reasons: string[];
}

export type TicketResult = { ok: true; lines: PricedLine[] } | { ok: false; problems: LineProblem[] };

/** Every line priced, or the problems of every incomplete line. */
export function priceTicket(choices: readonly LineChoice[], catalog: CatalogIndex): TicketResult {
  const lines: PricedLine[] = [];
  const problems: LineProblem[] = [];
  choices.forEach((choice, index) => {
    const result = evaluateLine(choice, catalog);
    if (result.ok) lines.push(result.line);
    else problems.push({ index, reasons: result.reasons });
  });
  if (choices.length === 0) problems.push({ index: -1, reasons: ['The ticket is empty'] });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, lines };
}

/** The ticket's subtotal as displayed (Σ line totals), in cents. */
export function ticketSubtotalCents(lines: readonly PricedLine[]): number {
  return addCents(...lines.map((l) => l.totalCents));
}

/** One complete line as a loyalty `contents` entry. */
export function encodeLoyaltyContent(line: PricedLine): EncodedLoyaltyContent {
  const base = { item_id: line.item.id, quantity: line.quantity };
  if (line.format) {
    return { ...base, itemPrice: centsToDecimal(line.format.priceCents), modifiers: [{ id: line.format.pivotId, price: '0.00' }] };
  }
  const itemPriceCents = toCents(line.item.price);
  if (line.item.type === 1) {
    return {
      ...base,
      itemPrice: centsToDecimal(itemPriceCents),
      menuContents: line.dishes.map((dish) => ({
        item_id: dish.item.id,
        name: dish.item.name,
        price: centsToDecimal(dish.option.supplementCents),
        quantity: 1,
        dishOrder: dish.option.pivotId,
        modifiers:
          dish.formatPivotId !== null
            ? [{ id: dish.formatPivotId, price: '0.00' }]
            : dish.modifiers.map((m) => ({ id: m.id, name: m.name, price: centsToDecimal(dish.option.addModifiersPrice ? m.priceCents : 0) })),
      })),
    };
  }
  return {
    ...base,
    itemPrice: centsToDecimal(itemPriceCents),
    modifiers: line.modifiers.map((m) => ({ id: m.id, name: m.name, price: centsToDecimal(m.priceCents) })),
  };
}

export interface LoyaltyDiscount {
  amountCents: number;
  name?: string;
}

export interface EncodedLoyaltyOrder {
  total: string;
  contents: EncodedLoyaltyContent[];
  orderDiscount?: { name?: string; amount: string };
}

export type EncodeResult<T> = { ok: true; value: T; totalCents: number } | { ok: false; problems: LineProblem[] };

/**
 * The loyalty order's `total` and `contents` (spec 2.10: total = contents with modifiers and menu
 * supplements, discount applied). clarifications: the discount is `{ name?, amount }` with a
 * negative amount (`-2.50`); a zero discount is not sent (the server refuses a zero amount).
 */
export function encodeLoyaltyOrder(choices: readonly LineChoice[], catalog: CatalogIndex, discount?: LoyaltyDiscount): EncodeResult<EncodedLoyaltyOrder> {
  const ticket = priceTicket(choices, catalog);
  if (!ticket.ok) return ticket;
  const subtotal = ticketSubtotalCents(ticket.lines);
  const discountCents = discount?.amountCents ?? 0;
  if (!Number.isSafeInteger(discountCents) || discountCents < 0 || discountCents > subtotal) {
    return { ok: false, problems: [{ index: -1, reasons: ['The discount must be between 0 and the ticket subtotal'] }] };
  }
  const totalCents = subtotal - discountCents;
  const value: EncodedLoyaltyOrder = { total: centsToDecimal(totalCents), contents: ticket.lines.map(encodeLoyaltyContent) };
  if (discount && discountCents > 0) {
    value.orderDiscount = { amount: centsToDecimal(-discountCents) };
    if (discount.name) value.orderDiscount.name = discount.name;
  }
  return { ok: true, value, totalCents };
}

/**
 * Flow `contents` (spec 2.9: `{ item_id, itemPrice, quantity }`, `itemName` from the
 * clarifications). Flow carries no modifiers or menus, so a line with modifiers, a format or
 * dishes cannot be sent through it and is reported.
 */
export function encodeFlowContents(choices: readonly LineChoice[], catalog: CatalogIndex): EncodeResult<EncodedFlowContent[]> {
  const ticket = priceTicket(choices, catalog);
  if (!ticket.ok) return ticket;
  const problems: LineProblem[] = [];
  ticket.lines.forEach((line, index) => {
    if (line.item.type !== 0 || line.modifiers.length > 0) {
      problems.push({ index, reasons: [`${line.item.name} has modifiers, a format or dishes, which a Flow order cannot carry`] });
    }
  });
  if (problems.length > 0) return { ok: false, problems };
  const value = ticket.lines.map((line) => ({
    item_id: line.item.id,
    itemPrice: centsToDecimal(line.unitCents),
    quantity: line.quantity,
    itemName: line.item.name,
  }));
  return { ok: true, value, totalCents: ticketSubtotalCents(ticket.lines) };
}

// The encoded shapes are what the request schemas take (compile-time check).
type _EncodedShapesMatch = [EncodedLoyaltyContent extends LoyaltyContentRequest ? true : never, EncodedFlowContent extends FlowContentRequest ? true : never];
