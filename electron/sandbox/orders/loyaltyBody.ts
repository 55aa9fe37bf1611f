// The body of a loyalty order, in either form the vendor's server takes (clarifications "Body
// format"): JSON (spec §4), or `application/x-www-form-urlencoded` fields whose `order`,
// `customer` and `delivery` are JSON texts and whose `skipMerge` / `skip_merge` / `warehouse_id`
// are scalars. Both become the same value, so the route answers both the same way.
//
// Sandbox decisions where the clarifications are silent:
// - A form field named twice, or a key the JSON reader refuses (`__proto__`, …) → 422.
// - Bracketed fields (`order[total]=…`, PHP's encoding of nested objects) are not read: 422 asks
//   for one JSON text per object field.
// - A scalar field reads as JSON when its text is `true`, `false`, `null` or a number; any other
//   text stays a string (so `skipMerge=yes` is refused by the schema, as JSON "yes" would be).
// - Other form fields are kept as text (the JSON form ignores unknown fields too).
import { FORBIDDEN_KEYS, parseJson } from '../json';

export type LoyaltyBody = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** Form fields that carry an object as a JSON text. */
const OBJECT_FIELDS: ReadonlySet<string> = new Set(['order', 'customer', 'delivery']);

/** `application/x-www-form-urlencoded`, whatever its case and parameters. */
export function isFormBody(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/** A scalar form field: JSON when the text is a JSON boolean, null or number; else the text. */
function scalar(text: string): unknown {
  const read = parseJson(text);
  if (!read.ok) return text;
  const value = read.value;
  return value === null || typeof value === 'boolean' || typeof value === 'number' ? value : text;
}

/** The form fields as the JSON form's object. */
export function readFormBody(text: string): LoyaltyBody {
  const value: Record<string, unknown> = {};
  // URLSearchParams never throws: a broken %-escape stays as it is, bad UTF-8 becomes U+FFFD.
  for (const [key, field] of new URLSearchParams(text)) {
    if (FORBIDDEN_KEYS.has(key)) return { ok: false, message: `The form field "${key}" is not allowed.` };
    const bracket = /^(order|customer|delivery)\[/.exec(key);
    if (bracket) {
      return {
        ok: false,
        message: `${bracket[1]}: send it as one JSON text in the form field "${bracket[1]}" (bracketed fields such as "${key.slice(0, 40)}" are not read).`,
      };
    }
    if (Object.hasOwn(value, key)) return { ok: false, message: `${key}: the form field is sent more than once.` };
    if (OBJECT_FIELDS.has(key)) {
      const read = parseJson(field, `${key}: the form field`);
      if (!read.ok) return { ok: false, message: read.message };
      value[key] = read.value;
    } else {
      value[key] = scalar(field);
    }
  }
  return { ok: true, value };
}

/** The body as an object, from JSON or from form fields; `message` says what is wrong otherwise. */
export function readLoyaltyBody(contentType: string | undefined, text: string): LoyaltyBody {
  if (isFormBody(contentType)) return readFormBody(text);
  const read = parseJson(text, 'The body');
  if (!read.ok) return { ok: false, message: read.message };
  const value = read.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'The body must be a JSON object with an "order".' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
