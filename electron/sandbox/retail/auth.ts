// Credentials of every retail call (retail-api.md §5): `username` and `Authorization: Bearer
// <access token>`. Missing or wrong → 401 with the retail error body (clarifications).
import type { Context, MiddlewareHandler } from 'hono';
import { bearerProblem } from '../auth';
import type { RetailEnv } from './env';
import { retailError } from './errors';
import type { RetailAccountState } from './model';

/** The account the request's credentials name, or why not (the 401 message). */
export function authenticate(c: Context<RetailEnv>): RetailAccountState | string {
  const username = c.req.header('username')?.trim();
  if (!username) return 'Missing username header: send the account username in "username".';
  const account = c.get('retail').account(username);
  if (!account) return `Unknown username "${username.slice(0, 100)}".`;
  return bearerProblem(c.req.header('authorization'), account.accessToken, `Invalid access token for "${account.username}".`) ?? account;
}

/** Sets `account` or answers 401. */
export function requireRetailAccount(): MiddlewareHandler<RetailEnv> {
  return async (c, next) => {
    const account = authenticate(c);
    if (typeof account === 'string') return retailError(c, 401, account);
    c.set('account', account);
    await next();
  };
}
