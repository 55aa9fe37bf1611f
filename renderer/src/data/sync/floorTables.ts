import type { FloorTable } from '../../../../shared/bridge';
import type { TableWire } from '../../../../shared/api';

// The floor plan's tables (shared/bridge) from the vendor's tables (spec 2.2), as the sync stores them.

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
