import { Hono } from 'hono';
import type { SandboxEnv } from '../env';
import { SPEC_LIMITS } from '../limits';
import { pagePath, paginate, parsePage } from '../pagination';
import type { RoomRecord, TableRecord } from '../state';

/** spec: hospitality 2.2 — numeric table fields, `type_id` and `room_id` travel as strings. */
export interface TableWireOut {
  id: number;
  name: string;
  x: string;
  y: string;
  width: string;
  height: string;
  baseX: string;
  baseY: string;
  isJoined: string;
  baseWidth: string;
  baseHeight: string;
  color: string;
  type_id: string;
  room_id: string;
  price_id: number | null;
  joined_with_id: number | null;
}

/** spec: hospitality 2.2 — `order` and `active` travel as strings; `tables` only on request. */
export interface RoomWireOut {
  id: number;
  name: string;
  order: string;
  active: string;
  tables?: TableWireOut[];
}

export function tableToWire(t: TableRecord): TableWireOut {
  return {
    id: t.id,
    name: t.name,
    x: String(t.x),
    y: String(t.y),
    width: String(t.width),
    height: String(t.height),
    baseX: String(t.baseX),
    baseY: String(t.baseY),
    isJoined: t.joinedWithId !== null ? '1' : '0',
    baseWidth: String(t.baseWidth),
    baseHeight: String(t.baseHeight),
    color: t.color,
    type_id: String(t.typeId),
    room_id: String(t.roomId),
    price_id: t.priceId,
    joined_with_id: t.joinedWithId,
  };
}

export function roomToWire(room: RoomRecord, tables?: readonly TableRecord[]): RoomWireOut {
  const wire: RoomWireOut = { id: room.id, name: room.name, order: String(room.order), active: room.active ? '1' : '0' };
  if (tables) wire.tables = tables.map(tableToWire);
  return wire;
}

/** `withTables` counts as sent unless its value is "0" or "false" (a bare `?withTables` counts). */
export function wantsTables(raw: string | undefined): boolean {
  if (raw === undefined) return false;
  const value = raw.trim().toLowerCase();
  return value !== '0' && value !== 'false';
}

/** GET V2/rooms (spec §4.2): paged 20 per page whatever `pagination` says (spec §4.1). */
export function roomsRoutes(): Hono<SandboxEnv> {
  const routes = new Hono<SandboxEnv>();
  routes.get('/rooms', (c) => {
    const account = c.get('account');
    const withTables = wantsTables(c.req.query('withTables'));
    const rooms = [...account.rooms].sort((a, b) => a.order - b.order || a.id - b.id);
    const page = paginate(rooms, { page: parsePage(c.req.query('page')), perPage: (c.get('limits') ?? SPEC_LIMITS).roomsPerPage, path: pagePath(c.req.url) });
    const data = page.data.map((room) =>
      roomToWire(room, withTables ? account.tables.filter((t) => t.roomId === room.id).sort((a, b) => a.id - b.id) : undefined),
    );
    return c.json({ ...page, data });
  });
  return routes;
}
