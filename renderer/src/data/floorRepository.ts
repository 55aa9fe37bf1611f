import type { FloorRoom } from '../../../shared/bridge';
import type { ComandaDb, StoredRoom, StoredTable } from './db';

/**
 * Replaces the local floor plan with the server's, all or nothing: one read-write transaction
 * clears and refills rooms and tables, so a room that vanished upstream vanishes here too, and a
 * failed write leaves the previous plan in place. Returns the recorded `floorSavedAt`.
 */
export async function saveFloor(db: ComandaDb, rooms: FloorRoom[], savedAt: Date = new Date()): Promise<string> {
  const roomRows: StoredRoom[] = rooms.map(({ tables: _tables, ...room }) => room);
  // The room a table is listed under is the one it is drawn in, so its roomId follows the nesting.
  const tableRows: StoredTable[] = rooms.flatMap((room) => room.tables.map((table) => ({ ...table, roomId: room.id })));
  const value = savedAt.toISOString();

  await db.transaction('rw', db.rooms, db.floorTables, db.meta, async () => {
    await db.rooms.clear();
    await db.floorTables.clear();
    await db.rooms.bulkPut(roomRows);
    await db.floorTables.bulkPut(tableRows);
    await db.meta.put({ key: 'floorSavedAt', value });
  });
  return value;
}

/** Rooms in the back office's order; inactive rooms are left out of the floor plan by default. */
export async function loadRoomsOrdered(db: ComandaDb, options: { includeInactive?: boolean } = {}): Promise<StoredRoom[]> {
  const rooms = await db.rooms.orderBy('order').toArray();
  return options.includeInactive ? rooms : rooms.filter((room) => room.active);
}

/** The tables of one room (indexed by roomId, never the whole table). */
export function tablesOfRoom(db: ComandaDb, roomId: number): Promise<StoredTable[]> {
  return db.floorTables.where('roomId').equals(roomId).toArray();
}

/** When the floor plan on this terminal was last saved from the server (ISO), or null. */
export async function readFloorSavedAt(db: ComandaDb): Promise<string | null> {
  return (await db.meta.get('floorSavedAt'))?.value ?? null;
}
