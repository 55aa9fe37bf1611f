import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FloorTable } from '../../../../shared/bridge';
import { openGenerationDb, type CatalogDb } from '../catalog/catalogDb';
import { accountDbName, openAccountDb } from '../db';
import { loadRoomsOrdered, readFloorSavedAt, tablesOfRoom } from './floorRepository';

function table(id: number, roomId: number, extra: Partial<FloorTable> = {}): FloorTable {
  return {
    id,
    roomId,
    name: String(id),
    x: id * 100,
    y: 50,
    width: 80,
    height: 80,
    color: '#88aaff',
    typeId: 1,
    isJoined: false,
    joinedWithId: null,
    ...extra,
  };
}

let db: CatalogDb | null = null;
let counter = 0;

afterEach(async () => {
  await db?.delete();
  db = null;
});

describe('floorRepository', () => {
  it('names one database per account', () => {
    expect(accountDbName('bar-pepe@api.example.com')).toBe('comanda-bar-pepe@api.example.com');
  });

  it('reads rooms in order (inactive ones only on request) and tables by room', async () => {
    db = openGenerationDb(`floor-${counter++}`, 1);
    await db.rooms.bulkPut([
      { id: 1, name: 'Terraza', order: 2, active: true },
      { id: 2, name: 'Salón', order: 1, active: true },
      { id: 3, name: 'Privado', order: 3, active: false },
    ]);
    await db.floorTables.bulkPut([table(10, 1), table(11, 1, { typeId: 2 }), table(20, 2), table(30, 3)]);

    expect((await loadRoomsOrdered(db)).map((room) => room.name)).toEqual(['Salón', 'Terraza']);
    expect((await loadRoomsOrdered(db, { includeInactive: true })).map((room) => room.id)).toEqual([2, 1, 3]);
    expect((await tablesOfRoom(db, 1)).map((t) => t.id)).toEqual([10, 11]);
    expect(await tablesOfRoom(db, 99)).toEqual([]);
  });

  it('reads when the version 1 floor plan was saved', async () => {
    const account = openAccountDb(`floor-${counter++}`);
    expect(await readFloorSavedAt(account)).toBeNull();
    await account.meta.put({ key: 'floorSavedAt', value: '2025-11-22T13:45:00.000Z' });
    expect(await readFloorSavedAt(account)).toBe('2025-11-22T13:45:00.000Z');
    await account.delete();
  });
});
