import type * as nodeCrypto from 'node:crypto';
import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { signBody } from '../../../sandbox/retail/webhooks';
import { decodeSignature, verifySignature } from './signature';

// Every constant-time comparison the check makes is counted.
const compared = vi.hoisted(() => ({ calls: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof nodeCrypto>();
  return {
    ...actual,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      compared.calls++;
      return actual.timingSafeEqual(a, b);
    },
  };
});

// `X-Service-Hmac-SHA256` = HMAC-SHA256(secret, exact body), hex in any case or
// base64, compared in constant time (clarifications "Webhooks").

const secret = 'a'.repeat(64);
const body = Buffer.from('username=demo-shop&event=product.updated&data=%7B%22id%22%3A7%7D', 'utf8');
const digest = createHmac('sha256', secret).update(body).digest();

describe('verifySignature', () => {
  it('accepts the sandbox’s own signature (lowercase hex)', () => {
    expect(verifySignature(body, signBody(body.toString('utf8'), secret), secret)).toBe('ok');
  });

  it('accepts hex in upper or mixed case, and surrounding spaces', () => {
    const hex = digest.toString('hex');
    expect(verifySignature(body, hex.toUpperCase(), secret)).toBe('ok');
    expect(verifySignature(body, [...hex].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join(''), secret)).toBe('ok');
    expect(verifySignature(body, ` ${hex} `, secret)).toBe('ok');
  });

  it('accepts base64, padded or not, and base64url', () => {
    const base64 = digest.toString('base64');
    expect(verifySignature(body, base64, secret)).toBe('ok');
    expect(verifySignature(body, base64.replace(/=+$/, ''), secret)).toBe('ok');
    expect(verifySignature(body, digest.toString('base64url'), secret)).toBe('ok');
  });

  it('refuses a signature of another body, another secret, or one changed character', () => {
    expect(verifySignature(Buffer.from(`${body.toString()}x`), digest.toString('hex'), secret)).toBe('wrong');
    expect(verifySignature(body, signBody(body.toString(), 'b'.repeat(64)), secret)).toBe('wrong');
    const hex = digest.toString('hex');
    const flipped = `${hex.slice(0, -1)}${hex.endsWith('0') ? '1' : '0'}`;
    expect(verifySignature(body, flipped, secret)).toBe('wrong');
  });

  it('says missing when there is no header or it is empty', () => {
    expect(verifySignature(body, undefined, secret)).toBe('missing');
    expect(verifySignature(body, '', secret)).toBe('missing');
    expect(verifySignature(body, '   ', secret)).toBe('missing');
    expect(verifySignature(body, [], secret)).toBe('missing');
  });

  it('refuses a repeated header (two values)', () => {
    const hex = digest.toString('hex');
    expect(verifySignature(body, [hex, hex], secret)).toBe('wrong');
  });

  it('refuses a header of the wrong length without comparing (timingSafeEqual would throw)', () => {
    const hex = digest.toString('hex');
    const before = compared.calls;
    for (const header of [
      hex.slice(0, 63),
      `${hex}0`,
      hex.slice(0, 32),
      'sha256=' + hex,
      digest.subarray(0, 31).toString('base64'),
      Buffer.concat([digest, Buffer.from([0])]).toString('base64'),
      'not a signature',
    ]) {
      expect(() => verifySignature(body, header, secret)).not.toThrow();
      expect(verifySignature(body, header, secret), header).toBe('wrong');
    }
    expect(compared.calls).toBe(before);
  });

  it('compares the 32 decoded bytes with crypto.timingSafeEqual, right or wrong', () => {
    const hex = digest.toString('hex');
    const before = compared.calls;
    expect(verifySignature(body, hex, secret)).toBe('ok');
    expect(verifySignature(body, 'f'.repeat(64), secret)).toBe('wrong');
    expect(compared.calls).toBe(before + 2);
    expect(decodeSignature(hex)).toEqual(digest);
    expect(decodeSignature(hex.toUpperCase())).toEqual(digest);
    expect(decodeSignature(digest.toString('base64'))).toEqual(digest);
    expect(decodeSignature(digest.toString('base64url'))).toEqual(digest);
    expect(decodeSignature('zz'.repeat(32))).toBeNull();
  });
});
