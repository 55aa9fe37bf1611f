import type { BridgeEvent, ConnectionState } from '../../shared/bridge';
import { createDispatcher, type Dispatcher } from './dispatcher';
import { createBridgeHandlers } from './handlers';
import { createGateway, type Gateway } from './gateway';
import type { AccountSecrets, CredentialsVault } from './vault';
import { DEMO_ACCOUNT, startSandbox, type RunningSandbox } from '../sandbox';

/** Which venue the terminal talks to. */
export type AccountChoice =
  | { mode: 'demo' }
  | {
      mode: 'account';
      /** Host root, e.g. https://integrations.example.com (paths of spec §4 are appended). */
      baseUrl: string;
      /** Given on the command line: saved to the vault at start. Otherwise read from the vault. */
      secrets?: AccountSecrets;
    };

export interface AppCoreOptions {
  shell: 'electron' | 'browser';
  dataDir: string;
  vault: CredentialsVault;
  account: AccountChoice;
  /** Per-request timeout of vendor calls. */
  timeoutMs?: number;
  log?: (line: string) => void;
}

/** The shell-independent main side: what both shells start and wire to their transport. */
export interface AppCore {
  readonly dispatcher: Dispatcher;
  /** Events for the renderer (connection changes, …). Returns an unsubscribe function. */
  onEvent(listener: (event: BridgeEvent) => void): () => void;
  /** URL of the embedded sandbox in demo mode, else null. */
  readonly sandboxUrl: string | null;
  close(): Promise<void>;
}

export const APP_VERSION = '0.1.0';

export async function startAppCore(options: AppCoreOptions): Promise<AppCore> {
  const log = options.log ?? (() => {});
  const listeners = new Set<(event: BridgeEvent) => void>();
  const emit = (event: BridgeEvent) => {
    for (const listener of listeners) listener(event);
  };

  let sandbox: RunningSandbox | null = null;
  let baseUrl: string;
  let secrets: () => Promise<AccountSecrets | null>;
  let accountKey: string;

  if (options.account.mode === 'demo') {
    // Demo venue: the embedded sandbox on a free loopback port (ARCHITECTURE §6).
    sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
    baseUrl = sandbox.url;
    secrets = async () => DEMO_ACCOUNT;
    accountKey = 'demo';
    log(`demo venue: embedded sandbox at ${sandbox.url}`);
  } else {
    baseUrl = options.account.baseUrl.replace(/\/+$/, '');
    if (options.account.secrets) await options.vault.save(options.account.secrets);
    const stored = options.account.secrets ?? (await options.vault.load());
    // Local data is kept per account: the same tenant on another server is another account.
    accountKey = `${stored?.tenant ?? 'unknown'}@${new URL(baseUrl).host}`;
    secrets = () => options.vault.load();
  }

  let connection: ConnectionState | null = null;
  const setConnection = (state: ConnectionState) => {
    if (state === connection) return;
    connection = state;
    emit({ type: 'connection', state, at: new Date().toISOString() });
  };

  const gateway: Gateway = createGateway({
    baseUrl,
    secrets,
    timeoutMs: options.timeoutMs ?? 10_000,
    onReachability: (reachable) => setConnection(reachable ? 'online' : 'offline'),
  });

  const handlers = createBridgeHandlers({
    shell: options.shell,
    mode: options.account.mode,
    accountKey,
    version: APP_VERSION,
    gateway,
    vault: options.vault,
  });

  return {
    dispatcher: createDispatcher(handlers, log),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sandboxUrl: sandbox?.url ?? null,
    async close() {
      listeners.clear();
      await sandbox?.close();
    },
  };
}
