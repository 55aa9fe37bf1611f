import type { FloorRoom, FloorTable } from '../bridge/schemas';
import type { RoomWire, TableWire } from './hospitality';

// The floor plan's shape (shared/bridge) from the vendor's rooms and tables (spec 2.2). Used by
// the main side (listRooms) and by the renderer's sync engine, so both draw the same floor.

const DEFAULT_TABLE_COLOUR = '#9e9e9e';

/** '#abc' / 'abc' / '#AABBCC' → '#aabbcc'; anything else (or nothing) → a neutral grey. */
export function normaliseColour(colour: string | null | undefined): string {
  if (!colour) return DEFAULT_TABLE_COLOUR;
  let hex = colour.replace(/^#/, '').toLowerCase();
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  return /^[0-9a-f]{6}$/.test(hex) ? `#${hex}` : DEFAULT_TABLE_COLOUR;
}

/** A table as drawn. The room it is listed under is the one it is drawn in, so `roomId` follows the nesting. */
export function toFloorTable(table: TableWire, roomId: number): FloorTable {
  return {
    id: table.id,
    roomId,
    name: table.name,
    x: table.x,
    y: table.y,
    width: Math.max(0, table.width),
    height: Math.max(0, table.height),
    color: normaliseColour(table.color),
    typeId: table.type_id ?? null,
    isJoined: table.isJoined ?? false,
    joinedWithId: table.joined_with_id ?? null,
  };
}

/** Rooms in the back office's order, each with its tables. */
export function toFloorRooms(rooms: RoomWire[]): FloorRoom[] {
  return rooms
    .map((room) => ({
      id: room.id,
      name: room.name,
      order: room.order ?? 0,
      active: room.active,
      tables: (room.tables ?? []).map((table) => toFloorTable(table, room.id)),
    }))
    .sort((a, b) => a.order - b.order || a.id - b.id);
}
