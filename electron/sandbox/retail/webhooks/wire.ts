// What a delivery sends (retail-api.md §6, clarifications "Webhooks"): a form body
// `username=<account>&event=<name>&data=<JSON text>` (`application/x-www-form-urlencoded`, in
// that order) and `X-Service-Hmac-SHA256`, the HMAC-SHA256 of the exact body bytes with the
// account's secret key as lowercase hex.
import { createHmac, randomBytes } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Service-Hmac-SHA256';
export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** The form body of one event; `data` is the record as the API returns it, as JSON text. */
export function deliveryBody(username: string, event: string, data: Record<string, unknown>): string {
  return new URLSearchParams([
    ['username', username],
    ['event', event],
    ['data', JSON.stringify(data)],
  ]).toString();
}

/** HMAC-SHA256 of the body's UTF-8 bytes with `secret`, lowercase hex. */
export function signBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

/** A new account secret key: 32 random bytes as 64 lowercase hex characters (the vendor's format is not published). */
export function newSecret(): string {
  return randomBytes(32).toString('hex');
}
