import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { SandboxEnv } from './env';
import { errorResponse } from './errors';
import type { AccountState } from './state';

/** Compares a secret given by a request with the expected one in constant time (both halves, every token). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Why an `Authorization` header is not `Bearer <accessToken>` (`invalid`: the words for a wrong token), or null. */
export function bearerProblem(authorization: string | undefined, accessToken: string, invalid: string): string | null {
  const value = authorization?.trim();
  if (!value) return 'Missing Authorization header: expected "Bearer <access token>".';
  const bearer = /^Bearer\s+(\S+)$/i.exec(value);
  if (!bearer?.[1]) return 'Malformed Authorization header: expected "Bearer <access token>".';
  return sameSecret(bearer[1], accessToken) ? null : invalid;
}

/**
 * The account the header credentials of v2, catalog and loyalty calls name (spec §5): `tenant`,
 * `Authorization: Bearer <access token>` and `client-token`; or why not (the 401 message naming
 * the header).
 */
export function authenticate(c: Context<SandboxEnv>): AccountState | string {
  const tenant = c.req.header('tenant')?.trim();
  if (!tenant) return 'Missing tenant header: send the account username in "tenant".';
  const account = c.get('state').account(tenant);
  if (!account) return `Unknown tenant "${tenant}" in the tenant header.`;
  const bearer = bearerProblem(c.req.header('authorization'), account.accessToken, `Invalid access token in the Authorization header for tenant "${tenant}".`);
  if (bearer !== null) return bearer;
  const clientToken = c.req.header('client-token')?.trim();
  if (!clientToken) return 'Missing client-token header: send the integrator token in "client-token".';
  if (!sameSecret(clientToken, account.integratorToken)) return 'Invalid integrator token in the client-token header.';
  return account;
}

/** Sets `account` or answers 401 naming the header. */
export function requireAccount(): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const account = authenticate(c);
    if (typeof account === 'string') return errorResponse(c, 401, account);
    c.set('account', account);
    await next();
  };
}
