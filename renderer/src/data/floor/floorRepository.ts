import type { FloorDb, StoredRoom, StoredTable } from '../catalog/catalogDb';
import type { ComandaDb } from '../db';

// The floor plan is written by the catalog sync (sync.ts: rooms with their tables, one page per
// transaction, into a new generation); these are its reads.

/** Rooms in the back office's order; inactive rooms are left out of the floor plan by default. */
export async function loadRoomsOrdered(db: FloorDb, options: { includeInactive?: boolean } = {}): Promise<StoredRoom[]> {
  const rooms = await db.rooms.orderBy('order').toArray();
  return options.includeInactive ? rooms : rooms.filter((room) => room.active);
}

/** The tables of one room (indexed by roomId, never the whole table). */
export function tablesOfRoom(db: FloorDb, roomId: number): Promise<StoredTable[]> {
  return db.floorTables.where('roomId').equals(roomId).toArray();
}

/** When the version 1 floor plan (db.ts) was saved from the server (ISO), or null. */
export async function readFloorSavedAt(db: ComandaDb): Promise<string | null> {
  return (await db.meta.get('floorSavedAt'))?.value ?? null;
}
