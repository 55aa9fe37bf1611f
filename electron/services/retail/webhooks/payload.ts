// What a webhook's body says (retail-api.md §6 rules 1 and 3; clarifications "Webhooks"):
// `application/x-www-form-urlencoded` with `username` (the account that triggered it), `event`
// (its name) and `data` — the record as the API returns it, as JSON text. Read from the exact bytes
// that were signed (UTF-8), after the signature matched.

export interface WebhookDelivery {
  username: string;
  event: string;
  /** The JSON object `data` held. */
  data: Record<string, unknown>;
}

export type ParsedDelivery = { ok: true; delivery: WebhookDelivery } | { ok: false; reason: 'not-a-form' | 'data-not-json'; event: string | null };

/** Events are `model.action` (§6 table): letters only, at most 100 characters. */
const EVENT_NAME = /^[A-Za-z]{1,40}\.[A-Za-z*]{1,40}$/;

export function parseDelivery(body: Uint8Array): ParsedDelivery {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return { ok: false, reason: 'not-a-form', event: null };
  }
  const form = new URLSearchParams(text);
  const username = single(form, 'username');
  const rawEvent = single(form, 'event');
  const event = rawEvent !== null && EVENT_NAME.test(rawEvent) ? rawEvent : null;
  const dataText = single(form, 'data');
  if (username === null || username === '' || event === null || dataText === null) return { ok: false, reason: 'not-a-form', event };
  let data: unknown;
  try {
    data = JSON.parse(dataText);
  } catch {
    return { ok: false, reason: 'data-not-json', event };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ok: false, reason: 'data-not-json', event };
  return { ok: true, delivery: { username, event, data: data as Record<string, unknown> } };
}

/** The field's one value; null when it is missing or given twice (which is meant is unknowable). */
function single(form: URLSearchParams, name: string): string | null {
  const values = form.getAll(name);
  return values.length === 1 ? values[0]! : null;
}
