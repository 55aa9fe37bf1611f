import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type { FloorRoom, FloorTable, SyncResource } from '../../../shared/bridge';
import type { GenerationPointerRow } from './sync/generationPointer';

/** A room as stored: its tables live in their own table, indexed by roomId. */
export type StoredRoom = Omit<FloorRoom, 'tables'>;
export type StoredTable = FloorTable;

/** Small facts about the local copy, e.g. `{ key: 'floorSavedAt', value: '2025-11-22T10:00:00.000Z' }`. */
export interface MetaEntry {
  key: MetaKey;
  value: string;
}
/** `floorSavedAt`: when the version 1 floor plan (`rooms`/`floorTables` below) was saved. */
export type MetaKey = 'floorSavedAt';

/**
 * One catalog generation (ARCHITECTURE §4.2): a complete copy of the venue in its own database
 * (`catalogDb.ts`). Exactly one row is `current` once a sync has succeeded; the switch to a new
 * generation is one transaction over this table (sync/generationPointer.ts, as the shop's).
 */
export type GenerationRow = GenerationPointerRow<string, SyncResource>;

export type ComandaDb = Dexie & {
  /** Version 1 floor plan: read only until the first catalog generation exists (see SCHEMA_V2). */
  rooms: EntityTable<StoredRoom, 'id'>;
  floorTables: EntityTable<StoredTable, 'id'>;
  meta: EntityTable<MetaEntry, 'key'>;
  generations: EntityTable<GenerationRow, 'n'>;
};

/**
 * Version 1 (2026-11-22): the floor plan. A shipped version is never edited; a change adds
 * `SCHEMA_V2` and `db.version(2).stores(SCHEMA_V2).upgrade(...)` with a dated comment.
 */
const SCHEMA_V1 = {
  rooms: 'id, order',
  // Not `tables`: Dexie's own `db.tables` (the list of every store) would shadow it.
  floorTables: 'id, roomId',
  meta: 'key',
} as const;

/**
 * Version 2 (2026-11-22): the catalog, floor and customers move into one database per
 * generation (`comanda-<accountKey>-gen-<n>`, catalogDb.ts); this database keeps the pointer.
 * No upgrade() is needed: the version only adds a store. The version 1 floor stays where it is and
 * is shown until the first generation exists, so a terminal updated from version 1 that starts
 * offline still has its plan; the first successful sync empties it (a later version may drop it).
 */
const SCHEMA_V2 = {
  generations: '++n, state',
} as const;

/** Local data is kept per account (ARCHITECTURE §4): switching venue never mixes floor plans. */
export function accountDbName(accountKey: string): string {
  return `comanda-${accountKey}`;
}

export function openAccountDb(accountKey: string, options?: DexieOptions): ComandaDb {
  const db = new Dexie(accountDbName(accountKey), options) as ComandaDb;
  db.version(1).stores(SCHEMA_V1);
  db.version(2).stores(SCHEMA_V2);
  return db;
}
