import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FloorRoom, FloorTable } from '../../../shared/bridge';
import { accountDbName, openAccountDb, type ComandaDb } from './db';
import { loadRoomsOrdered, readFloorSavedAt, saveFloor, tablesOfRoom } from './floorRepository';

function table(id: number, roomId: number, extra: Partial<FloorTable> = {}): FloorTable {
  return { id, roomId, name: String(id), x: id * 100, y: 50, width: 80, height: 80, color: '#88aaff', typeId: 1, isJoined: false, joinedWithId: null, ...extra };
}

const terraza: FloorRoom = { id: 1, name: 'Terraza', order: 2, active: true, tables: [table(10, 1), table(11, 1, { typeId: 2 })] };
const salon: FloorRoom = { id: 2, name: 'Salón', order: 1, active: true, tables: [table(20, 2), table(21, 2)] };
const privado: FloorRoom = { id: 3, name: 'Privado', order: 3, active: false, tables: [table(30, 3)] };

let db: ComandaDb;
let counter = 0;
function freshDb(): ComandaDb {
  db = openAccountDb(`test-${Date.now()}-${counter++}`);
  return db;
}

afterEach(async () => {
  await db?.delete();
});

describe('floorRepository', () => {
  it('names one database per account', () => {
    expect(accountDbName('bar-pepe@api.example.com')).toBe('comanda-bar-pepe@api.example.com');
  });

  it('saves the floor and reads it back in order, tables by room', async () => {
    const db = freshDb();
    await saveFloor(db, [terraza, salon, privado]);

    expect((await loadRoomsOrdered(db)).map((room) => room.name)).toEqual(['Salón', 'Terraza']);
    expect((await loadRoomsOrdered(db, { includeInactive: true })).map((room) => room.id)).toEqual([2, 1, 3]);
    expect(await tablesOfRoom(db, 1)).toEqual(terraza.tables);
    expect((await tablesOfRoom(db, 2)).map((t) => t.id)).toEqual([20, 21]);
    // Rooms are stored without their nested tables.
    expect(await db.rooms.get(1)).toEqual({ id: 1, name: 'Terraza', order: 2, active: true });
  });

  it('records when the floor was saved', async () => {
    const db = freshDb();
    expect(await readFloorSavedAt(db)).toBeNull();
    const savedAt = new Date('2025-11-22T13:45:00.000Z');
    await expect(saveFloor(db, [salon], savedAt)).resolves.toBe('2025-11-22T13:45:00.000Z');
    expect(await readFloorSavedAt(db)).toBe('2025-11-22T13:45:00.000Z');
  });

  it('drops a room that vanished upstream, with its tables', async () => {
    const db = freshDb();
    await saveFloor(db, [terraza, salon]);
    await saveFloor(db, [salon]);

    expect((await loadRoomsOrdered(db)).map((room) => room.id)).toEqual([2]);
    expect(await tablesOfRoom(db, 1)).toEqual([]);
    expect(await db.floorTables.count()).toBe(2);
  });

  it('drops a table that moved away or vanished, and files a table under the room that lists it', async () => {
    const db = freshDb();
    await saveFloor(db, [terraza, salon]);
    await saveFloor(db, [{ ...terraza, tables: [table(10, 99)] }, salon]);
    expect((await tablesOfRoom(db, 1)).map((t) => t.id)).toEqual([10]);
    expect(await tablesOfRoom(db, 99)).toEqual([]);
  });

  it('leaves the previous floor intact when the write fails', async () => {
    const db = freshDb();
    const firstSavedAt = await saveFloor(db, [terraza, salon], new Date('2025-11-21T09:00:00.000Z'));

    // An object is not a valid IndexedDB key: bulkPut throws inside the transaction, after clear().
    const broken: FloorRoom = { ...salon, tables: [table(20, 2), { ...table(21, 2), id: {} as unknown as number }] };
    await expect(saveFloor(db, [broken], new Date('2025-11-22T09:00:00.000Z'))).rejects.toThrow();

    expect((await loadRoomsOrdered(db)).map((room) => room.id)).toEqual([2, 1]);
    expect((await tablesOfRoom(db, 1)).map((t) => t.id)).toEqual([10, 11]);
    expect(await db.floorTables.count()).toBe(4);
    expect(await readFloorSavedAt(db)).toBe(firstSavedAt);
  });
});
