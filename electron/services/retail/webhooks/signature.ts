import { createHmac, timingSafeEqual } from 'node:crypto';

// The webhook's signature (retail-api.md §6 rule 2; clarifications "Webhooks"):
// `X-Service-Hmac-SHA256` = HMAC-SHA256 of the exact body bytes with the account's secret key. The
// vendor does not publish its text encoding (the sandbox sends lowercase hex), and receivers in the
// wild accept hex or base64 — so this does too: hex in any case, base64 or base64url, padded or
// not. The header is decoded to its 32 bytes first and compared with timingSafeEqual, so the time
// taken says nothing about how much of it matched; a header that does not decode to 32 bytes is
// wrong without any comparison (timingSafeEqual would throw on a length mismatch).

/** The header as the vendor names it; node:http gives it lower-cased. */
export const SIGNATURE_HEADER = 'X-Service-Hmac-SHA256';

const DIGEST_BYTES = 32;
const HEX = /^[0-9a-fA-F]{64}$/;
const BASE64 = /^[A-Za-z0-9+/]{43}=?$|^[A-Za-z0-9_-]{43}=?$/;

export type SignatureVerdict = 'ok' | 'missing' | 'wrong';

/** The 32 bytes a header says, or null when it is neither 64 hex digits nor base64 of 32 bytes. */
export function decodeSignature(text: string): Buffer | null {
  const trimmed = text.trim();
  if (HEX.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (BASE64.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return bytes.length === DIGEST_BYTES ? bytes : null;
  }
  return null;
}

/** HMAC-SHA256 of the body with the secret (its UTF-8 bytes). */
export function bodySignature(body: Uint8Array, secret: string): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest();
}

/**
 * Whether `header` signs `body` with `secret`. Several values of the header (a repeated header) are
 * wrong: one delivery has one signature.
 */
export function verifySignature(body: Uint8Array, header: string | readonly string[] | undefined, secret: string): SignatureVerdict {
  if (header === undefined || (typeof header === 'string' && header.trim() === '') || (Array.isArray(header) && header.length === 0)) return 'missing';
  if (typeof header !== 'string') return 'wrong';
  const given = decodeSignature(header);
  const expected = bodySignature(body, secret);
  if (given === null || given.length !== expected.length) return 'wrong';
  return timingSafeEqual(given, expected) ? 'ok' : 'wrong';
}
