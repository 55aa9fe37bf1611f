import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// The terminal PIN is kept as a scrypt hash with a random salt, in a format that
// names its own parameters so they can be raised later without locking anyone out:
//   scrypt$<N>$<r>$<p>$<salt, base64url>$<key, base64url>

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const FORMAT = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{16,})$/;

function derive(pin: string, salt: Buffer, keyBytes: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: 128 · N · r bytes plus room, so larger N stays possible.
    scrypt(pin, salt, keyBytes, { ...options, maxmem: 256 * (options.N ?? PARAMS.N) * (options.r ?? PARAMS.r) }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(pin, salt, KEY_BYTES, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export function isPinHash(stored: string): boolean {
  return FORMAT.test(stored);
}

/** Whether `pin` is the one `stored` was made from; the keys are compared in constant time. */
export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const match = FORMAT.exec(stored);
  if (!match) return false;
  const [, n, r, p, saltText, keyText] = match;
  const expected = Buffer.from(keyText!, 'base64url');
  const key = await derive(pin, Buffer.from(saltText!, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
