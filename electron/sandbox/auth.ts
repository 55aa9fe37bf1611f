import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from './env';
import { errorResponse } from './errors';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Credentials of v2, catalog and loyalty calls (spec §5): `tenant`, `Authorization: Bearer
 * <access token>` and `client-token`. Any of them missing or wrong → 401 naming the header.
 */
export function requireAccount(): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const tenant = c.req.header('tenant')?.trim();
    if (!tenant) return errorResponse(c, 401, 'Missing tenant header: send the account username in "tenant".');

    const account = c.get('state').account(tenant);
    if (!account) return errorResponse(c, 401, `Unknown tenant "${tenant}" in the tenant header.`);

    const authorization = c.req.header('authorization')?.trim();
    if (!authorization) {
      return errorResponse(c, 401, 'Missing Authorization header: expected "Bearer <access token>".');
    }
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!bearer?.[1]) {
      return errorResponse(c, 401, 'Malformed Authorization header: expected "Bearer <access token>".');
    }
    if (!sameSecret(bearer[1], account.accessToken)) {
      return errorResponse(c, 401, `Invalid access token in the Authorization header for tenant "${tenant}".`);
    }

    const clientToken = c.req.header('client-token')?.trim();
    if (!clientToken) {
      return errorResponse(c, 401, 'Missing client-token header: send the integrator token in "client-token".');
    }
    if (!sameSecret(clientToken, account.integratorToken)) {
      return errorResponse(c, 401, 'Invalid integrator token in the client-token header.');
    }

    c.set('account', account);
    await next();
  };
}
