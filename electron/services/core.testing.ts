import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { queueSnapshotSchema, type BridgeEvent, type BridgeResult, type EntryDraft, type QueueSnapshot, type TableService } from '../../shared/bridge';
import type { RunningSandbox } from '../sandbox';
import { demoSandboxes } from '../sandbox/demo';
import { startAppCore, type AppCore, type AppCoreOptions } from './core';
import { roundDraft, seatingDraft } from './queue/dispatcher.testing';
import { createFileShopVault, createFileVault } from './secrets/vault.file';

// The main side as the core tests start it: a browser-shell core on a fresh data folder, the demo
// sandbox's rate limit lifted, everything it logs and emits recorded, and closed after each test.

/** Rate limit lifted for tests that make many calls (the limiter has its own tests). */
export const LIFTED = { requestsPerMinute: 100_000 };

export interface TestCore {
  core: AppCore;
  vault: ReturnType<typeof createFileVault>;
  /** The shop's vault slot. */
  shopVault: ReturnType<typeof createFileShopVault>;
  dataDir: string;
  logged: string[];
  events: BridgeEvent[];
  /** A bridge call naming the current account, as a window of this account makes it. */
  call(name: string, input?: unknown): Promise<BridgeResult<unknown>>;
}

/** Registers the after-each clean-up; call once at the top of a test file. */
export function coreFixture(prefix = 'comanda-core-') {
  const cores: AppCore[] = [];
  const servers: Array<Pick<RunningSandbox, 'close'>> = [];
  afterEach(async () => {
    await Promise.all(cores.splice(0).map((core) => core.close()));
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return {
    /** Closes this server (a sandbox, a recording server) after the test. */
    track<T extends Pick<RunningSandbox, 'close'>>(server: T): T {
      servers.push(server);
      return server;
    },
    async start(account?: AppCoreOptions['account'], dataDir?: string): Promise<TestCore> {
      const dir = dataDir ?? (await mkdtemp(join(tmpdir(), prefix)));
      const vault = createFileVault(dir);
      const shopVault = createFileShopVault(dir);
      const logged: string[] = [];
      const core = await startAppCore({
        shell: 'browser',
        dataDir: dir,
        vault,
        shopVault,
        account,
        timeoutMs: 5_000,
        env: {},
        demo: demoSandboxes({ venue: { limits: LIFTED } }),
        log: (line) => logged.push(line),
      });
      cores.push(core);
      const events: BridgeEvent[] = [];
      core.onEvent((event) => events.push(event));
      const call = (name: string, input: unknown = {}) => core.dispatcher.dispatch(name, input, { accountKey: core.accountKey });
      return { core, vault, shopVault, dataDir: dir, logged, events, call };
    },
  };
}

/** The value of a bridge call that must succeed (the error in the failure message otherwise). */
export function bridgeValue<T>(result: BridgeResult<unknown>): T {
  if (!result.ok) throw new Error(`bridge call failed: ${JSON.stringify(result.error)}`);
  return result.value as T;
}

/** The floor as the sync reads it: the first page of rooms, tables included (spec: hospitality 4.2 `V2/rooms?withTables`). */
export const ROOMS_PAGE = { pages: [{ resource: 'rooms', page: 1 }] };

/** The first page of payment methods (spec: hospitality 4.2 `V2/paymentMethods`). */
export const PAYMENT_METHODS_PAGE = { pages: [{ resource: 'paymentMethods', page: 1 }] };

/** The rooms of a `fetchSyncPages` call for ROOMS_PAGE that must succeed. */
export function roomsOf(result: BridgeResult<unknown>): Array<{ id: number; name: string; tables: Array<{ id: number; name: string }> }> {
  const { pages } = bridgeValue<{ pages: Array<{ records: Array<{ id: number; name: string; tables?: Array<{ id: number; name: string }> }> }> }>(result);
  return (pages[0]?.records ?? []).map((room) => ({ ...room, tables: room.tables ?? [] }));
}

/** An open table service of these tables (the primary last), seated now. */
export function tableService(tableIds: number[]): TableService {
  return {
    id: randomUUID(),
    tableIds,
    primaryTableId: tableIds.at(-1)!,
    tableNames: tableIds.map((id) => `T${id}`),
    guests: 2,
    customer: null,
    notes: '',
    seatedAt: new Date().toISOString(),
    open: 1,
    closedAt: null,
  };
}

/** `seatService`'s input: a service with its seating and a first round, as the renderer submits them. */
export function seating(tableIds: number[]): { service: TableService; drafts: EntryDraft[] } {
  const service = tableService(tableIds);
  return {
    service,
    drafts: [seatingDraft(tableIds, { serviceId: service.id }), roundDraft(service.primaryTableId, { serviceId: service.id })],
  };
}

export async function readQueue(terminal: Pick<TestCore, 'call'>): Promise<QueueSnapshot> {
  return queueSnapshotSchema.parse(bridgeValue(await terminal.call('getQueue')));
}

/** Polls `getQueue` until `done` holds; generous for a slow machine. */
export async function waitForQueue(terminal: Pick<TestCore, 'call'>, done: (queue: QueueSnapshot) => boolean, what: string): Promise<QueueSnapshot> {
  const started = Date.now();
  for (;;) {
    const queue = await readQueue(terminal);
    if (done(queue)) return queue;
    if (Date.now() - started > 20_000)
      throw new Error(`${what}: not reached; queue ${JSON.stringify(queue.entries.map((e) => [e.kind, e.state, e.lastError?.code]))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
