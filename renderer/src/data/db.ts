import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type { FloorRoom, FloorTable } from '../../../shared/bridge';

/** A room as stored: its tables live in their own table, indexed by roomId. */
export type StoredRoom = Omit<FloorRoom, 'tables'>;
export type StoredTable = FloorTable;

/** Small facts about the local copy, e.g. `{ key: 'floorSavedAt', value: '2025-11-22T10:00:00.000Z' }`. */
export interface MetaEntry {
  key: MetaKey;
  value: string;
}
export type MetaKey = 'floorSavedAt';

export type ComandaDb = Dexie & {
  rooms: EntityTable<StoredRoom, 'id'>;
  floorTables: EntityTable<StoredTable, 'id'>;
  meta: EntityTable<MetaEntry, 'key'>;
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

/** Local data is kept per account (ARCHITECTURE §4): switching venue never mixes floor plans. */
export function accountDbName(accountKey: string): string {
  return `comanda-${accountKey}`;
}

export function openAccountDb(accountKey: string, options?: DexieOptions): ComandaDb {
  const db = new Dexie(accountDbName(accountKey), options) as ComandaDb;
  db.version(1).stores(SCHEMA_V1);
  return db;
}
