import Dexie, { type EntityTable } from 'dexie';
import { z } from 'zod';
import {
  BridgeError,
  outboxEntrySchema,
  tableServiceSchema,
  upgradeLegacyError,
  upgradeLegacyLabel,
  type BridgeClient,
  type ErrorCode,
  type OutboxEntry,
  type TableService,
} from '../../../../shared/bridge';

// Upgrade. Until this version each account's order outbox and table services
// lived in the renderer's IndexedDB (`comanda-<accountKey>-outbox`). On the first start of an
// account, what is still there is handed to the main side's queue once — importQueue skips ids it
// already holds, so a hand-off repeated after a crash duplicates nothing — and only after the
// main side took all of it is the old database deleted. Read-only: nothing here writes to it.

/**
 * The previous version's schema, version 1 (2026-11-22), exactly as shipped: a shipped
 * schema is never edited. Opening with it leaves an existing database as it is.
 */
export const LEGACY_OUTBOX_SCHEMA_V1 = {
  entries: 'id, &seq, state, pending, serviceId, *tableIds',
  services: 'id, open, *tableIds',
} as const;

export function legacyOutboxDbName(accountKey: string): string {
  return `comanda-${accountKey}-outbox`;
}

type LegacyOutboxDb = Dexie & {
  entries: EntityTable<Record<string, unknown> & { id: string }, 'id'>;
  services: EntityTable<Record<string, unknown> & { id: string }, 'id'>;
};

/** Opens the old database with the shipped schema (tests write one the way the previous version did). */
export function openLegacyOutboxDb(accountKey: string): LegacyOutboxDb {
  const db = new Dexie(legacyOutboxDbName(accountKey)) as LegacyOutboxDb;
  db.version(1).stores(LEGACY_OUTBOX_SCHEMA_V1);
  return db;
}

// The old records as the queue takes them; keys the bridge does not know are left behind. Their
// lastError said English words (`message`): it becomes `legacy` with those words.
// Their place was English words too (`label`): upgraded before these read them.
const legacyEntrySchema = z.object({ ...outboxEntrySchema.shape, lastError: z.preprocess(upgradeLegacyError, outboxEntrySchema.shape.lastError) });
const legacyServiceSchema = z.object(tableServiceSchema.shape);

/** Answers to the closing call that need nothing more: closed already, or a PIN is set (an old terminal had none). */
const QUIET_REFUSALS: ReadonlySet<ErrorCode> = new Set(['queue-import-closed', 'pin-required']);

/** importQueue calls stay well under the browser shell's 1 MB request limit (an entry is ~1–5 KB). */
const ENTRIES_PER_CALL = 100;
const SERVICES_PER_CALL = 500;

export interface HandOverResult {
  /** No old database for this account: nothing to do (every start after the first). */
  found: boolean;
  entries: number;
  services: number;
  /** Records the main side already had (an earlier, interrupted hand-off). */
  skipped: number;
  /** Records that do not fit the queue's shapes: kept in the old database, which then stays. */
  unreadable: number;
  /** The old database was deleted: all of it is on the main side. */
  deleted: boolean;
  /** The main side refused the hand-off (`queue-import-closed`, `pin-required`): the old database stays. */
  refused?: ErrorCode;
}

export interface HandOverDeps {
  accountKey: string;
  bridge: Pick<BridgeClient, 'importQueue'>;
  log?: (line: string) => void;
}

/**
 * Hands the old outbox of this account over to the main side. Throws when an import fails: the
 * old database is then kept, and the next start tries again.
 */
export async function handOverLegacyOutbox(deps: HandOverDeps): Promise<HandOverResult> {
  const name = legacyOutboxDbName(deps.accountKey);
  const result: HandOverResult = { found: false, entries: 0, services: 0, skipped: 0, unreadable: 0, deleted: false };
  if (!(await Dexie.exists(name))) {
    // Nothing to hand over: the main side takes no hand-off for this account from now on
    // (docs/decisions.md, "The PIN guards the main side"). Refused once it was closed, or without
    // the PIN where one is set: either way nothing more is needed here.
    await deps.bridge.importQueue({ entries: [], services: [], last: true }).catch((error: unknown) => {
      if (!(error instanceof BridgeError && QUIET_REFUSALS.has(error.code))) throw error;
    });
    return result;
  }
  result.found = true;
  const db = openLegacyOutboxDb(deps.accountKey);
  try {
    const [rawEntries, rawServices] = await db.transaction('r', db.entries, db.services, () => Promise.all([db.entries.toArray(), db.services.toArray()]));
    const services = readAll(rawServices, legacyServiceSchema, result, deps.log, 'service');
    const namesOf = new Map(services.map((service) => [service.id, service.tableNames]));
    const entries = readAll(
      rawEntries.map((entry) => upgradeLegacyLabel(entry, (serviceId) => namesOf.get(serviceId))),
      legacyEntrySchema,
      result,
      deps.log,
      'entry',
    );
    // Services first: their entries refer to them. Each call is idempotent by id; the last one
    // (an empty one when there is nothing) ends the hand-off.
    const calls: { entries: OutboxEntry[]; services: TableService[] }[] = [];
    for (let i = 0; i < services.length; i += SERVICES_PER_CALL) calls.push({ entries: [], services: services.slice(i, i + SERVICES_PER_CALL) });
    const bySeq = [...entries].sort((a, b) => a.seq - b.seq);
    for (let i = 0; i < bySeq.length; i += ENTRIES_PER_CALL) calls.push({ entries: bySeq.slice(i, i + ENTRIES_PER_CALL), services: [] });
    if (calls.length === 0) calls.push({ entries: [], services: [] });
    try {
      for (const [index, call] of calls.entries()) {
        count(result, await deps.bridge.importQueue({ ...call, ...(index === calls.length - 1 ? { last: true } : {}) }));
      }
    } catch (error) {
      // Trying again would be refused the same way: the old database is kept, and looked at next start.
      if (!(error instanceof BridgeError && QUIET_REFUSALS.has(error.code))) throw error;
      result.refused = error.code;
    }
  } finally {
    db.close();
  }
  if (result.refused) {
    deps.log?.(`outbox hand-off refused (${result.refused}): the old outbox is kept`);
    return result;
  }
  if (result.unreadable === 0) {
    await Dexie.delete(name);
    result.deleted = true;
  }
  return result;
}

function count(result: HandOverResult, imported: { entries: number; services: number; skipped: number }) {
  result.entries += imported.entries;
  result.services += imported.services;
  result.skipped += imported.skipped;
}

function readAll<T extends OutboxEntry | TableService>(
  records: readonly unknown[],
  schema: z.ZodType<T>,
  result: HandOverResult,
  log: ((line: string) => void) | undefined,
  what: string,
): T[] {
  const read: T[] = [];
  for (const record of records) {
    const parsed = schema.safeParse(record);
    if (parsed.success) read.push(parsed.data);
    else {
      result.unreadable += 1;
      const id = typeof record === 'object' && record !== null && 'id' in record ? String(record.id) : '?';
      log?.(`outbox hand-off: ${what} ${id} does not fit the queue (${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}); the old database is kept`);
    }
  }
  return read;
}
