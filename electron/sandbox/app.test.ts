import { describe, expect, it } from 'vitest';
import { paymentMethodsResponse, roomsPage } from '../../shared/api/hospitality';
import { createSandboxApp } from './app';
import { DEMO_ACCOUNT, DEMO_FLOOR } from './seed';
import type { SeedRoom } from './state';
import { demoHeaders } from './testing';

const ROOMS = '/api/external/v2/rooms';
const PAYMENT_METHODS = '/api/external/v2/paymentMethods';

const seededRooms = DEMO_FLOOR.rooms.length;
const seededTables = DEMO_FLOOR.rooms.reduce((n, r) => n + r.tables.length, 0);

async function getJson(app: ReturnType<typeof createSandboxApp>, path: string, headers = demoHeaders()) {
  const res = await app.request(path, { headers });
  return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as Record<string, unknown> };
}

describe('authentication (spec §5)', () => {
  const good = demoHeaders();
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ['no headers at all', {}, /tenant/i],
    ['an unknown tenant', { ...good, tenant: 'nobody' }, /unknown tenant/i],
    ['no Authorization header', { tenant: good.tenant!, 'client-token': good['client-token']! }, /authorization/i],
    ['a wrong bearer token', { ...good, Authorization: 'Bearer not-the-token' }, /access token/i],
    ['a non-Bearer Authorization', { ...good, Authorization: `Basic ${DEMO_ACCOUNT.accessToken}` }, /authorization/i],
    ['no client-token', { tenant: good.tenant!, Authorization: good.Authorization! }, /client-token/i],
    ['a wrong client-token', { ...good, 'client-token': 'someone-else' }, /client-token/i],
  ];

  for (const path of [ROOMS, PAYMENT_METHODS]) {
    it.each(cases)(`${path}: 401 with %s`, async (_name, headers, message) => {
      const { status, type, body } = await getJson(createSandboxApp(), path, headers);
      expect(status).toBe(401);
      expect(type).toMatch(/application\/json/);
      expect(body).toEqual({ error: expect.stringMatching(message), code: 401, data: [] });
    });
  }

  it('accepts the demo credentials, a lower-case bearer scheme and the child account', async () => {
    const app = createSandboxApp();
    expect((await getJson(app, PAYMENT_METHODS)).status).toBe(200);
    expect((await getJson(app, PAYMENT_METHODS, { ...good, Authorization: `bearer ${DEMO_ACCOUNT.accessToken}` })).status).toBe(200);
    expect((await getJson(app, PAYMENT_METHODS, demoHeaders('demo-child'))).status).toBe(200);
  });

  it('does not require credentials to answer 404 outside /api/external, and checks them inside', async () => {
    const app = createSandboxApp();
    expect((await getJson(app, '/nothing-here', {})).status).toBe(404);
    expect((await getJson(app, '/api/external/v2/nothing-here', {})).status).toBe(401);
  });
});

describe('GET V2/rooms (spec §2.2, §4.1, §4.2)', () => {
  it('answers a Laravel paginator envelope with exact totals, 20 per page', async () => {
    const { status, body } = await getJson(createSandboxApp(), ROOMS);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      [
        'current_page',
        'data',
        'first_page_url',
        'from',
        'last_page',
        'last_page_url',
        'links',
        'next_page_url',
        'path',
        'per_page',
        'prev_page_url',
        'to',
        'total',
      ].sort(),
    );
    expect(body).toMatchObject({
      current_page: 1,
      per_page: 20,
      total: seededRooms,
      from: 1,
      to: seededRooms,
      last_page: 1,
      next_page_url: null,
      prev_page_url: null,
      path: 'http://localhost/api/external/v2/rooms',
      first_page_url: 'http://localhost/api/external/v2/rooms?page=1',
    });
    expect(body.data).toHaveLength(seededRooms);
  });

  it('sends room order/active as strings and no tables without withTables', async () => {
    const { body } = await getJson(createSandboxApp(), ROOMS);
    const rooms = body.data as Array<Record<string, unknown>>;
    expect(rooms.map((r) => r.name)).toEqual(['Salón', 'Terraza', 'Barra']);
    for (const room of rooms) {
      expect(typeof room.id).toBe('number');
      expect(room.order).toMatch(/^\d+$/);
      expect(room.active).toBe('1');
      expect(room).not.toHaveProperty('tables');
    }
  });

  it.each(['0', 'false', 'FALSE'])('withTables=%s means no tables', async (value) => {
    const { body } = await getJson(createSandboxApp(), `${ROOMS}?withTables=${value}`);
    for (const room of body.data as object[]) expect(room).not.toHaveProperty('tables');
  });

  it.each(['?withTables=1', '?withTables=true', '?withTables', '?withTables=yes'])(
    '%s gives every room its tables, numeric fields as strings',
    async (query) => {
      const { body } = await getJson(createSandboxApp(), `${ROOMS}${query}`);
      const rooms = body.data as Array<{ id: number; tables: Array<Record<string, unknown>> }>;
      expect(rooms.reduce((n, r) => n + r.tables.length, 0)).toBe(seededTables);
      for (const room of rooms) {
        expect(room.tables.length).toBeGreaterThan(0);
        for (const t of room.tables) {
          expect(typeof t.id).toBe('number');
          expect(typeof t.name).toBe('string');
          for (const key of ['x', 'y', 'width', 'height', 'baseX', 'baseY', 'isJoined', 'baseWidth', 'baseHeight', 'type_id', 'room_id']) {
            expect(typeof t[key], key).toBe('string');
            expect(t[key], key).toMatch(/^-?\d+(\.\d+)?$/);
          }
          expect(t.room_id).toBe(String(room.id));
          expect(t.color).toMatch(/^#[0-9a-f]{6}$/i);
          expect(t.price_id).toBeNull();
          expect(t.baseX).toBe(t.x);
          expect(t.baseWidth).toBe(t.width);
          if (t.joined_with_id === null) expect(t.isJoined).toBe('0');
          else {
            expect(typeof t.joined_with_id).toBe('number');
            expect(t.isJoined).toBe('1');
          }
        }
      }
    },
  );

  it('parses with the client schema roomsPage and yields numbers', async () => {
    const { body } = await getJson(createSandboxApp(), `${ROOMS}?withTables=1`);
    const page = roomsPage.parse(body);
    expect(page.total).toBe(seededRooms);
    expect(page.per_page).toBe(20);
    const salon = page.data.find((r) => r.name === 'Salón');
    expect(salon?.order).toBe(1);
    expect(salon?.active).toBe(true);
    const joined = salon?.tables?.filter((t) => t.isJoined) ?? [];
    expect(joined.length).toBeGreaterThanOrEqual(2);
    for (const t of salon?.tables ?? []) {
      expect(typeof t.x).toBe('number');
      expect(typeof t.width).toBe('number');
      expect(t.room_id).toBe(salon?.id);
      expect(typeof t.type_id).toBe('number');
    }
    const first = joined[0]!;
    const partner = salon?.tables?.find((t) => t.id === first.joined_with_id);
    expect(partner?.joined_with_id).toBe(first.id);
  });

  describe('paging with 45 rooms', () => {
    const rooms: SeedRoom[] = Array.from({ length: 45 }, (_, i) => ({
      id: 100 + i,
      name: `Room ${i + 1}`,
      order: i + 1,
      tables: [{ id: 1000 + i, name: `R${i + 1}`, x: 10, y: 10, width: 80, height: 80 }],
    }));
    const app = createSandboxApp({ seed: { rooms } });

    it.each([
      [1, 20, 1, 20],
      [2, 20, 21, 40],
      [3, 5, 41, 45],
    ])('page %i holds %i rooms (%i..%i)', async (page, count, from, to) => {
      const { body } = await getJson(app, `${ROOMS}?page=${page}&withTables=1`);
      expect(body).toMatchObject({ current_page: page, per_page: 20, total: 45, last_page: 3, from, to });
      const data = body.data as Array<{ id: number; tables: unknown[] }>;
      expect(data).toHaveLength(count);
      expect(data[0]!.id).toBe(100 + from - 1);
      expect(data.every((r) => r.tables.length === 1)).toBe(true);
      expect(body.next_page_url).toBe(page < 3 ? `http://localhost${ROOMS}?page=${page + 1}` : null);
      expect(body.prev_page_url).toBe(page > 1 ? `http://localhost${ROOMS}?page=${page - 1}` : null);
    });

    it('page 4 is empty with from/to null and the exact total', async () => {
      const { status, body } = await getJson(app, `${ROOMS}?page=4`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ current_page: 4, data: [], from: null, to: null, total: 45, last_page: 3 });
    });

    it('ignores `pagination` for rooms: always 20 per page', async () => {
      const { body } = await getJson(app, `${ROOMS}?pagination=200`);
      expect(body.per_page).toBe(20);
      expect(body.data).toHaveLength(20);
    });

    it.each(['0', '-1', 'abc', '2.5', ''])('an invalid page "%s" reads as page 1', async (page) => {
      const { body } = await getJson(app, `${ROOMS}?page=${page}`);
      expect(body.current_page).toBe(1);
      expect((body.data as Array<{ id: number }>)[0]!.id).toBe(100);
    });

    it('a client that reads until `total` gets every room exactly once', async () => {
      const seen: number[] = [];
      let total = Infinity;
      for (let page = 1; seen.length < total && page < 10; page++) {
        const parsed = roomsPage.parse((await getJson(app, `${ROOMS}?page=${page}`)).body);
        total = parsed.total ?? 0;
        seen.push(...parsed.data.map((r) => r.id));
      }
      expect(seen).toEqual(rooms.map((r) => r.id));
    });
  });

  it('an empty account answers an empty first page', async () => {
    const { body } = await getJson(createSandboxApp({ seed: { rooms: [] } }), ROOMS);
    expect(body).toMatchObject({ current_page: 1, data: [], total: 0, from: null, to: null, last_page: 1 });
  });
});

describe('GET V2/paymentMethods (spec §2.1, §4.2)', () => {
  it('answers an array with 1 = Card and 2 = Cash, active as 0/1', async () => {
    const { status, body } = await getJson(createSandboxApp(), PAYMENT_METHODS);
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    const methods = body as unknown as Array<{ id: number; name: string; active: number }>;
    expect(methods).toContainEqual({ id: 1, name: 'Card', active: 1 });
    expect(methods).toContainEqual({ id: 2, name: 'Cash', active: 1 });
    const parsed = paymentMethodsResponse.parse(methods);
    expect(parsed.find((m) => m.id === 2)).toEqual({ id: 2, name: 'Cash', active: true });
  });
});

describe('accounts', () => {
  it('keeps a separate state per account', () => {
    const app = createSandboxApp();
    const demo = app.state.account('demo')!;
    const child = app.state.account('demo-child')!;
    expect(child.master).toBe('demo');
    expect(app.state.children('demo').map((a) => a.tenant)).toEqual(['demo-child']);
    expect(child.rooms).not.toBe(demo.rooms);
    expect(child.tables[0]).not.toBe(demo.tables[0]);
    demo.rooms.pop();
    expect(child.rooms).toHaveLength(seededRooms);
  });

  it('serves each account its own rooms', async () => {
    const app = createSandboxApp({
      accounts: [
        { ...DEMO_ACCOUNT, master: null, seed: { rooms: [{ id: 1, name: 'Only room' }] } },
        { ...DEMO_ACCOUNT, tenant: 'other', accessToken: 'other-token', master: 'demo' },
      ],
    });
    const demo = await getJson(app, ROOMS);
    expect(demo.body.total).toBe(1);
    const other = await getJson(app, ROOMS, { ...demoHeaders('other'), Authorization: 'Bearer other-token' });
    expect(other.body.total).toBe(seededRooms);
    // The demo token is not the other account's token.
    expect((await getJson(app, ROOMS, demoHeaders('other'))).status).toBe(401);
  });

  it('refuses an account whose master does not exist', () => {
    expect(() => createSandboxApp({ accounts: [{ ...DEMO_ACCOUNT, master: 'ghost' }] })).toThrow(/unknown master/);
  });
});

describe('errors', () => {
  it('answers unknown routes with a JSON 404 body', async () => {
    const { status, type, body } = await getJson(createSandboxApp(), '/api/external/v2/nothing-here');
    expect(status).toBe(404);
    expect(type).toMatch(/application\/json/);
    expect(body).toEqual({ error: expect.stringContaining('/api/external/v2/nothing-here'), code: 404, data: [] });
  });

  it('answers a thrown error with a JSON 500 body and reports it', async () => {
    const seen: unknown[] = [];
    const app = createSandboxApp({ onError: (e) => seen.push(e) });
    app.get('/api/external/v2/boom', () => {
      throw new Error('kaboom');
    });
    const { status, body } = await getJson(app, '/api/external/v2/boom');
    expect(status).toBe(500);
    expect(body).toEqual({ error: expect.any(String), code: 500, data: [] });
    expect(String(seen[0])).toMatch(/kaboom/);
  });
});
