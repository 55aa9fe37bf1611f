import type { TFunction } from 'i18next';
import { z } from 'zod';
import { BridgeError, MAX_GUESTS, MIN_GUESTS, type SeatCustomer } from '../../../../shared/bridge';
import { OutboxInputError, type SeatPrepayment, type TicketLineInput } from '../../data/queue/outboxTypes';
import type { ChosenCustomer } from '../../session/customersStore';
import { errorText } from '../../i18n/errorText';
import { parseAmountInput } from '../../ui/amountInput';

// The seat dialog's form: what the waiter types, checked with zod before it
// reaches the outbox. Pure; the dialog (SeatDialog.tsx) only renders it. Problems are codes
// (SeatError), worded in the terminal's language by seatErrorText.

type ServiceT = TFunction<'service'>;

export const DEFAULT_GUESTS = '2';

export interface SeatForm {
  /** As typed or tapped on the keypad. */
  guests: string;
  /** The synced customer picked from the search, or null for none / a new one. */
  customerId: number | null;
  name: string;
  email: string;
  phone: string;
  notes: string;
  /** A reservation's deposit taken at seating, as typed ("20,50"); '' = none. */
  prepayment: string;
  /** The payment method the deposit was taken with; null = the first one the dialog offers. */
  prepaymentMethod: { id: number; name: string } | null;
}

export const EMPTY_SEAT_FORM: SeatForm = {
  guests: DEFAULT_GUESTS,
  customerId: null,
  name: '',
  email: '',
  phone: '',
  notes: '',
  prepayment: '',
  prepaymentMethod: null,
};

export type SeatField = 'guests' | 'name' | 'email' | 'phone' | 'notes' | 'prepayment';
/** What is wrong with a field: `name` missing while another customer field is given, `nameLong` over 120 characters. */
export type SeatError = 'guests' | 'name' | 'nameLong' | 'email' | 'phone' | 'notes' | 'prepayment';
export type SeatErrors = Partial<Record<SeatField, SeatError>>;

export interface SeatValues {
  guests: number;
  customer: SeatCustomer | null;
  notes: string;
  /** Present only when a deposit was typed: it goes as the Flow order's `payments` (spec 2.9). */
  prepayment?: SeatPrepayment;
}

/** The largest deposit the dialog takes (99 999,99 €): a typing slip, not a deposit, above it. */
export const MAX_PREPAYMENT_CENTS = 9_999_999;

const MAX_NAME = 120;
const MAX_NOTES = 500;

const ERROR_KEY = {
  guests: 'errorGuests',
  name: 'errorName',
  nameLong: 'errorNameLong',
  email: 'errorEmail',
  phone: 'errorPhone',
  notes: 'errorNotes',
  prepayment: 'errorPrepayment',
} as const satisfies Record<SeatError, string>;

/** A field's problem in words ("Guests must be a whole number from 1 to 99."). */
export function seatErrorText(t: ServiceT, error: SeatError): string {
  return t(ERROR_KEY[error], { min: MIN_GUESTS, max: error === 'guests' ? MAX_GUESTS : error === 'nameLong' ? MAX_NAME : MAX_NOTES });
}

/** Spaces, dots and dashes a waiter types between digit groups ("600 123 456"). */
const PHONE_SEPARATORS = /[\s.-]/g;

const guestsSchema = z
  .string()
  .trim()
  .regex(/^\d{1,2}$/)
  .transform(Number)
  .pipe(z.int().min(MIN_GUESTS).max(MAX_GUESTS));

/**
 * spec 2.9: `customer.phone` is an integer, so only digits (and a leading +, which the request
 * builder drops: orderRequests.ts phoneAsInteger) are accepted; the value stays a string here,
 * separators removed, and is converted where the request is built.
 */
const phoneSchema = z
  .string()
  .transform((v) => v.replace(PHONE_SEPARATORS, ''))
  .pipe(z.string().regex(/^\+?\d{6,15}$/));

const seatFormSchema = z
  .strictObject({
    guests: guestsSchema,
    customerId: z.int().positive().nullable(),
    name: z.string().trim().max(MAX_NAME, 'nameLong'),
    email: z.union([z.literal(''), z.email()]),
    phone: z.union([z.literal(''), phoneSchema]),
    notes: z.string().trim().max(MAX_NOTES),
  })
  .superRefine((form, ctx) => {
    // spec 2.9: customer.name is required whenever a customer is sent.
    if (form.name === '' && (form.email !== '' || form.phone !== '' || form.customerId !== null)) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'name' });
    }
  });

export type SeatValidation = { ok: true; values: SeatValues } | { ok: false; errors: SeatErrors };

/** The form checked: the values for `outbox.seat`, or one problem per field the waiter must fix. */
export function validateSeatForm(form: SeatForm): SeatValidation {
  const { prepayment: typedPrepayment, prepaymentMethod, ...fields } = form;
  const trimmed = { ...fields, email: form.email.trim(), phone: form.phone.trim() };
  const parsed = seatFormSchema.safeParse(trimmed);
  const prepayment = prepaymentOf(typedPrepayment, prepaymentMethod);
  if (!parsed.success || prepayment === 'invalid') {
    const errors: SeatErrors = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'guests' || field === 'name' || field === 'email' || field === 'phone' || field === 'notes') {
        errors[field] ??= field === 'name' ? (issue.message === 'nameLong' ? 'nameLong' : 'name') : field;
      }
    }
    if (prepayment === 'invalid') errors.prepayment = 'prepayment';
    return { ok: false, errors };
  }
  const { guests, customerId, name, email, phone, notes } = parsed.data;
  const customer: SeatCustomer | null =
    name === ''
      ? null
      : {
          ...(customerId !== null ? { customerId } : {}),
          name,
          ...(email !== '' ? { email } : {}),
          ...(phone !== '' ? { phone } : {}),
        };
  return { ok: true, values: { guests, customer, notes, ...(prepayment ? { prepayment } : {}) } };
}

/** The deposit typed: none (''), its cents and method, or 'invalid' (not an amount above 0, or no method to take it with). */
function prepaymentOf(typed: string, method: SeatForm['prepaymentMethod']): SeatPrepayment | null | 'invalid' {
  if (typed.trim() === '') return null;
  const cents = parseAmountInput(typed);
  if (cents === null || cents <= 0 || cents > MAX_PREPAYMENT_CENTS || method === null) return 'invalid';
  return { amountCents: cents, methodId: method.id, methodName: method.name };
}

/** The guests problem while typing (null when fine): shown at once, not only on "Seat". */
export function guestsError(guests: string): 'guests' | null {
  return guestsSchema.safeParse(guests).success ? null : 'guests';
}

const emailSchema = z.email();

/**
 * A synced customer picked from the search: its fields fill the form (and its id goes along). An
 * email or phone the back office holds in a shape the order cannot carry is left out rather
 * than blocking the seating.
 */
export function pickCustomer(form: SeatForm, customer: { id: number; name: string; email?: string | null; phone?: string | null }): SeatForm {
  const email = customer.email?.trim() ?? '';
  const phone = customer.phone?.trim() ?? '';
  return {
    ...form,
    customerId: customer.id,
    name: customer.name.trim(),
    email: emailSchema.safeParse(email).success ? email : '',
    phone: phoneSchema.safeParse(phone).success ? phone : '',
  };
}

/** The seat dialog's first form: the customer chosen for a table, if any, picked as from its search. */
export function seatFormFor(chosen: ChosenCustomer | null): SeatForm {
  return chosen === null ? EMPTY_SEAT_FORM : pickCustomer(EMPTY_SEAT_FORM, chosen);
}

/**
 * Editing a picked customer's name, email or phone makes it a new customer: the POS matches an
 * existing one by email or phone and never updates it (clarifications), so the id no longer fits.
 */
export function editCustomerField(form: SeatForm, field: 'name' | 'email' | 'phone', value: string): SeatForm {
  return { ...form, customerId: null, [field]: value };
}

export function clearCustomer(form: SeatForm): SeatForm {
  return { ...form, customerId: null, name: '', email: '', phone: '' };
}

// ---------- The guests keypad ----------

export type KeypadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'delete' | 'clear';

export interface KeypadState {
  value: string;
  /**
   * True until the first key: the default ("2") is replaced by the first digit rather than
   * extended, so tapping "4" on a fresh dialog means 4 guests, not 24.
   */
  fresh: boolean;
}

export function pressKey(state: KeypadState, key: KeypadKey): KeypadState {
  if (key === 'clear') return { value: '', fresh: false };
  if (key === 'delete') return { value: state.fresh ? '' : state.value.slice(0, -1), fresh: false };
  const base = state.fresh ? '' : state.value;
  // Two digits at most (1–99); a leading zero is dropped ("0" then "5" is 5).
  if (base.length >= 2) return { value: base, fresh: false };
  const value = base === '0' ? key : base + key;
  return { value, fresh: false };
}

/** "2 lines (5 items) on the ticket go with this seating." — or null for an empty ticket. */
export function ticketLinesText(t: ServiceT, lines: readonly { quantity: number }[]): string | null {
  if (lines.length === 0) return null;
  const items = lines.reduce((sum, line) => sum + line.quantity, 0);
  return t('ticketLines', { count: lines.length, items: t('items', { count: items }) });
}

// ---------- Saving ----------

export interface SeatSaveError {
  /** For the waiter. */
  message: string;
  /** For the engineer (shown small, under the message). */
  detail: string | null;
}

/**
 * What the dialog says when `outbox.seat` throws. An OutboxInputError says what the waiter must
 * change (e.g. a table that is no longer free), worded from its code; anything else means the seating was not saved,
 * and the form (and the ticket) are kept so "Seat" can simply be tapped again.
 */
export function describeSeatError(t: ServiceT, error: unknown): SeatSaveError {
  if (error instanceof OutboxInputError) return { message: errorText(t, error), detail: null };
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (error instanceof BridgeError && (error.kind === 'unreachable' || error.kind === 'internal')) {
    // No answer: it may be stored. Seat again reuses the same ids (outboxClient.ts): never twice.
    return { message: t('notConfirmed'), detail };
  }
  return { message: t('notSaved'), detail };
}

/** The order builder's ticket lines as the outbox takes them (its own `key` stays behind). */
export function ticketLineInputs(lines: readonly TicketLineInput[]): TicketLineInput[] {
  return lines.map(({ choice, name, details, quantity, note, unitCents }) => ({ choice, name, details, quantity, note, unitCents }));
}
