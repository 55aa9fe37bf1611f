import { coded, deliveryRequestSchema, describeZodError, type DeliveryRequest, type OutboxLine, type SeatCustomer } from '../../../../shared/bridge';
import type { CatalogIndex } from '../../../../shared/domain/catalog';
import { encodeFlowContents, encodeLoyaltyOrder, type LineProblem } from '../../../../shared/domain/encode';
import type { LineChoice } from '../../../../shared/domain/line';
import { centsToDecimal, multiplyCents, parseCents } from '../../../../shared/domain/money';
import { OutboxInputError, type PaymentInput, type SeatPrepayment, type TicketLineInput } from './outboxTypes';

// Ticket lines → the exact request an outbox entry will send: a Flow newOrder
// (spec 2.9) for a seating, a loyalty order (spec 2.10, clarifications) for a round, a takeaway
// or a delivery. Pure: the catalog index comes from the caller. Every request is checked against
// the bridge's own input schema before it is stored, so a stored entry is always sendable.

/** A line's choice with the ticket's quantity and note (the ticket's +/− change the quantity). */
export function choiceOf(line: TicketLineInput): LineChoice {
  return { ...line.choice, quantity: line.quantity, note: line.note || undefined };
}

/** Lines the domain rules refuse: their names for the waiter, the rules' reasons for the log. */
function linesRefused(lines: readonly TicketLineInput[], problems: readonly LineProblem[]): OutboxInputError {
  const names = problems.map((p) => (p.index >= 0 ? (lines[p.index]?.name ?? `#${p.index + 1}`) : '—'));
  const detail = problems.map((p, i) => `${names[i]}: ${p.reasons.join('; ')}`).join('. ');
  return problems.every((p) => p.index < 0) && lines.length === 0
    ? new OutboxInputError(coded('ticket-empty'), detail)
    : new OutboxInputError(coded('ticket-lines-invalid', { lines: names.join(', ') }), detail);
}

/**
 * Items chosen while seating go with the Flow newOrder only when they are plain items: no
 * modifiers, no selling format, not a menu (Flow contents carry none of those, spec 2.9); the
 * others follow as the first loyalty round.
 */
export function splitSeatingLines(lines: readonly TicketLineInput[], catalog: CatalogIndex): { flow: TicketLineInput[]; round: TicketLineInput[] } {
  const flow: TicketLineInput[] = [];
  const round: TicketLineInput[] = [];
  for (const line of lines) {
    const item = catalog.items.get(line.choice.itemId);
    const plain =
      item?.type === 0 && (line.choice.modifierIds ?? []).length === 0 && line.choice.formatPivotId === undefined && (line.choice.dishes ?? []).length === 0;
    (plain ? flow : round).push(line);
  }
  return { flow, round };
}

/** Display lines of an entry (pending list, rounds), priced again from the catalog. */
export function outboxLines(lines: readonly TicketLineInput[]): OutboxLine[] {
  return lines.map((line) => ({
    name: line.name,
    quantity: line.quantity,
    details: [...line.details],
    note: line.note,
    unitCents: line.unitCents,
    totalCents: multiplyCents(line.unitCents, line.quantity),
    choice: storedChoice(choiceOf(line)),
  }));
}

/** A choice as an entry keeps it (plain arrays: the queue's schema, shared/bridge/queue.ts). */
function storedChoice({ modifierIds, dishes, ...rest }: LineChoice): OutboxLine['choice'] {
  return {
    ...rest,
    ...(modifierIds ? { modifierIds: [...modifierIds] } : {}),
    ...(dishes
      ? { dishes: dishes.map(({ modifierIds: dishModifiers, ...dish }) => ({ ...dish, ...(dishModifiers ? { modifierIds: [...dishModifiers] } : {}) })) }
      : {}),
  };
}

/** Line notes have no field of their own in either API: they travel in the order's notes. */
export function notesWithLineNotes(notes: string | undefined, lines: readonly TicketLineInput[]): string | undefined {
  const lineNotes = lines.filter((l) => l.note.trim() !== '').map((l) => `${l.name}: ${l.note.trim()}`);
  const all = [notes?.trim() ?? '', ...lineNotes].filter((n) => n !== '');
  return all.length > 0 ? all.join(' · ') : undefined;
}

/** spec 2.9: a Flow customer's phone is an integer. "+34 600 12 34 56" → 34600123456. */
export function phoneAsInteger(phone: string | undefined): number | undefined {
  if (phone === undefined || phone.trim() === '') return undefined;
  const digits = phone.replace(/[\s().-]/g, '').replace(/^\+/, '');
  if (!/^\d{1,15}$/.test(digits)) throw new OutboxInputError(coded('phone-digits', { phone }));
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) throw new OutboxInputError(coded('phone-too-long', { phone }));
  return value;
}

function checked(request: DeliveryRequest): DeliveryRequest {
  const parsed = deliveryRequestSchema.safeParse(request);
  if (!parsed.success) throw new OutboxInputError(coded('order-malformed'), describeZodError('request', parsed.error));
  return request;
}

export interface SeatingRequestInput {
  tableIds: readonly number[];
  guests: number;
  customer: SeatCustomer | null;
  notes: string;
  lines: readonly TicketLineInput[];
  /** A reservation's deposit: the order's only `payments` entry. */
  prepayment?: SeatPrepayment | undefined;
}

/** A Flow `newOrder` (spec 2.9): tables (primary last), guests, customer, plain items, a deposit. */
export function seatingRequest(input: SeatingRequestInput, catalog: CatalogIndex): { request: DeliveryRequest; totalCents: number } {
  let contents: ReturnType<typeof encodeFlowContents> | null = null;
  if (input.lines.length > 0) {
    contents = encodeFlowContents(input.lines.map(choiceOf), catalog);
    if (!contents.ok) throw linesRefused(input.lines, contents.problems);
  }
  const customer = input.customer
    ? {
        name: input.customer.name.trim(),
        ...(input.customer.email?.trim() ? { email: input.customer.email.trim() } : {}),
        ...(phoneAsInteger(input.customer.phone) !== undefined ? { phone: phoneAsInteger(input.customer.phone)! } : {}),
        ...(input.customer.notes?.trim() ? { notes: input.customer.notes.trim() } : {}),
      }
    : null;
  const notes = notesWithLineNotes(input.notes, input.lines);
  const payments = input.prepayment ? [prepaymentEntry(input.prepayment)] : null;
  const request: DeliveryRequest = {
    kind: 'seating',
    data: {
      customer,
      ...(notes ? { notes } : {}),
      table_id: [...input.tableIds],
      guests: input.guests,
      contents: contents?.ok ? contents.value : null,
      // spec 2.9: null when there is no payment.
      payments,
    },
  };
  return { request: checked(request), totalCents: contents?.ok ? contents.totalCents : 0 };
}

/**
 * spec 2.9 `payments` entry: `amount`; clarifications "Flow": `payment_method_id`. A deposit is
 * not held to the seating's items: a reservation is paid before anything is ordered.
 */
function prepaymentEntry({ amountCents, methodId }: SeatPrepayment): { amount: string; payment_method_id: number } {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new OutboxInputError(coded('payment-zero'));
  return { amount: centsToDecimal(amountCents), payment_method_id: methodId };
}

/** The deposit a stored seating sends (its Flow `payments`), with the method's name its tender kept. */
export function prepaymentOfSeating(request: DeliveryRequest, tender: { methodName: string } | undefined): SeatPrepayment | undefined {
  if (request.kind !== 'seating') return undefined;
  const [first] = request.data.payments ?? [];
  if (!first) return undefined;
  const amountCents = parseCents(first.amount);
  if (amountCents === null || amountCents <= 0 || first.payment_method_id === undefined) return undefined;
  return { amountCents, methodId: Number(first.payment_method_id), methodName: tender?.methodName ?? '' };
}

export interface LoyaltyRequestInput {
  /** The outbox entry's id: `extraId`. */
  entryId: string;
  lines: readonly TicketLineInput[];
  tableId?: number;
  tableName?: string;
  guests?: number;
  notes?: string;
  payment?: PaymentInput;
  customer?: { name: string; email: string; phone?: string };
  delivery?: { phone: string; address?: string; city?: string; date?: string };
  /** Cents off the order (positive), sent as `orderDiscount` with a negative amount. */
  discount?: { cents: number; reason: string };
  /** A round that opens a new check at the table. */
  skipMerge?: boolean;
  /** The warehouse the POS discounts stock from. */
  warehouseId?: number;
}

/** A loyalty order (spec 2.10): contents encoded by the domain rules, total exact to the cent. */
export function loyaltyRequest(input: LoyaltyRequestInput, catalog: CatalogIndex): { request: DeliveryRequest; totalCents: number } {
  if (input.lines.length === 0) throw new OutboxInputError(coded('ticket-empty'));
  const discountCents = input.discount?.cents ?? 0;
  if (!Number.isSafeInteger(discountCents) || discountCents < 0) throw new OutboxInputError(coded('order-malformed'), `discount ${discountCents}`);
  const encoded = encodeLoyaltyOrder(
    input.lines.map(choiceOf),
    catalog,
    discountCents > 0 ? { amountCents: discountCents, ...(input.discount?.reason.trim() ? { name: input.discount.reason.trim() } : {}) } : undefined,
  );
  if (!encoded.ok) throw linesRefused(input.lines, encoded.problems);
  const totalCents = encoded.totalCents;
  let payment: { amount: string; payment_method_id: number; tip?: string; payment_reference?: string } | undefined;
  if (input.payment) {
    const { amountCents, tipCents, paymentMethodId, reference } = input.payment;
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new OutboxInputError(coded('payment-zero'));
    // clarifications: the amount may not exceed the total minus what is already paid.
    if (amountCents > totalCents) throw new OutboxInputError(coded('payment-over-total', { payment: amountCents / 100, total: totalCents / 100 }));
    if (!Number.isSafeInteger(tipCents) || tipCents < 0) throw new OutboxInputError(coded('tip-negative'));
    payment = {
      amount: centsToDecimal(amountCents),
      payment_method_id: paymentMethodId,
      ...(tipCents > 0 ? { tip: centsToDecimal(tipCents) } : {}),
      ...(reference?.trim() ? { payment_reference: reference.trim() } : {}),
    };
  }
  const notes = notesWithLineNotes(input.notes, input.lines);
  const request: DeliveryRequest = {
    kind: 'order',
    order: {
      order: {
        total: encoded.value.total,
        contents: encoded.value.contents,
        ...(input.tableId !== undefined ? { table_id: input.tableId } : {}),
        ...(input.tableName ? { tableName: input.tableName } : {}),
        ...(input.guests !== undefined ? { guests: input.guests } : {}),
        ...(notes ? { notes } : {}),
        extraId: input.entryId,
        ...(encoded.value.orderDiscount ? { orderDiscount: encoded.value.orderDiscount } : {}),
        ...(payment ? { payment } : {}),
      },
      ...(input.customer
        ? { customer: { name: input.customer.name, email: input.customer.email, ...(input.customer.phone ? { phone: input.customer.phone } : {}) } }
        : {}),
      ...(input.delivery
        ? {
            delivery: {
              phone: input.delivery.phone,
              ...(input.delivery.address ? { address: input.delivery.address } : {}),
              ...(input.delivery.city ? { city: input.delivery.city } : {}),
              ...(input.delivery.date ? { date: input.delivery.date } : {}),
            },
          }
        : {}),
      ...(input.skipMerge ? { skipMerge: true } : {}),
      ...(input.warehouseId !== undefined ? { warehouse_id: input.warehouseId } : {}),
    },
  };
  return { request: checked(request), totalCents };
}

export interface PaymentRequestInput {
  /** The payment entry's id: `extraId`. */
  entryId: string;
  /** The service's primary table: the open order the payment goes to. */
  tableId: number;
  amountCents: number;
  tipCents: number;
  /** null: no method sent (the POS records the payment without one). */
  methodId: number | null;
  /** A gift card's uuid, a card terminal's reference. */
  reference?: string;
  /** The service's pending bill discount this payment carries (cents off, positive), with its reason. */
  discount?: { cents: number; reason: string };
}

/**
 * A payment of a table's open order (clarifications "Paying an open table
 * order"): `contents: []`, `total` 0, the table and the payment; never `skipMerge`. Carrying the
 * bill's discount (docs/decisions.md "Bill discount and settled checks"), its total is
 * 0 + the discount's (negative) amount. The entry's `totalCents` is that total.
 */
export function paymentRequest(input: PaymentRequestInput): { request: DeliveryRequest; totalCents: number } {
  const { amountCents, tipCents, methodId } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new OutboxInputError(coded('payment-zero'));
  if (!Number.isSafeInteger(tipCents) || tipCents < 0) throw new OutboxInputError(coded('tip-negative'));
  const discountCents = input.discount?.cents ?? 0;
  if (!Number.isSafeInteger(discountCents) || discountCents < 0) throw new OutboxInputError(coded('order-malformed'), `discount ${discountCents}`);
  const reason = input.discount?.reason.trim() ?? '';
  const request: DeliveryRequest = {
    kind: 'order',
    order: {
      order: {
        total: centsToDecimal(discountCents > 0 ? -discountCents : 0),
        contents: [],
        table_id: input.tableId,
        extraId: input.entryId,
        ...(discountCents > 0 ? { orderDiscount: { ...(reason !== '' ? { name: reason } : {}), amount: centsToDecimal(-discountCents) } } : {}),
        payment: {
          amount: centsToDecimal(amountCents),
          ...(methodId !== null ? { payment_method_id: methodId } : {}),
          ...(tipCents > 0 ? { tip: centsToDecimal(tipCents) } : {}),
          ...(input.reference?.trim() ? { payment_reference: input.reference.trim() } : {}),
        },
      },
    },
  };
  return { request: checked(request), totalCents: discountCents > 0 ? -discountCents : 0 };
}

/** A gift card's redeem (spec 4.2 `POST V2/giftCards/{uuid}`): the amount taken off the card. */
export function giftRedeemRequest(uuid: string, amountCents: number): DeliveryRequest {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new OutboxInputError(coded('payment-zero'));
  if (uuid.trim() === '') throw new OutboxInputError(coded('order-malformed'), 'gift card uuid empty');
  return checked({ kind: 'gift-redeem', uuid: uuid.trim(), redeem: { amount: centsToDecimal(amountCents) } });
}

/** How many items the lines hold (their quantities added): a summary's `items`. */
export function itemsIn(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
