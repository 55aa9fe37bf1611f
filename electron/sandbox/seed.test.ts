import { describe, expect, it } from 'vitest';
import { DEMO_FLOOR, DEMO_PAYMENT_METHODS, TABLE_TYPE } from './seed';

type Box = { name: string; x: number; y: number; width: number; height: number };

/** Strict overlap: tables that only touch (a joined pair) do not overlap. */
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const touches = (a: Box, b: Box) =>
  ((a.x + a.width === b.x || b.x + b.width === a.x) && a.y < b.y + b.height && b.y < a.y + a.height) ||
  ((a.y + a.height === b.y || b.y + b.height === a.y) && a.x < b.x + b.width && b.x < a.x + a.width);

describe('demo venue (resources/demo-venue/floor.json)', () => {
  const { rooms, roomSize } = DEMO_FLOOR;
  const tables = rooms.flatMap((r) => r.tables.map((t) => ({ ...t, room: r.name })));

  it('is a Spanish restaurant with a dining room, a terrace and a bar, about 40 tables', () => {
    expect(rooms.map((r) => r.name)).toEqual(['Salón', 'Terraza', 'Barra']);
    expect(rooms.length).toBeGreaterThanOrEqual(2);
    expect(tables.length).toBeGreaterThanOrEqual(36);
    expect(tables.length).toBeLessThanOrEqual(44);
    expect(roomSize).toEqual({ width: 1000, height: 620 });
  });

  it('uses unique room ids, table ids and table names per room', () => {
    expect(new Set(rooms.map((r) => r.id)).size).toBe(rooms.length);
    expect(new Set(tables.map((t) => t.id)).size).toBe(tables.length);
    for (const room of rooms) expect(new Set(room.tables.map((t) => t.name)).size).toBe(room.tables.length);
  });

  it('names tables 1..14 in the Salón, T1.. on the Terraza and B1.. at the Barra', () => {
    const names = (room: string) => rooms.find((r) => r.name === room)!.tables.map((t) => t.name);
    expect(names('Salón')).toEqual(Array.from({ length: 14 }, (_, i) => String(i + 1)));
    for (const name of names('Terraza')) expect(name).toMatch(/^T\d+$/);
    for (const name of names('Barra')) expect(name).toMatch(/^B\d+$/);
  });

  it('keeps every table 60–160 units wide and inside its room', () => {
    for (const t of tables) {
      const where = `${t.room} ${t.name}`;
      expect(t.width, where).toBeGreaterThanOrEqual(60);
      expect(t.width, where).toBeLessThanOrEqual(160);
      expect(t.height, where).toBeGreaterThanOrEqual(60);
      expect(t.x, where).toBeGreaterThanOrEqual(0);
      expect(t.y, where).toBeGreaterThanOrEqual(0);
      expect(t.x + t.width, where).toBeLessThanOrEqual(roomSize.width);
      expect(t.y + t.height, where).toBeLessThanOrEqual(roomSize.height);
    }
  });

  it('has no overlapping tables in a room', () => {
    for (const room of rooms) {
      room.tables.forEach((a, i) => {
        for (const b of room.tables.slice(i + 1)) expect(overlaps(a, b), `${room.name}: ${a.name} / ${b.name}`).toBe(false);
      });
    }
  });

  it('the overlap check itself catches an overlap and lets touching tables pass', () => {
    const a = { name: 'a', x: 0, y: 0, width: 100, height: 100 };
    expect(overlaps(a, { ...a, name: 'b', x: 99 })).toBe(true);
    expect(overlaps(a, { ...a, name: 'b', x: 100 })).toBe(false);
    expect(touches(a, { ...a, name: 'b', x: 100 })).toBe(true);
  });

  it('has varied shapes (rectangular and round) and colours; round tables are square boxes', () => {
    expect(new Set(tables.map((t) => t.type_id))).toEqual(new Set([TABLE_TYPE.rectangular, TABLE_TYPE.round]));
    expect(new Set(tables.map((t) => t.color.toLowerCase())).size).toBeGreaterThanOrEqual(6);
    for (const t of tables.filter((t) => t.type_id === TABLE_TYPE.round)) expect(t.width).toBe(t.height);
  });

  it('has at least two joined pairs, each pointing at the other, in the same room and side by side', () => {
    const joined = tables.filter((t) => t.joined_with_id !== null);
    expect(joined.length).toBeGreaterThanOrEqual(4);
    expect(joined.length % 2).toBe(0);
    for (const t of joined) {
      const partner = tables.find((o) => o.id === t.joined_with_id);
      expect(partner, `${t.name}'s partner`).toBeDefined();
      expect(partner!.id).not.toBe(t.id);
      expect(partner!.joined_with_id).toBe(t.id);
      expect(partner!.room).toBe(t.room);
      expect(touches(t, partner!), `${t.name} touches ${partner!.name}`).toBe(true);
    }
  });

  it('has the payment methods 1 = Card and 2 = Cash', () => {
    expect(DEMO_PAYMENT_METHODS.find((m) => m.id === 1)?.name).toBe('Card');
    expect(DEMO_PAYMENT_METHODS.find((m) => m.id === 2)?.name).toBe('Cash');
  });
});
