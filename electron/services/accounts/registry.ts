import {
  coded,
  operationNames,
  queueWriteOperations,
  type AccountSettings,
  type BridgeCallContext,
  type BridgeEvent,
  type ConnectionState,
  type OperationName,
} from '../../../shared/bridge';
import type { ConnectivityMonitor } from '../connection/connectivity';
import { ServiceError, type BridgeHandlers } from '../bridge/dispatcher';
import type { Gateway } from '../gateway';
import type { AccountImages } from '../images/account';
import type { RunningDemo } from './demo';

/** One account's services: created when it becomes current, closed when another replaces it. */
export interface LiveAccount {
  readonly account: AccountSettings;
  readonly accountKey: string;
  readonly tenant: string;
  readonly imagesUrl: string;
  /** The embedded sandbox a demo account started (and stops when it closes); null otherwise. */
  readonly sandbox: RunningDemo | null;
  /** The venue's gateway; null for a shop (its retail gateway lives in its handlers). */
  readonly gateway: Gateway | null;
  readonly handlers: BridgeHandlers;
  /** Probes the server while it is unreachable or quiet. */
  readonly connectivity: ConnectivityMonitor;
  /** Stops the queue while a replacement with the same account key opens its database file. */
  stopQueue(): Promise<void>;
  /** Opens the queue again after stopQueue() (the replacement could not be saved). */
  resumeQueue(): void;
  close(): Promise<void>;
}

/** Operations that do not belong to one account: everything else is answered by the current account. */
const ACCOUNT_INDEPENDENT: ReadonlySet<OperationName> = new Set<OperationName>([
  'getSettings',
  'saveSettings',
  'testConnection',
  // The terminal's preferences and lock belong to no account.
  'getPreferences',
  'savePreferences',
  'getLockState',
  'lockTerminal',
  'verifyPin',
  'setPin',
  'clearPin',
]);
/**
 * Answered without naming an account: it says which account is current (a fresh window learns its
 * key from it). Every other account-scoped call must name the current account.
 */
const NAMES_NO_ACCOUNT: ReadonlySet<OperationName> = new Set<OperationName>(['getAppInfo']);

/** Which account is current, its connection as the windows see it, and which account answers a call. */
export interface AccountRegistry {
  /** The current account; null before the first one opens and after close. */
  current(): LiveAccount | null;
  /** Makes an opened account the current one: its image cache, a fresh connection state. */
  activate(account: LiveAccount): void;
  /** The current account's connection changed (only the current account's reach the windows). */
  setConnection(state: ConnectionState): void;
  /** The bridge handlers that route every operation to the account current when it arrived. */
  readonly routed: BridgeHandlers;
  /** Nothing is current any more: answers the account that was, for the caller to close. */
  detach(): LiveAccount | null;
}

export function createAccountRegistry(deps: { images: AccountImages; emit: (event: BridgeEvent) => void }): AccountRegistry {
  let live: LiveAccount | null = null;
  let connection: ConnectionState | null = null;
  const setConnection = (state: ConnectionState) => {
    if (state === connection) return;
    connection = state;
    deps.emit({ type: 'connection', state, at: new Date().toISOString() });
  };

  /**
   * Every operation is answered by the account that was current when it arrived, and only when the
   * caller named that account: a window that missed `account-changed` must not, say, seat its
   * queued orders into the account selected since. Refused calls did nothing (`wrong-account`).
   */
  const routed = Object.fromEntries(
    operationNames.map((name) => [
      name,
      async (input: unknown, context: BridgeCallContext) => {
        const serving = live!;
        if (!ACCOUNT_INDEPENDENT.has(name) && !NAMES_NO_ACCOUNT.has(name) && context.accountKey !== serving.accountKey) {
          throw new ServiceError({
            kind: 'wrong-account',
            ...coded('wrong-account'),
            detail: `${name} named ${context.accountKey ?? 'no account'}; current account ${serving.accountKey}`,
          });
        }
        const handler = serving.handlers[name] as (input: unknown) => Promise<unknown>;
        const value = await handler(input);
        // A committed queue write keeps its answer (shared/bridge/queue.ts queueWriteOperations).
        if (serving !== live && !ACCOUNT_INDEPENDENT.has(name) && !queueWriteOperations.has(name)) {
          throw new ServiceError({
            kind: 'internal',
            ...coded('account-switched'),
            detail: `${name} answered for ${serving.accountKey}; current account ${live?.accountKey ?? 'none'}`,
          });
        }
        return value;
      },
    ]),
  ) as unknown as BridgeHandlers;

  return {
    current: () => live,
    setConnection,
    routed,
    activate(account) {
      live = account;
      connection = null;
      // The new account may have learnt its state while it was opening, before it was current.
      if (account.connectivity.state !== null) setConnection(account.connectivity.state);
      // A shop has no photos of the venue's kind: no image cache (getAppInfo says it is a shop).
      if (account.gateway === null) deps.images.use(null);
      else deps.images.use({ accountKey: account.accountKey, tenant: account.tenant, imagesUrl: account.imagesUrl });
    },
    detach() {
      const closing = live;
      live = null;
      return closing;
    },
  };
}
