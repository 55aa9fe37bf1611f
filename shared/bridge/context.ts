import { z } from 'zod';
import { pinGrantTokenSchema } from './schemas';

// Who a bridge call is for. It travels beside the input — IPC: a second
// argument; HTTP: the `x-comanda-account` header — so no operation's input schema changes. The main
// side refuses an account-scoped call that does not name the current account (`wrong-account`): a
// window that missed an `account-changed` event cannot deliver its orders into another account.

/** The account key (`demo`, `<tenant>@<host>`) the caller's local data belongs to. */
export const bridgeCallContextSchema = z.strictObject({
  accountKey: z.string().min(1).max(512).optional(),
  /**
   * A PIN grant `verifyPin` answered (shared/bridge/access.ts): guarded operations need one while
   * a PIN is set. IPC: in the context argument; HTTP: the `x-comanda-grant` header.
   */
  grant: pinGrantTokenSchema.optional(),
});
export type BridgeCallContext = z.infer<typeof bridgeCallContextSchema>;

/** Browser shell: the header that carries `accountKey` (URI-encoded: header values are Latin-1). */
export const ACCOUNT_KEY_HEADER = 'x-comanda-account';

export function encodeAccountKeyHeader(accountKey: string): string {
  return encodeURIComponent(accountKey);
}

/** Browser shell: the header that carries `grant` (base64url: no encoding needed). */
export const GRANT_HEADER = 'x-comanda-grant';

/** The context a request's header names; null when the header is not a valid encoding. */
export function contextFromAccountKeyHeader(value: string | string[] | undefined): BridgeCallContext | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw === '') return {};
  try {
    return { accountKey: decodeURIComponent(raw) };
  } catch {
    return null;
  }
}

/** The context a request's headers name (account and grant); null when the account header is not a valid encoding. */
export function contextFromHeaders(headers: Record<string, string | string[] | undefined>): BridgeCallContext | null {
  const context = contextFromAccountKeyHeader(headers[ACCOUNT_KEY_HEADER]);
  if (context === null) return null;
  const grant = headers[GRANT_HEADER];
  const raw = Array.isArray(grant) ? grant[0] : grant;
  // Checked by the dispatcher with the rest of the context.
  return raw === undefined || raw === '' ? context : { ...context, grant: raw };
}
