import { BridgeError, operationNames, type BridgeClient, type BridgeEvent, type BridgeInput, type BridgeOutput } from '../../../../shared/bridge';

/**
 * The bridge as one account's local data sees it. Once closed (a switch started), every answer
 * still on its way is refused and no event is delivered: an answer from the next account can
 * never land in this account's database (ARCHITECTURE §4: two accounts never mix).
 */
export interface ScopedBridge {
  readonly client: BridgeClient;
  readonly closed: boolean;
  close(): void;
}

export const SWITCHING_MESSAGE = 'The terminal is switching to another account.';

export function scopeBridge(root: BridgeClient): ScopedBridge {
  let closed = false;
  const unsubscribers = new Set<() => void>();
  const refused = () => new BridgeError({ kind: 'internal', message: SWITCHING_MESSAGE });

  const operations = Object.fromEntries(
    operationNames.map((name) => [
      name,
      async (input: unknown) => {
        if (closed) throw refused();
        const call = root[name] as (input: unknown) => Promise<unknown>;
        const value = await call(input);
        if (closed) throw refused();
        return value;
      },
    ]),
  );
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
  let scoped = scopeBridge(root);
  let scope: AccountScope = { id: 0, bridge: scoped.client };
  let switching = false;
  /** The account the last switch landed on: its own late `account-changed` is not news. */
  let knownAccountKey: string | null = null;
  const listeners = new Set<() => void>();

  const renew = () => {
    scoped.close();
    scoped = scopeBridge(root);
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
      try {
        const result = await root.saveSettings(input);
        knownAccountKey = result.accountKey;
        return result;
      } finally {
        switching = false;
        renew();
      }
    },
    follow() {
      // Another window (browser shell) may switch the account: start over on it too.
      return root.onEvent((event) => {
        if (event.type !== 'account-changed' || switching || event.accountKey === knownAccountKey) return;
        knownAccountKey = event.accountKey;
        renew();
      });
    },
  };
}
