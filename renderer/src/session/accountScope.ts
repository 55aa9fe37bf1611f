import {
  BridgeError,
  operationNames,
  queueWriteOperations,
  type AppInfo,
  type BridgeCallContext,
  type BridgeClient,
  type BridgeEvent,
  type BridgeInput,
  type BridgeOutput,
  type ErrorCode,
  type OperationName,
} from '../../../shared/bridge';

/**
 * The bridge as one account's local data sees it. Every call names the scope's account
 * (docs/security.md): the main side refuses one for an account that is no longer current (`wrong-account`),
 * so a window that missed `account-changed` cannot save its orders into another account.
 * Once closed (a switch started), no call leaves, every answer still on its way is refused and no
 * event is delivered: an answer from the next account can never land in this account's database
 * (ARCHITECTURE §4: two accounts never mix).
 */
export interface ScopedBridge {
  readonly client: BridgeClient;
  readonly closed: boolean;
  close(): void;
}

export interface ScopeOptions {
  /** The account this scope serves; unknown (a fresh window): learnt from the first getAppInfo. */
  accountKey?: string | null;
  /** The main side said this scope's account is no longer current. */
  onWrongAccount?: () => void;
}

/** The code of a call a closing scope did not send, or whose answer it dropped: the account is being switched. */
export const SWITCHING_CODE = 'account-switched' satisfies ErrorCode;

export function scopeBridge(root: BridgeClient, options: ScopeOptions = {}): ScopedBridge {
  let closed = false;
  const unsubscribers = new Set<() => void>();
  // Not sent at all: nothing was saved, and the screen says so.
  const notSent = () => new BridgeError({ kind: 'unreachable', code: SWITCHING_CODE, detail: 'the account scope is closed: not sent' });
  const refused = () => new BridgeError({ kind: 'internal', code: SWITCHING_CODE, detail: 'the account scope closed while the call ran' });
  /** The scope's account once known; `learning`: the getAppInfo that will tell it. */
  let accountKey: string | null = options.accountKey ?? null;
  let learning: Promise<string> | null = null;
  let reportedWrongAccount = false;

  const wrongAccount = (detail: string) => {
    if (!reportedWrongAccount) {
      reportedWrongAccount = true;
      options.onWrongAccount?.();
    }
    return new BridgeError({ kind: 'wrong-account', code: 'wrong-account', detail });
  };
  const rethrow = (error: unknown): never => {
    if (error instanceof BridgeError && error.kind === 'wrong-account') wrongAccount(error.detail ?? error.message);
    throw error;
  };

  /** getAppInfo names no account; its answer tells (or checks) which account this scope is. */
  async function getAppInfo(input: BridgeInput<'getAppInfo'>): Promise<AppInfo> {
    if (closed) throw notSent();
    const info = await root.getAppInfo(input);
    if (closed) throw refused();
    accountKey ??= info.accountKey;
    if (accountKey !== info.accountKey) throw wrongAccount(`this screen: ${accountKey}; current: ${info.accountKey}`);
    return info;
  }

  function learnAccount(): Promise<string> {
    learning ??= getAppInfo({}).then(
      (info) => info.accountKey,
      (error: unknown) => {
        learning = null; // ask again next time
        throw error;
      },
    );
    return learning;
  }

  async function call(name: OperationName, input: unknown): Promise<unknown> {
    if (closed) throw notSent();
    if (accountKey === null) {
      // Nothing of this call has left yet, whatever happens to the question.
      await learnAccount().catch((error: unknown) => {
        throw closed ? notSent() : error;
      });
      if (closed) throw notSent();
    }
    const send = root[name] as (input: unknown, context: BridgeCallContext) => Promise<unknown>;
    const value = await send(input, { accountKey: accountKey! }).catch(rethrow);
    // A committed queue write is about this scope's account: its answer counts (queueWriteOperations).
    if (closed && !queueWriteOperations.has(name)) throw refused();
    return value;
  }

  const operations = Object.fromEntries(operationNames.map((name) => [name, name === 'getAppInfo' ? getAppInfo : (input: unknown) => call(name, input)]));
  const client = {
    ...operations,
    onEvent(listener: (event: BridgeEvent) => void) {
      if (closed) return () => {};
      const unsubscribe = root.onEvent((event) => {
        if (!closed) listener(event);
      });
      unsubscribers.add(unsubscribe);
      return () => {
        unsubscribers.delete(unsubscribe);
        unsubscribe();
      };
    },
  } as BridgeClient;

  return {
    client,
    get closed() {
      return closed;
    },
    close() {
      if (closed) return;
      closed = true;
      for (const unsubscribe of unsubscribers) unsubscribe();
      unsubscribers.clear();
    },
  };
}

/** What the app renders from: the data-owning subtree is keyed by `id` and uses `bridge`. */
export interface AccountScope {
  /** Changes each time the terminal starts over on an account. */
  readonly id: number;
  readonly bridge: BridgeClient;
}

export interface AccountScopes {
  current(): AccountScope;
  subscribe(listener: () => void): () => void;
  /**
   * Saves the settings and switches account: the current scope is closed BEFORE the request
   * leaves, and a new one opens when the answer is back (whatever it is), so the subtree restarts
   * on the account now in use.
   */
  switchAccount(input: BridgeInput<'saveSettings'>): Promise<BridgeOutput<'saveSettings'>>;
  /** Follows `account-changed` from elsewhere (another browser window); returns the unsubscribe. */
  follow(): () => void;
}

export function createAccountScopes(root: BridgeClient): AccountScopes {
  /** A scope for `accountKey` (null: learnt from its first getAppInfo). */
  const open = (accountKey: string | null): ScopedBridge => {
    const opened: ScopedBridge = scopeBridge(root, {
      accountKey,
      // The account changed without this window hearing of it: start over on the current one.
      onWrongAccount: () => {
        if (scoped === opened && !switching) renew(null);
      },
    });
    return opened;
  };
  let scoped = open(null);
  let scope: AccountScope = { id: 0, bridge: scoped.client };
  let switching = false;
  /** The account the last switch landed on: its own late `account-changed` is not news. */
  let knownAccountKey: string | null = null;
  const listeners = new Set<() => void>();

  const renew = (accountKey: string | null) => {
    scoped.close();
    scoped = open(accountKey);
    scope = { id: scope.id + 1, bridge: scoped.client };
    for (const listener of listeners) listener();
  };

  return {
    current: () => scope,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async switchAccount(input) {
      switching = true;
      scoped.close();
      let landedOn: string | null = null;
      try {
        const result = await root.saveSettings(input);
        knownAccountKey = landedOn = result.accountKey;
        return result;
      } finally {
        switching = false;
        renew(landedOn);
      }
    },
    follow() {
      // Another window (browser shell) may switch the account: start over on it too.
      return root.onEvent((event) => {
        if (event.type !== 'account-changed' || switching || event.accountKey === knownAccountKey) return;
        knownAccountKey = event.accountKey;
        renew(event.accountKey);
      });
    },
  };
}
