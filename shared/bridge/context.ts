import { z } from 'zod';

// Who a bridge call is for (issue 10 item 7). It travels beside the input — IPC: a second
// argument; HTTP: the `x-comanda-account` header — so no operation's input schema changes. The main
// side refuses an account-scoped call that does not name the current account (`wrong-account`): a
// window that missed an `account-changed` event cannot deliver its orders into another account.

/** The account key (`demo`, `<tenant>@<host>`) the caller's local data belongs to. */
export const bridgeCallContextSchema = z.strictObject({
  accountKey: z.string().min(1).max(512).optional(),
});
export type BridgeCallContext = z.infer<typeof bridgeCallContextSchema>;

/** Browser shell: the header that carries `accountKey` (URI-encoded: header values are Latin-1). */
export const ACCOUNT_KEY_HEADER = 'x-comanda-account';

export function encodeAccountKeyHeader(accountKey: string): string {
  return encodeURIComponent(accountKey);
}

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
