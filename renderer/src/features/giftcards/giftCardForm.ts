import { commerceOperations } from '../../../../shared/bridge';

// The gift card forms' rules, kept apart from the screens so they are tested:
// an amount typed or tapped as text ("25", "25.5", "25,50") read into exact cents, the card's code
// (uuid) as the bridge will take it, and the keypad that edits the amount.

const createInput = commerceOperations.createGiftCard.input.shape;
/** Largest card sold from the terminal, in cents (the bridge refuses more). */
export const MAX_CARD_CENTS = 100_000_000;

export type AmountProblem = 'amountMissing' | 'amountInvalid' | 'amountZero' | 'amountTooHigh';
export type UuidProblem = 'uuidMissing' | 'uuidInvalid';

/** Digits, then at most one separator ("." or ",") and at most 2 decimals. */
const AMOUNT = /^(\d{1,9})(?:[.,](\d{0,2}))?$/;

/** The typed amount in cents, or why it is not one. `max` (cents) caps it. */
export function readAmount(text: string, max = MAX_CARD_CENTS): { cents: number } | { problem: AmountProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'amountMissing' };
  const match = AMOUNT.exec(trimmed);
  if (!match) return { problem: 'amountInvalid' };
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents === 0) return { problem: 'amountZero' };
  if (cents > max) return { problem: 'amountTooHigh' };
  return { cents };
}

/** Cents as the amount field shows them to be edited: 2500 → "25", 2550 → "25.50" (`,` in es/ca). */
export function amountText(cents: number, separator: '.' | ','): string {
  const whole = Math.trunc(cents / 100);
  const fraction = cents % 100;
  return fraction === 0 ? String(whole) : `${whole}${separator}${String(fraction).padStart(2, '0')}`;
}

/** The card's code as the POS will get it, or why it cannot be one. */
export function readUuid(text: string): { uuid: string } | { problem: UuidProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'uuidMissing' };
  const parsed = createInput.uuid.safeParse(trimmed);
  return parsed.success ? { uuid: parsed.data } : { problem: 'uuidInvalid' };
}

/** The optional campaign: undefined when left empty. */
export function readCampaign(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, 100);
}

export type AmountKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'separator' | 'delete' | 'clear';

/** The amount text after a keypad key: never more than one separator nor 2 decimals. */
export function pressAmountKey(text: string, key: AmountKey, separator: '.' | ','): string {
  if (key === 'clear') return '';
  if (key === 'delete') return text.slice(0, -1);
  const hasSeparator = /[.,]/.test(text);
  if (key === 'separator') return hasSeparator ? text : `${text === '' ? '0' : text}${separator}`;
  if (hasSeparator && /[.,]\d{2}$/.test(text)) return text;
  if (!hasSeparator && text.replace(/^0+/, '').length >= 7) return text;
  return text === '0' ? key : text + key;
}

/** A new card code: an RFC 4122 version-4 UUID (the POS takes any code the caller chooses, spec 2.3). */
export function newCardCode(random: () => string = () => crypto.randomUUID()): string {
  return random();
}
