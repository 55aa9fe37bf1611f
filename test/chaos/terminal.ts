// A terminal without a window, for the chaos test and the outbox benchmark: the real main side
// (startAppCore: gateway, limiter, connectivity probe, deliverOrder) on a real account pointing
// at a sandbox, and the renderer's data layer (sync engine, outbox, dispatcher) in Node over
// fake-indexeddb. Only the IPC/HTTP hop of the bridge is left out: every call still goes through
// the bridge dispatcher, which validates input and output with the operation table's schemas.
import 'fake-indexeddb/auto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppCore, type AppCore } from '../../electron/services/core';
import { createFileVault } from '../../electron/services/vault.file';
import { BridgeError, operationNames, type BridgeClient, type BridgeResult } from '../../shared/bridge';
import type { CatalogDb } from '../../renderer/src/data/catalogDb';
import { openAccountDb } from '../../renderer/src/data/db';
import { syncCatalog } from '../../renderer/src/data/sync';

export interface HeadlessTerminal {
  core: AppCore;
  bridge: BridgeClient;
  accountKey: string;
  /** Key of this run's local databases. */
  localKey: string;
  catalog: CatalogDb;
  close(): Promise<void>;
}

export async function startHeadlessTerminal(sandboxUrl: string, options: { requestsPerMinute: number; timeoutMs?: number }): Promise<HeadlessTerminal> {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-headless-'));
  const core = await startAppCore({
    shell: 'browser',
    dataDir,
    vault: createFileVault(dataDir),
    account: { mode: 'account', baseUrl: sandboxUrl, secrets: { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' } },
    requestsPerMinute: options.requestsPerMinute,
    timeoutMs: options.timeoutMs ?? 5_000,
  });
  // As the renderer's scoped bridge does: every call names this terminal's account; the value,
  // or a thrown BridgeError.
  const ownAccount = { accountKey: core.accountKey };
  const calls = Object.fromEntries(
    operationNames.map((name) => [
      name,
      async (input: unknown) => {
        const result = (await core.dispatcher.dispatch(name, JSON.parse(JSON.stringify(input ?? {})), ownAccount)) as BridgeResult<unknown>;
        if (!result.ok) throw new BridgeError(result.error);
        return result.value;
      },
    ]),
  );
  const bridge = { ...calls, onEvent: (listener: Parameters<BridgeClient['onEvent']>[0]) => core.onEvent(listener) } as unknown as BridgeClient;
  const accountKey = core.accountKey;
  // Local data under a key of its own per run (fake-indexeddb lives as long as the process).
  const localKey = `${accountKey}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const accountDb = openAccountDb(localKey);
  // The catalog only: photos are the image cache's business, not this terminal's.
  const synced = await syncCatalog({ bridge: { ...bridge, syncImages: async () => ({ queued: 0, done: 0, failed: 0 }) }, accountKey: localKey, accountDb, log: () => {} });
  return {
    core,
    bridge,
    accountKey,
    localKey,
    catalog: synced.db,
    async close() {
      synced.db.close();
      accountDb.close();
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
