import type { BridgeEvent, ConnectionState } from '../../../shared/bridge';
import type { SettingsOperations } from '../bridge/handlers';
import { createConnectivityMonitor } from '../connection/connectivity';
import type { AccountImages } from '../images/account';
import type { TerminalHandlers } from '../lock/terminalHandlers';
import { openQueueService, type QueueServiceOptions } from '../queue/service';
import type { DemoSandboxes } from './demo';
import type { AccountRegistry } from './registry';

export const APP_VERSION = '0.1.0';

/** What the core gives every account it opens, venue or shop. */
export interface AccountServices {
  readonly shell: 'electron' | 'browser';
  readonly dataDir: string;
  /** Per-request timeout of vendor calls. */
  readonly timeoutMs: number;
  readonly log: (line: string) => void;
  /** Events for every window; an account sends only while it is current. */
  readonly emit: (event: BridgeEvent) => void;
  readonly demo: DemoSandboxes;
  readonly registry: AccountRegistry;
  readonly images: AccountImages;
  /** getSettings, saveSettings, testConnection: the settings service's, the same for every account. */
  readonly settings: SettingsOperations;
  /** The terminal's preferences and lock: the core's, shared by every account. */
  readonly terminal: TerminalHandlers;
}

/**
 * What a venue and a shop account share: their connection (vendor calls report what they saw,
 * probes fill the silences; only the current account's changes reach the renderer — activate()
 * catches up a new one) and their order queue, which drains from open to close, current or not,
 * window or not. `deliver` is read when the queue sends, after the gateway exists.
 */
export function accountPlumbing(
  services: AccountServices,
  accountKey: string,
  baseUrl: string,
  isCurrent: () => boolean,
  deliverEntry: QueueServiceOptions['deliver'],
) {
  const connectionListeners = new Set<(state: ConnectionState) => void>();
  const connectivity = createConnectivityMonitor({
    baseUrl,
    onChange: (state) => {
      if (isCurrent()) services.registry.setConnection(state);
      for (const listener of connectionListeners) listener(state);
    },
  });
  const openQueue = () =>
    openQueueService({
      dataDir: services.dataDir,
      accountKey,
      deliver: deliverEntry,
      connection: {
        state: () => connectivity.state,
        onChange(listener) {
          connectionListeners.add(listener);
          return () => connectionListeners.delete(listener);
        },
      },
      log: services.log,
      onChange: ({ revision, storageProblem }) => {
        if (isCurrent()) services.emit({ type: 'queue-changed', revision, storageProblem });
      },
    });
  return { connectivity, openQueue };
}

/** Events of one account: sent only while it is the current one. */
export function currentOnly(services: AccountServices, isCurrent: () => boolean): (event: BridgeEvent) => void {
  return (event) => {
    if (isCurrent()) services.emit(event);
  };
}
