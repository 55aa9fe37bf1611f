import { BridgeError, coded, type BridgeErrorKind, type ErrorCode, type ErrorParams, type ErrorText } from '../../../../shared/bridge';

// How a sync of either service fails (docs/decisions.md "One sync engine for venue and shop"):
// one failure type, worded for the waiter by its code, for the engineer by its detail.

export type SyncFailureKind = 'connection' | 'server' | 'invalid-data' | 'inconsistent' | 'storage' | 'aborted';

/**
 * Why a sync failed: `code` and `params` for the waiter (renderer/src/i18n/errorText.ts
 * syncFailureText words them and adds that the saved catalog stays), `detail` for the engineer.
 */
export class SyncFailure extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;
  constructor(
    readonly kind: SyncFailureKind,
    text: ErrorText,
    readonly detail: string,
    /** The bridge's kind when the failure came from a bridge call (offline, unauthorised, …). */
    readonly bridgeKind: BridgeErrorKind | null = null,
  ) {
    super(text.code);
    this.name = 'SyncFailure';
    this.code = text.code;
    this.params = text.params;
  }
}

/** Failures worth a second try of the same call: the server may well answer next time. */
export const transient: ReadonlySet<BridgeErrorKind> = new Set<BridgeErrorKind>(['timeout', 'server-error', 'rate-limited']);

export function bridgeFailure(error: unknown, where: string): SyncFailure {
  if (error instanceof BridgeError) {
    const connection = error.kind === 'offline' || error.kind === 'timeout';
    return new SyncFailure(
      connection ? 'connection' : 'server',
      coded(error.code, error.params),
      `${where}: ${error.kind}${error.detail ? `: ${error.detail}` : ''}`,
      error.kind,
    );
  }
  return new SyncFailure('server', coded('sync-local-service-failed'), `${where}: ${describe(error)}`);
}

export function inconsistent(detail: string): SyncFailure {
  return new SyncFailure('inconsistent', coded('sync-inconsistent'), detail);
}

/** A record that does not read as its resource's: nothing of that sync is kept. */
export function unreadable(detail: string): SyncFailure {
  return new SyncFailure('invalid-data', coded('sync-unreadable-data'), detail);
}

export function storageFailure(error: unknown): SyncFailure {
  if (error instanceof SyncFailure) return error;
  return new SyncFailure('storage', coded('sync-storage'), describe(error));
}

export function aborted(): SyncFailure {
  return new SyncFailure('aborted', coded('sync-aborted'), 'aborted');
}

export function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
