// A terminal without a window, for the chaos test and the outbox benchmark: the browser
// shell's server as a real process (`electron/web/cli.ts` on a data folder, pointed at a sandbox:
// the main side with its queue database and dispatcher), and the renderer's own code in Node —
// the catalog sync over fake-indexeddb, the outbox client that builds and submits every entry, and
// the queue feed. The bridge's HTTP hop speaks httpBridge.ts's protocol from Node. The process can
// be killed with SIGKILL and started again on the same data folder; the bridge follows it.
import 'fake-indexeddb/auto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'libsql';
import { z } from 'zod';
import { queueDatabaseFile } from '../../electron/services/queue/database';
import {
  ACCOUNT_KEY_HEADER,
  BridgeError,
  bridgeOperations,
  bridgeResultSchema,
  encodeAccountKeyHeader,
  operationNames,
  outboxEntrySchema,
  type BridgeClient,
  type OperationName,
  type OutboxEntry,
  type QueueSnapshot,
} from '../../shared/bridge';
import type { CatalogDb } from '../../renderer/src/data/catalog/catalogDb';
import { openAccountDb } from '../../renderer/src/data/db';
import { openOutbox } from '../../renderer/src/data/queue/outboxClient';
import type { Outbox } from '../../renderer/src/data/queue/outboxTypes';
import { startQueueFeed } from '../../renderer/src/data/queue/queueFeed';
import { createQueueStore, type QueueStoreApi } from '../../renderer/src/data/queue/queueStore';
import { syncCatalog } from '../../renderer/src/data/sync/sync';
import { stopChild, tokenFileArgs } from '../e2e/support/processes';

const ROOT = resolve(import.meta.dirname, '../..');

export interface ShellTerminal {
  /** The current process's bridge, scoped to the account (calls during a restart wait for it). */
  readonly bridge: BridgeClient;
  readonly accountKey: string;
  readonly catalog: CatalogDb;
  /** The renderer's outbox client over `bridge`. */
  readonly outbox: Outbox;
  readonly store: QueueStoreApi;
  readonly dataDir: string;
  /** The account's queue database file. */
  readonly queueFile: string;
  /** The main side's queue as getQueue answers now (`store` follows it through queueFeed). */
  readQueue(): Promise<QueueSnapshot>;
  /** SIGKILL, no warning; resolves once the process is gone. Entries it left `sending`, read from the file. */
  kill(): Promise<{ sendingAtKill: number }>;
  /** A new process on the same data folder (after kill()). */
  restart(): Promise<void>;
  /** Reads the queue database file with a connection of its own (WAL: beside the running server too). */
  readQueueFile<T>(read: (db: Database.Database) => T): T;
  /** Every entry the queue database holds, by seq (after stop(): nothing in flight). */
  readEntries(): OutboxEntry[];
  /** Stops the process politely (SIGTERM): its dispatcher records what is in flight. */
  stop(): Promise<void>;
  /** stop(), then removes the data folder. */
  close(): Promise<void>;
}

export interface ShellTerminalOptions {
  /** The server's request budget per account (`--requests-per-minute`). */
  requestsPerMinute: number;
}

interface ShellProcess {
  child: ChildProcess;
  exited: Promise<void>;
  client: BridgeClient;
  accountKey: string;
}

/**
 * Node with tsx's loader in-process, not the `tsx` wrapper: the wrapper runs the script in a child
 * of its own, so a SIGKILL sent to it would leave the real server running.
 */
async function startShellProcess(dataDir: string, backendUrl: string, options: ShellTerminalOptions): Promise<ShellProcess> {
  const args = [
    '--port',
    '0',
    '--data',
    dataDir,
    '--backend',
    backendUrl,
    '--requests-per-minute',
    String(options.requestsPerMinute),
    ...tokenFileArgs(dataDir),
  ];
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/web/cli.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let output = '';
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`the browser shell did not start in 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = output.match(/open (http:\/\/127\.0\.0\.1:\d+\/\?launch=[A-Za-z0-9_-]+)/);
      if (found) {
        clearTimeout(timer);
        done(found[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`the browser shell exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
  try {
    // The launch link, opened once as a browser does: its answer sets the session cookie.
    const launched = await fetch(url, { redirect: 'manual' });
    const cookie = launched.headers.get('set-cookie')?.split(';')[0];
    if (!cookie) throw new Error(`the launch link set no session cookie (HTTP ${launched.status})`);
    const origin = new URL(url).origin;
    // getAppInfo names no account; its answer says which one every other call must name.
    const { accountKey } = await httpBridgeClient(origin, cookie).getAppInfo({});
    return { child, exited, client: httpBridgeClient(origin, cookie, accountKey), accountKey };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
}

/**
 * The browser shell's bridge as the renderer's httpBridge.ts calls it — `POST /bridge/<op>` with
 * the session cookie, the result envelope and the output checked with the operation's schema — in
 * Node (httpBridge.ts itself is typed against the DOM).
 */
function httpBridgeClient(baseUrl: string, cookie: string, accountKey?: string): BridgeClient {
  const call = async (name: OperationName, input: unknown): Promise<unknown> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', cookie };
    if (accountKey !== undefined) headers[ACCOUNT_KEY_HEADER] = encodeAccountKeyHeader(accountKey);
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/bridge/${name}`, { method: 'POST', headers, body: JSON.stringify(input) });
    } catch (error) {
      throw new BridgeError({ kind: 'unreachable', code: 'local-service-not-answering', detail: `${name}: ${String(error)}` });
    }
    const text = await response.text();
    const envelope = bridgeResultSchema.safeParse(JSON.parse(text));
    if (!envelope.success) throw new Error(`${name}: HTTP ${response.status}, not a bridge result: ${text.slice(0, 200)}`);
    if (!envelope.data.ok) throw new BridgeError(envelope.data.error);
    return bridgeOperations[name].output.parse(envelope.data.value);
  };
  return {
    ...Object.fromEntries(operationNames.map((name) => [name, (input: unknown) => call(name, input)])),
    onEvent: () => () => {},
  } as unknown as BridgeClient;
}

const countRow = z.object({ count: z.number().int() });
const dataRow = z.object({ data: z.string() });

export async function startShellTerminal(backendUrl: string, options: ShellTerminalOptions): Promise<ShellTerminal> {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-shell-'));
  let current = await startShellProcess(dataDir, backendUrl, options);
  /** Settles when the process answering calls is up (a new one after a kill). */
  let ready: Promise<void> = Promise.resolve();
  const accountKey = current.accountKey;
  const queueFile = queueDatabaseFile(dataDir, accountKey);

  // Every operation on whichever process is current: the outbox client and the catalog sync hold
  // one bridge for the whole run.
  const bridge = {
    ...Object.fromEntries(
      operationNames.map((name) => [
        name,
        async (input: unknown) => {
          await ready;
          return (current.client[name] as (input: unknown) => Promise<unknown>)(input);
        },
      ]),
    ),
    onEvent: () => () => {},
  } as unknown as BridgeClient;

  const store = createQueueStore();
  // Local data under a key of its own per run (fake-indexeddb lives as long as the process).
  const localKey = `${accountKey}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const accountDb = openAccountDb(localKey);
  // The catalog only: photos are the image cache's business, not this terminal's.
  let synced: Awaited<ReturnType<typeof syncCatalog>>;
  try {
    synced = await syncCatalog({
      bridge: { ...bridge, syncImages: async () => ({ queued: 0, done: 0, failed: 0 }) },
      accountKey: localKey,
      accountDb,
      log: () => {},
    });
  } catch (error) {
    // Nobody will close a terminal that never started: its process and folder go now.
    accountDb.close();
    current.child.kill('SIGKILL');
    await current.exited;
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  // The store follows the main side as a window's does (events aside: this client reads when told).
  const feed = startQueueFeed({ bridge, store, log: () => {} });
  const outbox = openOutbox({ bridge, catalogDb: () => synced.db, store, refresh: () => void feed.refresh() });
  await feed.refresh();

  /** Calls made while the process is down wait for this; null while one is up. */
  let reopen: (() => void) | null = null;
  const stop = () => stopChild(current.child);

  /** Opens the queue file beside (or after) the server, reads, closes. */
  const withQueueFile = <T>(read: (db: Database.Database) => T): T => {
    const db = new Database(queueFile);
    try {
      return read(db);
    } finally {
      db.close();
    }
  };

  return {
    bridge,
    accountKey,
    catalog: synced.db,
    outbox,
    store,
    dataDir,
    queueFile,
    readQueue: () => bridge.getQueue({}),
    readQueueFile: withQueueFile,
    async kill() {
      ready = new Promise((done) => (reopen = done));
      current.child.kill('SIGKILL');
      await current.exited;
      // Still pending at the restart: the new process finds these `sending` (answers cut by the kill).
      const sendingAtKill = withQueueFile((db) => countRow.parse(db.prepare(`SELECT count(*) AS count FROM entries WHERE state = 'sending'`).get()).count);
      return { sendingAtKill };
    },
    async restart() {
      current = await startShellProcess(dataDir, backendUrl, options);
      if (current.accountKey !== accountKey) throw new Error(`the restarted shell is on ${current.accountKey}, not ${accountKey}`);
      reopen?.();
      reopen = null;
      // What a window does when its event stream reconnects.
      await feed.refresh({ force: true });
    },
    readEntries() {
      return withQueueFile((db) =>
        db
          .prepare('SELECT data FROM entries ORDER BY seq')
          .all()
          .map((row) => outboxEntrySchema.parse(JSON.parse(dataRow.parse(row).data))),
      );
    },
    stop,
    async close() {
      feed.stop();
      synced.db.close();
      accountDb.close();
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
