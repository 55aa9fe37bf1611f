import type { TFunction } from 'i18next';
import type { FloorTable } from '../../../../shared/bridge';

export interface Size {
  width: number;
  height: number;
}

export interface PlacedTable {
  table: FloorTable;
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface FloorLayout {
  scale: number;
  tables: PlacedTable[];
}

/** Touch targets are never smaller than this, whatever the scale (WCAG 2.5.5). */
export const MIN_TOUCH_PX = 44;

/**
 * Fits a room's tables into the available area with one uniform scale (aspect ratio kept),
 * centred, with padding. The box runs from the room's origin (or the most negative coordinate)
 * to the farthest right/bottom edge, so the layout looks as it was drawn in the back office.
 * Tables smaller than a touch target grow around their centre.
 */
export function layoutRoom(tables: readonly FloorTable[], area: Size, padding = 24): FloorLayout {
  if (tables.length === 0 || area.width <= 0 || area.height <= 0) return { scale: 1, tables: [] };

  // A loop, not Math.min(...tables): a spread over server data throws RangeError on a huge room.
  let minX = 0;
  let minY = 0;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const t of tables) {
    minX = Math.min(minX, t.x);
    minY = Math.min(minY, t.y);
    maxX = Math.max(maxX, t.x + t.width);
    maxY = Math.max(maxY, t.y + t.height);
  }
  const boxWidth = Math.max(maxX - minX, 1);
  const boxHeight = Math.max(maxY - minY, 1);

  const innerWidth = Math.max(area.width - 2 * padding, 1);
  const innerHeight = Math.max(area.height - 2 * padding, 1);
  const scale = Math.min(innerWidth / boxWidth, innerHeight / boxHeight);
  const offsetX = (area.width - boxWidth * scale) / 2;
  const offsetY = (area.height - boxHeight * scale) / 2;

  return {
    scale,
    tables: tables.map((table) => {
      const scaledWidth = table.width * scale;
      const scaledHeight = table.height * scale;
      const width = Math.max(scaledWidth, MIN_TOUCH_PX);
      const height = Math.max(scaledHeight, MIN_TOUCH_PX);
      return {
        table,
        left: offsetX + (table.x - minX) * scale - (width - scaledWidth) / 2,
        top: offsetY + (table.y - minY) * scale - (height - scaledHeight) / 2,
        width,
        height,
      };
    }),
  };
}

export interface JoinedPair {
  key: string;
  a: PlacedTable;
  b: PlacedTable;
}

/** Each joined pair once, when both tables are in the room (A↔B and B↔A are one pair). */
export function joinedPairs(placed: readonly PlacedTable[]): JoinedPair[] {
  const byId = new Map(placed.map((p) => [p.table.id, p]));
  const pairs = new Map<string, JoinedPair>();
  for (const p of placed) {
    const otherId = p.table.isJoined ? p.table.joinedWithId : null;
    if (otherId == null || otherId === p.table.id) continue;
    const other = byId.get(otherId);
    if (!other) continue;
    const key = [p.table.id, otherId].sort((x, y) => x - y).join('-');
    if (!pairs.has(key)) pairs.set(key, { key, a: p, b: other });
  }
  return [...pairs.values()];
}

export function centreOf(p: PlacedTable): { x: number; y: number } {
  return { x: p.left + p.width / 2, y: p.top + p.height / 2 };
}

/**
 * Midway between where the line joining two tables' centres leaves the first and enters the
 * second (bounding boxes; close enough for round tables). When they touch or overlap, the seam.
 */
export function gapMidpoint(pair: JoinedPair): { x: number; y: number } {
  const a = centreOf(pair.a);
  const b = centreOf(pair.b);
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const distance = Math.hypot(dx, dy);
  if (distance === 0) return a;
  const reach = (p: PlacedTable) => Math.min(dx === 0 ? Infinity : p.width / 2 / Math.abs(dx), dy === 0 ? Infinity : p.height / 2 / Math.abs(dy));
  const leaveA = Math.min(reach(pair.a), 1);
  const enterB = Math.max(1 - reach(pair.b), 0);
  // With a gap, its middle; when the tables touch or overlap, the middle of the overlap.
  const t = (leaveA + enterB) / 2;
  return { x: a.x + dx * t, y: a.y + dy * t };
}

export const ROUND_TABLE_TYPE_ID = 2;

/**
 * "12, round table, joined with 13": the name comes first so a waiter (and a test) finds it; a
 * table without a name goes by its number, as its button shows it.
 */
export function describeTable(t: TFunction<'floor'>, table: FloorTable, tableName: (id: number) => string | undefined): string {
  return `${table.name || String(table.id)}, ${tableKind(t, table, tableName)}`;
}

/** "round table, joined with 13": what a table is, after its name (describeTable) or what its button shows. */
export function tableKind(t: TFunction<'floor'>, table: FloorTable, tableName: (id: number) => string | undefined): string {
  const parts = [t(table.typeId === ROUND_TABLE_TYPE_ID ? 'roundTable' : 'table')];
  if (table.isJoined) {
    const otherName = table.joinedWithId == null ? undefined : tableName(table.joinedWithId);
    parts.push(otherName ? t('joinedWith', { name: otherName }) : t('joined'));
  }
  return parts.join(', ');
}
