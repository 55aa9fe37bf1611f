import { z } from 'zod';
import { wireInt } from '../wire';

// Building blocks of the retail wire (retail-api.md §2; clarifications "Retail"). The terminal
// works in integers (shared/domain/money.ts, shared/domain/retail): money in cents, quantities and
// weights in thousandths, percentages in hundredths (21 % → 2100). The vendor sends its decimals
// as strings ("12.50", "5.000") or numbers (12.5); both read into those integers, EXACTLY: a value
// with more decimals than its unit holds ("12.345" as money) is refused, never rounded — a price
// the terminal cannot represent exactly would make an order the server refuses by a cent.
// Trailing zeros beyond the unit are fine ("12.5000" → 1250 cents).

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal (string or number) as an integer of 10^-places, or a message saying why not. */
export function scaledDecimal(value: number | string, places: number): number | string {
  if (typeof value === 'number' && !Number.isFinite(value)) return 'expected a finite number';
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return `expected a decimal, got ${JSON.stringify(value).slice(0, 40)}`;
  const [, sign, whole = '', rawFraction = ''] = match;
  const fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length > places) return `${text.slice(0, 40)} has more than ${places} decimals`;
  const scaled = Number(whole) * 10 ** places + Number(fraction.padEnd(places, '0') || '0');
  if (!Number.isSafeInteger(scaled)) return `${text.slice(0, 40)} is out of range`;
  return sign === '-' && scaled !== 0 ? -scaled : scaled;
}

function scaled(places: number, what: string) {
  return z.union([z.number(), z.string()], { error: `expected ${what} (a number or a decimal string)` }).transform((value, ctx) => {
    const result = scaledDecimal(value, places);
    if (typeof result === 'string') {
      ctx.addIssue({ code: 'custom', message: result });
      return z.NEVER;
    }
    return result;
  });
}

/** Money ("12.50" or 12.5) as integer cents (1250). */
export const wireCents = scaled(2, 'an amount');
/** A quantity or weight ("5.000", 1.5) as integer thousandths (5000, 1500). */
export const wireThousandths = scaled(3, 'a quantity');
/** A percentage ("21.00", 21, -15) as integer hundredths (2100, -1500); also a price-rate or promotion amount that may be money. */
export const wireHundredths = scaled(2, 'a percentage');

/** An optional id: absent, null, 0 read as null (Laravel sends 0 for "none" in some places). */
export const wireRef = wireInt.nullish().transform((v) => (v === undefined || v === null || v === 0 ? null : v));

/** A boolean the vendor may send as true/false, 0/1 or "0"/"1"; any other number or string, null or absent reads `fallback`. */
export function wireBool(fallback: boolean) {
  return z
    .union([z.boolean(), z.number(), z.string()])
    .nullish()
    .transform((v): boolean => {
      if (v === true || v === 1 || v === '1' || v === 'true') return true;
      if (v === false || v === 0 || v === '0' || v === 'false') return false;
      return fallback;
    });
}

/** Optional text: absent reads as null. */
export const wireText = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

/**
 * The generic list envelope (§2.1; clarifications: `total` exact). `current_page`, `data`,
 * `per_page`, `last_page` and `total` are required — the walker (gateway/pagination.ts) checks
 * that every page adds up to `total`; the URLs and `from`/`to` are read when present.
 */
export function retailPaginated<T extends z.ZodType>(record: T) {
  return z.object({
    current_page: wireInt,
    data: z.array(record),
    per_page: wireInt,
    last_page: wireInt,
    total: wireInt,
    from: wireInt.nullish(),
    to: wireInt.nullish(),
    path: z.string().nullish(),
    first_page_url: z.string().nullish(),
    last_page_url: z.string().nullish(),
    next_page_url: z.string().nullish(),
    prev_page_url: z.string().nullish(),
  });
}
export type RetailPage<T> = {
  current_page: number;
  data: T[];
  per_page: number;
  last_page: number;
  total: number;
  from?: number | null | undefined;
  to?: number | null | undefined;
  path?: string | null | undefined;
  first_page_url?: string | null | undefined;
  last_page_url?: string | null | undefined;
  next_page_url?: string | null | undefined;
  prev_page_url?: string | null | undefined;
};

/**
 * The body of every 4xx of the retail service (clarifications: `{ error, code, data }`). `data`
 * is an array in every answer seen (empty); a Laravel-style `{ field: [messages] }` object or
 * entries naming fields are read too (retailErrorFields).
 */
export const retailErrorBody = z.object({
  error: z.string(),
  code: z.union([z.number(), z.string()]).optional(),
  data: z.unknown().optional(),
});

const FIELD_PATH = /^[A-Za-z_][\w]*(?:(?:\.|\[)\w+\]?)*$/;

/**
 * The field paths an error body names, if any: keys of a `data` object (`{ address: ["The address
 * field is required."] }`), `field` / `path` / `key` of `data` entries, or "path: message" strings.
 */
export function retailErrorFields(body: unknown): string[] {
  const parsed = retailErrorBody.safeParse(body);
  if (!parsed.success) return [];
  const { data } = parsed.data;
  const fields = new Set<string>();
  const add = (candidate: unknown) => {
    if (typeof candidate !== 'string') return;
    const path = candidate.trim();
    if (path.length > 0 && path.length <= 120 && FIELD_PATH.test(path)) fields.add(path);
  };
  if (Array.isArray(data)) {
    for (const entry of data) {
      if (typeof entry === 'string') {
        const colon = entry.indexOf(':');
        if (colon > 0) add(entry.slice(0, colon));
      } else if (entry && typeof entry === 'object') {
        const record = entry as Record<string, unknown>;
        add(record.field ?? record.path ?? record.key);
      }
    }
  } else if (data && typeof data === 'object') {
    for (const key of Object.keys(data)) add(key);
  }
  return [...fields].slice(0, 50);
}

/**
 * The server's own words for each field an error body names, where it gives some (`{ address:
 * ["The address field is required."] }`, `{ field, message }` entries, "path: message" strings):
 * the first message of each field, at most 500 characters. Fields named without words are left out
 * (retailErrorFields still names them).
 */
export function retailErrorFieldMessages(body: unknown): Record<string, string> {
  const parsed = retailErrorBody.safeParse(body);
  if (!parsed.success) return {};
  const { data } = parsed.data;
  const messages: Record<string, string> = {};
  const add = (candidate: unknown, message: unknown) => {
    if (typeof candidate !== 'string') return;
    const path = candidate.trim();
    const first = Array.isArray(message) ? message.find((m) => typeof m === 'string' && m.trim() !== '') : message;
    if (typeof first !== 'string' || first.trim() === '') return;
    if (path.length > 0 && path.length <= 120 && FIELD_PATH.test(path) && !(path in messages)) messages[path] = first.trim().slice(0, 500);
  };
  if (Array.isArray(data)) {
    for (const entry of data) {
      if (typeof entry === 'string') {
        const colon = entry.indexOf(':');
        if (colon > 0) add(entry.slice(0, colon), entry.slice(colon + 1));
      } else if (entry && typeof entry === 'object') {
        const record = entry as Record<string, unknown>;
        add(record.field ?? record.path ?? record.key, record.message ?? record.error ?? record.messages);
      }
    }
  } else if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) add(key, value);
  }
  return Object.fromEntries(Object.entries(messages).slice(0, 50));
}

/** Integer cents as the JSON number the order and invoice calls take: 1250 → 12.5 (exact: its shortest form is "12.5"). */
export function centsToWire(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`expected whole cents, got ${cents}`);
  return cents / 100;
}

/** Integer thousandths as a JSON number: 1500 → 1.5. */
export function thousandthsToWire(thousandths: number): number {
  if (!Number.isSafeInteger(thousandths)) throw new RangeError(`expected whole thousandths, got ${thousandths}`);
  return thousandths / 1000;
}
