import { z } from 'zod';
import { venueClock, venueMoment } from '../../../../shared/domain/venueTime';
import { BridgeError } from '../../../../shared/bridge';
import { discountCentsOf } from '../../../../shared/domain/bill';
import { errorText } from '../../i18n/errorText';
import type { Formatters } from '../../i18n/format';
import type { DeliveryInput, PaymentInput, RoundInput, TakeawayInput, TicketLineInput } from '../../data/queue/outboxTypes';
import type { OrderTarget } from '../../session/navigation';
import type { TicketLine } from '../../session/orderStore';
import type { OrderT } from './sheetRules';
import { parseAmountInput } from '../../ui/amountInput';
import type { DeliveryDay, DeliveryDraft, PaymentDraft, RoundExtras, SendErrors, SendField, TakeawayDraft } from '../../session/sendDrafts';

export { amountInputText, parseAmountInput } from '../../ui/amountInput';
export {
  EMPTY_DELIVERY,
  EMPTY_PAYMENT,
  EMPTY_TAKEAWAY,
  type DeliveryDay,
  type DeliveryDraft,
  type PaymentDraft,
  type RoundExtras,
  type SendErrors,
  type SendField,
  type TakeawayDraft,
} from '../../session/sendDrafts';

// The Send step of the order builder: what the waiter typed for a takeaway, a
// delivery and an optional payment, checked with zod at this boundary (STYLE: validate every
// boundary), messages in waiter words (the order namespace: `t` and the Formatters are passed in),
// then turned into the outbox's input. Money in integer cents. Pure: no React, no clock of its own
// (`now` is passed in), so every rule is unit-tested in each language.

// The schemas' messages are message keys of the order namespace; issuesToErrors words them.
const LONG_TEXT = 200;
const trimmed = (max = LONG_TEXT) =>
  z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().max(max, { error: 'errorTooLong' }));
const optionalTrimmed = (max = LONG_TEXT) => trimmed(max).transform((v) => (v === '' ? undefined : v));

/** Digits with spaces, dots, dashes, brackets and a leading "+": what people write a phone as. */
const PHONE = /^\+?[\d\s().-]{6,20}$/;
const phoneText = (required: boolean) =>
  z
    .string()
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      if (v === '') {
        if (required) ctx.addIssue({ code: 'custom', message: 'errorPhoneMissing' });
        return;
      }
      if (!PHONE.test(v) || v.replace(/\D/g, '').length < 6) ctx.addIssue({ code: 'custom', message: 'errorPhoneInvalid' });
    })
    .transform((v) => (v === '' ? undefined : v));

const emailText = z
  .string()
  .transform((v) => v.trim())
  .pipe(z.union([z.literal(''), z.email({ error: 'errorEmailInvalid' })]))
  .transform((v) => (v === '' ? undefined : v));

const takeawaySchema = z.strictObject({
  name: trimmed().pipe(z.string().min(1, { error: 'errorTakeawayName' })),
  phone: phoneText(false),
  email: emailText,
});

const deliveryFieldsSchema = z.strictObject({
  phone: phoneText(true),
  address: trimmed().pipe(z.string().min(1, { error: 'errorAddressMissing' })),
  city: optionalTrimmed(),
  name: optionalTrimmed(),
  email: emailText,
});

const pad = (n: number) => String(n).padStart(2, '0');

/** The venue's "YYYY-MM-DD HH:MM:SS" (clarifications: `delivery.date`, the venue's local time; shared/domain/venueTime.ts). */
export function localDateTime(at: Date): string {
  const c = venueClock(at);
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

/**
 * When to deliver: absent for "now" (the server's default), else today or tomorrow at "HH:MM"
 * local. A time today that has already passed is refused: the waiter meant tomorrow, or typed it
 * wrong. (One minute of grace: the minute being typed is not "passed".)
 */
export function deliveryDate(t: OrderT, day: DeliveryDay, time: string, now: Date): { ok: true; date: string | undefined } | { ok: false; message: string } {
  if (day === 'now') return { ok: true, date: undefined };
  const match = /^(\d{2}):(\d{2})$/.exec(time.trim());
  if (!match) return { ok: false, message: t('errorTimeMissing') };
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return { ok: false, message: t('errorTimeMissing') };
  // Today and tomorrow on the venue's calendar, the time on its clock.
  const today = venueClock(now);
  const at = venueMoment(today.year, today.month, today.day + (day === 'tomorrow' ? 1 : 0), hours, minutes);
  if (day === 'today' && at.getTime() < now.getTime() - 60_000) {
    return { ok: false, message: t('errorTimePassed', { time }) };
  }
  return { ok: true, date: localDateTime(at) };
}

/**
 * The payment section: a method from the synced list, an amount (empty: the ticket total) of more
 * than 0 and not more than the ticket total (clarifications: `payment.amount` not more than the
 * total minus what is already paid — a new order has nothing paid yet), a tip of 0 or more.
 */
export function parsePayment(
  t: OrderT,
  format: Formatters,
  draft: PaymentDraft,
  totalCents: number,
): { ok: true; payment: PaymentInput | undefined } | { ok: false; errors: SendErrors } {
  if (!draft.enabled) return { ok: true, payment: undefined };
  const errors: SendErrors = {};
  if (draft.methodId === null) errors.paymentMethod = t('errorMethodMissing');
  let amountCents = totalCents;
  if (draft.amount.trim() !== '') {
    const parsed = parseAmountInput(draft.amount);
    if (parsed === null) errors.paymentAmount = t('errorAmountFormat');
    else amountCents = parsed;
  }
  if (errors.paymentAmount === undefined) {
    if (amountCents <= 0) errors.paymentAmount = t('errorAmountZero');
    else if (amountCents > totalCents) errors.paymentAmount = t('errorAmountOverTotal', { total: format.money(totalCents / 100) });
  }
  let tipCents = 0;
  if (draft.tip.trim() !== '') {
    const parsed = parseAmountInput(draft.tip);
    if (parsed === null) errors.paymentTip = t('errorTipFormat');
    else tipCents = parsed;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, payment: { paymentMethodId: draft.methodId as number, amountCents, tipCents } };
}

/**
 * The ticket's lines as the outbox takes them (outboxTypes TicketLineInput). The choice carries
 * the line's current quantity and note: the ticket changes them after the choice was made, and
 * the encoder must never see a stale copy.
 */
export function ticketLineInputs(lines: readonly TicketLine[]): TicketLineInput[] {
  return lines.map((line) => {
    const { note: _staleNote, ...choice } = line.choice;
    return {
      choice: { ...choice, quantity: line.quantity, ...(line.note !== '' ? { note: line.note } : {}) },
      name: line.name,
      details: [...line.details],
      quantity: line.quantity,
      note: line.note,
      unitCents: line.unitCents,
    };
  });
}

/** Why "Send" cannot be tapped yet, in waiter words; null when it can. */
export function sendBlockReason(t: OrderT, input: { lineCount: number; target: OrderTarget; outboxReady: boolean; sending: boolean }): string | null {
  if (input.target.kind === 'none') return t('blockNoDestination');
  if (input.lineCount === 0) return t('blockNoItems');
  if (!input.outboxReady) return t('blockOpening');
  if (input.sending) return t('blockSaving');
  return null;
}

export type SendRequest = { kind: 'round'; input: RoundInput } | { kind: 'takeaway'; input: TakeawayInput } | { kind: 'delivery'; input: DeliveryInput };

export interface SendDrafts {
  takeaway: TakeawayDraft;
  delivery: DeliveryDraft;
  payment: PaymentDraft;
}

const FIELD_OF: Record<'takeaway' | 'delivery', Record<string, SendField>> = {
  takeaway: { name: 'takeawayName', phone: 'takeawayPhone', email: 'takeawayEmail' },
  delivery: { phone: 'deliveryPhone', address: 'deliveryAddress', city: 'deliveryCity', name: 'deliveryName', email: 'deliveryEmail' },
};

/** The schemas' message keys (see `trimmed`, `phoneText`…); anything else is a field we cannot word better. */
const SCHEMA_MESSAGES = ['errorTooLong', 'errorPhoneMissing', 'errorPhoneInvalid', 'errorEmailInvalid', 'errorTakeawayName', 'errorAddressMissing'] as const;
type SchemaMessage = (typeof SCHEMA_MESSAGES)[number];
const isSchemaMessage = (message: string): message is SchemaMessage => (SCHEMA_MESSAGES as readonly string[]).includes(message);

function issuesToErrors(t: OrderT, form: 'takeaway' | 'delivery', error: z.ZodError): SendErrors {
  const errors: SendErrors = {};
  for (const issue of error.issues) {
    const field = FIELD_OF[form][String(issue.path[0])];
    if (!field || errors[field] !== undefined) continue;
    errors[field] = isSchemaMessage(issue.message) ? t(issue.message, { max: LONG_TEXT }) : t('errorFieldInvalid');
  }
  return errors;
}

/**
 * Everything the waiter typed, checked, as the outbox call to make — or a message per field.
 * `lines` must not be empty (sendBlockReason keeps the button disabled until then).
 */
export function buildSendRequest(
  t: OrderT,
  format: Formatters,
  target: OrderTarget,
  lines: readonly TicketLine[],
  drafts: SendDrafts,
  totalCents: number,
  now: Date,
): { ok: true; request: SendRequest } | { ok: false; errors: SendErrors } {
  const payment = parsePayment(t, format, drafts.payment, totalCents);
  const errors: SendErrors = payment.ok ? {} : { ...payment.errors };
  const ticket = ticketLineInputs(lines);
  const withPayment = payment.ok && payment.payment ? { payment: payment.payment } : {};

  switch (target.kind) {
    case 'none':
      throw new Error('buildSendRequest: no destination chosen (the Send button is disabled then)');
    case 'service': {
      if (!payment.ok) return { ok: false, errors };
      return { ok: true, request: { kind: 'round', input: { serviceId: target.serviceId, lines: ticket, ...withPayment } } };
    }
    case 'takeaway': {
      const parsed = takeawaySchema.safeParse(drafts.takeaway);
      if (!parsed.success) Object.assign(errors, issuesToErrors(t, 'takeaway', parsed.error));
      if (!parsed.success || !payment.ok) return { ok: false, errors };
      const { name, phone, email } = parsed.data;
      return {
        ok: true,
        request: { kind: 'takeaway', input: { name, ...(phone ? { phone } : {}), ...(email ? { email } : {}), lines: ticket, ...withPayment } },
      };
    }
    case 'delivery': {
      const { day, time, ...fields } = drafts.delivery;
      const parsed = deliveryFieldsSchema.safeParse(fields);
      if (!parsed.success) Object.assign(errors, issuesToErrors(t, 'delivery', parsed.error));
      const when = deliveryDate(t, day, time, now);
      if (!when.ok) errors.deliveryTime = when.message;
      if (!parsed.success || !when.ok || !payment.ok) return { ok: false, errors };
      const { phone, address, city, name, email } = parsed.data;
      const input: DeliveryInput = {
        phone: phone as string,
        address,
        ...(city ? { city } : {}),
        ...(name ? { name } : {}),
        ...(email ? { email } : {}),
        ...(when.date ? { date: when.date } : {}),
        lines: ticket,
        ...withPayment,
      };
      return { ok: true, request: { kind: 'delivery', input } };
    }
  }
}

/** The confirmation after a send, in words: the entry is committed when this shows (§5). `where`: the table ("Table 5"). */
export function sentConfirmation(t: OrderT, request: SendRequest, where: string): string {
  switch (request.kind) {
    case 'round':
      return t('sentRound', { where });
    case 'takeaway':
      return t('sentTakeaway', { name: request.input.name });
    case 'delivery':
      return t('sentDelivery', { address: request.input.address });
  }
}

/** A failed save, in words: what the waiter can do. The ticket is kept. */
export function sendFailureMessage(t: OrderT, error: unknown): { message: string; detail: string } {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (error instanceof Error && error.name === 'OutboxInputError') return { message: errorText(t, error), detail };
  if (error instanceof BridgeError && (error.kind === 'unreachable' || error.kind === 'internal')) {
    // No answer came back: it may be stored. Sending the same ticket again reuses its ids
    // (outboxClient.ts), so a second tap cannot double it.
    return { message: t('failedUnconfirmed'), detail };
  }
  return { message: t('failedNotSaved'), detail };
}

export interface PaymentMethodChoice {
  id: number;
  name: string;
}

/**
 * The payment methods to offer: the synced active ones, by name. Before the first sync (or if the
 * list is empty) Card and Cash, which exist in every account (clarifications: 1 = Card, 2 = Cash).
 */
export function paymentMethodChoices(t: OrderT, stored: readonly { id: number; name: string; active: boolean }[] | undefined): PaymentMethodChoice[] {
  const active = (stored ?? []).filter((m) => m.active).map(({ id, name }) => ({ id, name: name.trim() || t('methodNumber', { id }) }));
  if (active.length === 0) {
    return [
      { id: 1, name: t('methodCard') },
      { id: 2, name: t('methodCash') },
    ];
  }
  return active.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/**
 * The round's discount in cents off `subtotalCents` (percent typed "10" or "12,5" → basis points,
 * rounded half up by the bill's rule), with its reason; null when none or not valid yet.
 */
export function roundDiscountCents(discount: RoundExtras['discount'], subtotalCents: number): { cents: number; reason: string } | null {
  if (discount === null) return null;
  const value = parseAmountInput(discount.value);
  const reason = discount.reason.trim();
  if (value === null || value <= 0 || reason === '' || reason.length > 200) return null;
  if (discount.kind === 'percent' && value > 10_000) return null;
  const cents = discountCentsOf({ kind: discount.kind, value, reason }, subtotalCents);
  return cents > 0 ? { cents, reason } : null;
}

/** A built request with the round's extras and the terminal's warehouse. */
export function withExtras(request: SendRequest, round: RoundExtras, subtotalCents: number, warehouseId: number | null): SendRequest {
  const warehouse = warehouseId !== null ? { warehouseId } : {};
  if (request.kind !== 'round') return { ...request, input: { ...request.input, ...warehouse } } as SendRequest;
  const discount = roundDiscountCents(round.discount, subtotalCents);
  return { kind: 'round', input: { ...request.input, ...warehouse, ...(discount ? { discount } : {}), ...(round.separateCheck ? { skipMerge: true } : {}) } };
}
