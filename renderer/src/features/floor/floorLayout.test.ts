import { describe, expect, it } from 'vitest';
import type { FloorTable } from '../../../../shared/bridge';
import { createI18n } from '../../i18n/i18n';
import { describeTable, gapMidpoint, tableKind, joinedPairs, layoutRoom, MIN_TOUCH_PX, type PlacedTable } from './floorLayout';

function table(id: number, extra: Partial<FloorTable> = {}): FloorTable {
  return { id, roomId: 1, name: String(id), x: 0, y: 0, width: 100, height: 100, color: '#ffffff', typeId: 1, isJoined: false, joinedWithId: null, ...extra };
}

describe('layoutRoom', () => {
  it('scales the box from the origin to the farthest edge uniformly, centred', () => {
    // Box 0..400 × 0..200 (aspect 2:1) into 1000×1000 with padding 0 → scale 2.5, centred vertically.
    const layout = layoutRoom([table(1, { x: 0, y: 0 }), table(2, { x: 300, y: 100 })], { width: 1000, height: 1000 }, 0);
    expect(layout.scale).toBe(2.5);
    expect(layout.tables[0]).toMatchObject({ left: 0, top: 250, width: 250, height: 250 });
    expect(layout.tables[1]).toMatchObject({ left: 750, top: 500, width: 250, height: 250 });
  });

  it('keeps padding and the aspect ratio', () => {
    const layout = layoutRoom([table(1, { x: 100, y: 100, width: 100, height: 100 })], { width: 440, height: 240 }, 20);
    // Box 0..200 × 0..200 into 400×200 inner → scale 1.
    expect(layout.scale).toBe(1);
    expect(layout.tables[0]).toMatchObject({ left: 220, top: 120, width: 100, height: 100 });
  });

  it('grows tiny tables to a touch target around their centre', () => {
    const layout = layoutRoom(
      [table(1, { x: 0, y: 0, width: 10, height: 10 }), table(2, { x: 990, y: 990, width: 10, height: 10 })],
      { width: 500, height: 500 },
      0,
    );
    const tiny = layout.tables[0]!;
    expect(tiny.width).toBe(MIN_TOUCH_PX);
    expect(tiny.height).toBe(MIN_TOUCH_PX);
    expect(tiny.left + tiny.width / 2).toBeCloseTo(2.5);
  });

  it('lays out a 300-table room: every table placed, inside the area, at least a touch target', () => {
    // 20 × 15 grid of 80 × 60 tables, 20 apart: the size of a large venue (smooth at 300).
    const tables = Array.from({ length: 300 }, (_, i) => table(i + 1, { x: (i % 20) * 100, y: Math.floor(i / 20) * 80, width: 80, height: 60 }));
    const area = { width: 1240, height: 620 };
    const layout = layoutRoom(tables, area, 28);
    expect(layout.tables).toHaveLength(300);
    expect(layout.tables.map((p) => p.table.id)).toEqual(tables.map((t) => t.id));
    for (const p of layout.tables) {
      expect(Math.min(p.width, p.height)).toBeGreaterThanOrEqual(MIN_TOUCH_PX);
      expect(p.left).toBeGreaterThanOrEqual(0);
      expect(p.top).toBeGreaterThanOrEqual(0);
      expect(p.left + p.width).toBeLessThanOrEqual(area.width);
      expect(p.top + p.height).toBeLessThanOrEqual(area.height);
    }
    // One uniform scale: the grid's last column sits 19 steps right of its first.
    const first = layout.tables[0]!;
    const lastOfRow = layout.tables[19]!;
    expect(lastOfRow.left - first.left).toBeCloseTo(1900 * layout.scale);
  });

  it('lays out a room of 200,000 tables (a lying server) without a RangeError', () => {
    const tables = Array.from({ length: 200_000 }, (_, i) => table(i + 1, { x: (i % 500) * 10, y: Math.floor(i / 500) * 10, width: 8, height: 8 }));
    const layout = layoutRoom(tables, { width: 1240, height: 620 });
    expect(layout.tables).toHaveLength(200_000);
    expect(layout.scale).toBeGreaterThan(0);
  });

  it('handles an empty room or an unmeasured area', () => {
    expect(layoutRoom([], { width: 800, height: 600 }).tables).toEqual([]);
    expect(layoutRoom([table(1)], { width: 0, height: 0 }).tables).toEqual([]);
  });
});

describe('joinedPairs', () => {
  it('lists each pair once and skips partners outside the room', () => {
    const placed = layoutRoom(
      [table(5, { isJoined: true, joinedWithId: 6 }), table(6, { isJoined: true, joinedWithId: 5 }), table(7, { isJoined: true, joinedWithId: 99 }), table(8)],
      { width: 800, height: 600 },
    ).tables;
    expect(joinedPairs(placed).map((pair) => pair.key)).toEqual(['5-6']);
  });
});

describe('describeTable', () => {
  const names = new Map([[6, '6']]);
  const nameOf = (id: number) => names.get(id);
  const en = createI18n('en').getFixedT(null, 'floor');
  it('begins with the name and says the shape and what it is joined with', () => {
    expect(describeTable(en, table(12, { name: '12', typeId: 2 }), nameOf)).toBe('12, round table');
    expect(describeTable(en, table(5, { name: '5', isJoined: true, joinedWithId: 6 }), nameOf)).toBe('5, table, joined with 6');
    expect(describeTable(en, table(7, { name: 'Barra', isJoined: true, joinedWithId: 99 }), nameOf)).toBe('Barra, table, joined');
    // A table without a name goes by its number, as its button shows it.
    expect(describeTable(en, table(9, { name: '' }), nameOf)).toBe('9, table');
    // What the table is, without its name (a button starts with what it shows instead).
    expect(tableKind(en, table(5, { name: '5', isJoined: true, joinedWithId: 6 }), nameOf)).toBe('table, joined with 6');
  });

  it('speaks Catalan, the venue’s names as they are', () => {
    const ca = createI18n('ca').getFixedT(null, 'floor');
    expect(describeTable(ca, table(12, { name: 'Terrassa 2', typeId: 2 }), nameOf)).toBe('Terrassa 2, taula rodona');
    expect(describeTable(ca, table(5, { name: '5', isJoined: true, joinedWithId: 6 }), nameOf)).toBe('5, taula, unida amb 6');
  });
});

describe('gapMidpoint', () => {
  const placed = (id: number, left: number, top: number, width: number, height: number): PlacedTable => ({ table: table(id), left, top, width, height });
  it('is the middle of the gap between the edges, not between the centres', () => {
    // A spans x 0..300 (centre 150), B spans 340..400 (centre 370), same row: gap 300..340.
    expect(gapMidpoint({ key: '1-2', a: placed(1, 0, 0, 300, 100), b: placed(2, 340, 20, 60, 60) })).toEqual({ x: 320, y: 50 });
  });
  it('is the seam when the tables touch', () => {
    expect(gapMidpoint({ key: '1-2', a: placed(1, 0, 0, 100, 100), b: placed(2, 100, 0, 100, 100) })).toEqual({ x: 100, y: 50 });
  });
});
