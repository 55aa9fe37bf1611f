// Contract tests of the catalog endpoints (spec: hospitality 2.5–2.7, 4.1, 4.3, §8), written from
// the spec's tables. They talk plain HTTP to a real sandbox with the demo credentials (spec §5).
// The demo venue may already hold a catalog, so expectations are computed from what the API
// reports (e.g. `total`), and every test builds the parent records it needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogResources, type CatalogSegment } from '../../shared/api/catalog';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';

const HEADERS = {
  tenant: 'demo',
  Authorization: 'Bearer demo-token',
  'client-token': 'demo-client',
  'Content-Type': 'application/json',
};
const CATALOG = '/api/external/v2/catalog';
const UNKNOWN_ID = 987_654_321;

type Json = Record<string, unknown>;
interface Answer<T = Json> {
  status: number;
  body: T;
}
interface Page {
  current_page: number;
  data: Json[];
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, limits: { requestsPerMinute: 100_000 } });
});
afterAll(async () => {
  await sandbox.close();
});

async function call<T = Json>(method: string, path: string, body?: unknown, headers: Record<string, string> = HEADERS): Promise<Answer<T>> {
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await fetch(`${sandbox.url}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

const get = <T = Json>(path: string) => call<T>('GET', path);
const post = <T = Json>(path: string, body: unknown) => call<T>('POST', path, body);
const del = <T = Json>(path: string) => call<T>('DELETE', path);

/** Creates one record and returns it; fails the test when the sandbox refuses it. */
async function create(resource: CatalogSegment, record: Json): Promise<Json & { id: number }> {
  const answer = await post(`${CATALOG}/${resource}`, record);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Json & { id: number };
}

async function total(path: string): Promise<number> {
  const answer = await get<Page>(path);
  expect(answer.status).toBe(200);
  return answer.body.total;
}

/** Every record of a list, paging with the maximum page size (spec 4.1). */
async function readAll(path: string): Promise<Json[]> {
  const records: Json[] = [];
  for (let page = 1; ; page++) {
    const answer = await get<Page>(`${path}?pagination=200&page=${page}`);
    expect(answer.status).toBe(200);
    records.push(...answer.body.data);
    if (records.length >= answer.body.total || answer.body.data.length === 0) return records;
  }
}

function expectError(answer: Answer, status: number, ...mentions: string[]): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ error: expect.any(String), code: status, data: [] });
  for (const mention of mentions) expect(String(answer.body.error)).toContain(mention);
}

/** Parent records every resource can hang from (spec 2.5 hierarchy). */
interface Parents {
  group: number;
  category: number;
  normalItem: number;
  menuItem: number;
  formatItem: number;
  sellingFormat: number;
  sellingFormatPivot: number;
  modifierCategory: number;
  modifierGroup: number;
  menuCategory: number;
}

async function makeParents(): Promise<Parents> {
  const group = (await create('groups', { name: 'Bebidas' })).id;
  const category = (await create('categories', { name: 'Cervezas', group_id: group })).id;
  const item = (type: number, name: string) => create('items', { name, price: 3, costPrice: 1, type, category_id: category }).then((r) => r.id);
  const normalItem = await item(0, 'Croquetas');
  const menuItem = await item(1, 'Menú del día');
  const formatItem = await item(4, 'Cerveza de barril');
  const sellingFormat = (await create('sellingFormats', { name: 'Caña' })).id;
  const sellingFormatPivot = (await create('sellingFormatPivots', { quantity: 0.2, price: 2, format_id: sellingFormat, item_id: formatItem })).id;
  const modifierCategory = (await create('modifierCategories', { name: 'Punto de la carne' })).id;
  const modifierGroup = (await create('modifierGroups', { name: 'Carnes' })).id;
  const menuCategory = (await create('menuMenuCategories', { name: 'Primeros', item_id: menuItem })).id;
  return { group, category, normalItem, menuItem, formatItem, sellingFormat, sellingFormatPivot, modifierCategory, modifierGroup, menuCategory };
}

/**
 * spec 2.6, one row per resource: the smallest valid create (the required fields only), the
 * required fields, the defaults a create gets, and a change for an update.
 */
interface ResourceCase {
  resource: CatalogSegment;
  minimal: (p: Parents) => Json;
  required: string[];
  defaults: Json;
  change: Json;
}

const CASES: ResourceCase[] = [
  // spec 4.3 rule 1: creating a group, every parameter is optional.
  { resource: 'groups', minimal: () => ({}), required: [], defaults: { active: 1 }, change: { name: 'Vinos' } },
  {
    resource: 'categories',
    minimal: (p) => ({ name: 'Tapas', group_id: p.group }),
    required: ['name', 'group_id'],
    defaults: { active: 1 },
    change: { name: 'Raciones' },
  },
  {
    resource: 'items',
    minimal: (p) => ({ name: 'Patatas bravas', price: 5.5, costPrice: 1.2, type: 0, category_id: p.category }),
    required: ['name', 'price', 'costPrice', 'type', 'category_id'],
    defaults: {
      active: 1,
      hasInventory: 0,
      usesWeight: 0,
      isMenu: 0,
      shouldAppearInMenuList: 0,
      isOpen: 0,
      displayInventory: 0,
      isLinked: 0,
      useAverageCostPrice: 0,
    },
    change: { price: 6.25 },
  },
  { resource: 'sellingFormats', minimal: () => ({ name: 'Tercio' }), required: ['name'], defaults: { active: 1 }, change: { name: 'Jarra' } },
  {
    resource: 'sellingFormatPivots',
    minimal: (p) => ({ quantity: 0.33, price: 2.8, format_id: p.sellingFormat, item_id: p.formatItem }),
    required: ['quantity', 'price', 'format_id', 'item_id'],
    defaults: {},
    change: { price: 3.1 },
  },
  {
    resource: 'modifiers',
    minimal: (p) => ({ name: 'Al punto', price: 0, category_id: p.modifierCategory }),
    required: ['name', 'price', 'category_id'],
    defaults: { active: 1 },
    change: { price: 0.5 },
  },
  {
    resource: 'modifierCategories',
    minimal: () => ({ name: 'Salsas' }),
    required: ['name'],
    defaults: { isChoice: 1, isOptional: 1, active: 1 },
    change: { isOptional: 0 },
  },
  {
    resource: 'modifierGroups',
    minimal: () => ({ name: 'Pescados' }),
    required: ['name'],
    defaults: { dont_show_automatically: 0 },
    change: { name: 'Mariscos' },
  },
  {
    resource: 'modifierPivots',
    minimal: (p) => ({ group_id: p.modifierGroup, category_id: p.modifierCategory }),
    required: ['group_id', 'category_id'],
    defaults: {},
    change: { order: 2 },
  },
  {
    resource: 'menuMenuCategories',
    minimal: (p) => ({ name: 'Segundos', item_id: p.menuItem }),
    required: ['name', 'item_id'],
    defaults: { isMultipleChoice: 1, max: 1, min: 0 },
    change: { max: 2 },
  },
  {
    resource: 'menuMenuItemCategoryPivots',
    minimal: (p) => ({ price: 0, item_id: p.normalItem, category_id: p.menuCategory }),
    required: ['price', 'item_id', 'category_id'],
    defaults: { active: 1, addModifiersPrice: 1 },
    change: { price: 1.5 },
  },
];

describe('catalog: credentials (spec §5)', () => {
  it('§5: a catalog list without credentials → 401', async () => {
    const answer = await call('GET', `${CATALOG}/items`, undefined, {});
    expectError(answer, 401);
  });

  it('§5: a catalog write with a wrong access token → 401 and nothing is written', async () => {
    const before = await total(`${CATALOG}/groups`);
    const answer = await call('POST', `${CATALOG}/groups`, { name: 'x' }, { ...HEADERS, Authorization: 'Bearer wrong' });
    expectError(answer, 401);
    expect(await total(`${CATALOG}/groups`)).toBe(before);
  });

  it('§5: a catalog delete without client-token → 401', async () => {
    const { 'client-token': _omitted, ...withoutClient } = HEADERS;
    expectError(await call('DELETE', `${CATALOG}/groups/1`, undefined, withoutClient), 401);
  });
});

describe('catalog: the pattern of spec 4.3 for each of the 11 resources', () => {
  let parents: Parents;
  beforeAll(async () => {
    parents = await makeParents();
  });

  it('spec 4.3: the 11 resource segments are the ones the client knows', () => {
    expect(CASES.map((c) => c.resource).sort()).toEqual(Object.keys(catalogResources).sort());
  });

  describe.each(CASES)('$resource', ({ resource, minimal, required, defaults, change }) => {
    const path = `${CATALOG}/${resource}`;

    it(`§4.3 POST one record object creates it with the defaults of 2.6`, async () => {
      const sent = minimal(parents);
      const answer = await post(path, sent);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ ...sent, ...defaults, id: expect.any(Number) });
    });

    it('§4.3 GET catalog/{resource}/<id> returns the record', async () => {
      const created = await create(resource, minimal(parents));
      const answer = await get(`${path}/${created.id}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(created);
    });

    it('§4.3 GET catalog/{resource} is a paginated list in id order that holds a new record', async () => {
      const created = await create(resource, minimal(parents));
      const answer = await get<Page>(path);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ current_page: 1, per_page: 50, total: expect.any(Number) });
      const all = await readAll(path);
      expect(all).toHaveLength(answer.body.total);
      const ids = all.map((r) => r.id as number);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(all).toContainEqual(created);
    });

    it('§4.3 rule 3: POST with id and only the changed fields updates that record', async () => {
      const created = await create(resource, minimal(parents));
      const answer = await post(path, { id: created.id, ...change });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ...created, ...change });
      expect((await get(`${path}/${created.id}`)).body).toEqual({ ...created, ...change });
    });

    it('§4.3 POST with the wrapper key holding an array creates and updates many', async () => {
      const existing = await create(resource, minimal(parents));
      const before = await total(path);
      const answer = await post<Json[]>(path, { [resource]: [minimal(parents), { id: existing.id, ...change }, minimal(parents)] });
      expect(answer.status).toBe(200);
      expect(answer.body).toHaveLength(3);
      const [first, updated, second] = answer.body as [Json, Json, Json];
      expect(updated).toEqual({ ...existing, ...change });
      expect(first.id).not.toBe(second.id);
      expect(await total(path)).toBe(before + 2);
      expect((await get(`${path}/${second.id as number}`)).body).toEqual(second);
    });

    it('§4.3 DELETE catalog/{resource}/<id> deletes the record; it is then unknown (404)', async () => {
      const created = await create(resource, minimal(parents));
      const before = await total(path);
      const answer = await del(`${path}/${created.id}`);
      expect(answer.status).toBe(200);
      expect(await total(path)).toBe(before - 1);
      expectError(await get(`${path}/${created.id}`), 404);
      expectError(await del(`${path}/${created.id}`), 404);
    });

    it('§4.3 GET of an unknown id → 404 JSON', async () => {
      expectError(await get(`${path}/${UNKNOWN_ID}`), 404);
      expectError(await get(`${path}/not-an-id`), 404);
    });

    it('§4.3 rule 3: an update of an unknown id → 422 "unknown id", nothing created', async () => {
      const before = await total(path);
      expectError(await post(path, { id: UNKNOWN_ID, ...change }), 422, 'id', 'unknown');
      expect(await total(path)).toBe(before);
    });

    it('clarifications: unknown extra fields are stored and returned', async () => {
      const created = await create(resource, { ...minimal(parents), autoSelected: 1, colour: '#ff0000' });
      expect(created).toMatchObject({ autoSelected: 1, colour: '#ff0000' });
      expect((await get(`${path}/${created.id}`)).body).toMatchObject({ autoSelected: 1, colour: '#ff0000' });
    });

    it('the client schema of shared/api reads the list page', async () => {
      await create(resource, minimal(parents));
      const answer = await get(`${path}?pagination=200`);
      expect(() => catalogResources[resource].page.parse(answer.body)).not.toThrow();
    });

    if (required.length > 0) {
      it.each(required)(`§4.3 rule 2 / 2.6: creating without the required field %s → 422 naming it`, async (field) => {
        const before = await total(path);
        const { [field]: _missing, ...rest } = minimal(parents);
        expectError(await post(path, rest), 422, field);
        expect(await total(path)).toBe(before);
      });
    }
  });
});

describe('catalog: write rules (spec 2.5–2.7, 4.3)', () => {
  let p: Parents;
  beforeAll(async () => {
    p = await makeParents();
  });
  const item = (extra: Json = {}) => ({ name: 'Tortilla', price: 7, costPrice: 2, type: 0, category_id: p.category, ...extra });

  it('§4.3 rule 1: a group created with no fields at all → 200, active 1', async () => {
    const group = await create('groups', {});
    expect(group).toMatchObject({ id: expect.any(Number), active: 1 });
  });

  it('§4.3 rule 2: creating an item without costPrice → 422', async () => {
    const { costPrice: _c, ...rest } = item();
    expectError(await post(`${CATALOG}/items`, rest), 422, 'costPrice');
  });

  it('§2.6: a required name sent empty → 422', async () => {
    expectError(await post(`${CATALOG}/categories`, { name: '', group_id: p.group }), 422, 'name');
  });

  it('§2.6: a decimal price sent as "abc" → 422 naming price', async () => {
    expectError(await post(`${CATALOG}/items`, item({ price: 'abc' })), 422, 'price');
  });

  it('§2.6: a price sent as the string "12.50" is stored and returned as the number 12.5', async () => {
    const created = await create('items', item({ price: '12.50', costPrice: '3' }));
    expect(created).toMatchObject({ price: 12.5, costPrice: 3 });
  });

  it('§2.6: a name that is not a string → 422', async () => {
    expectError(await post(`${CATALOG}/sellingFormats`, { name: 42 }), 422, 'name');
  });

  it('§2.6: a boolean field that is not 0/1 → 422; "1" and true are stored as 1', async () => {
    expectError(await post(`${CATALOG}/groups`, { active: 'yes' }), 422, 'active');
    expect(await create('groups', { active: '0' })).toMatchObject({ active: 0 });
    expect(await create('groups', { active: true })).toMatchObject({ active: 1 });
  });

  it.each([0, 1, 4])('§2.6: item type %i is accepted', async (type) => {
    expect(await create('items', item({ type }))).toMatchObject({ type });
  });

  it.each([2, 3, 5, -1, 'x'])('§2.6: item type %s → 422 (type is 0, 1 or 4)', async (type) => {
    expectError(await post(`${CATALOG}/items`, item({ type })), 422, 'type');
  });

  it.each(['1;7;13', '5', ''])('§2.7: allergies "%s" (codes joined by ";") is accepted', async (allergies) => {
    expect(await create('items', item({ allergies }))).toMatchObject({ allergies });
  });

  it.each(['1;14', '0', 'eggs', '1,7', '1;;7', '1;1'])('§2.7: allergies "%s" → 422', async (allergies) => {
    expectError(await post(`${CATALOG}/items`, item({ allergies })), 422, 'allergies');
  });

  it.each([0, 1, 2, 3, 4])('§2.6: menu category isMultipleChoice %i is accepted', async (mode) => {
    expect(await create('menuMenuCategories', { name: 'Postres', item_id: p.menuItem, isMultipleChoice: mode, min: 0, max: 2 })).toMatchObject({
      isMultipleChoice: mode,
    });
  });

  it('§2.6: menu category isMultipleChoice 5 → 422', async () => {
    expectError(await post(`${CATALOG}/menuMenuCategories`, { name: 'x', item_id: p.menuItem, isMultipleChoice: 5 }), 422, 'isMultipleChoice');
  });

  it('§2.6: menu category min above max → 422 (also when an update moves min past the stored max)', async () => {
    expectError(await post(`${CATALOG}/menuMenuCategories`, { name: 'x', item_id: p.menuItem, min: 3, max: 2 }), 422, 'min');
    const category = await create('menuMenuCategories', { name: 'Bebida', item_id: p.menuItem, min: 1, max: 2 });
    expectError(await post(`${CATALOG}/menuMenuCategories`, { id: category.id, min: 3 }), 422, 'min');
    expect((await get(`${CATALOG}/menuMenuCategories/${category.id}`)).body).toMatchObject({ min: 1, max: 2 });
  });

  // spec 2.5 / 2.6: references must name existing records (required ones always, optional ones
  // when sent and not null).
  const unknownParents: Array<[string, CatalogSegment, (p: Parents) => Json, string]> = [
    ['category.group_id', 'categories', () => ({ name: 'x', group_id: UNKNOWN_ID }), 'group_id'],
    ['category.modifier_group_id', 'categories', (q) => ({ name: 'x', group_id: q.group, modifier_group_id: UNKNOWN_ID }), 'modifier_group_id'],
    ['category.modifier_category_id', 'categories', (q) => ({ name: 'x', group_id: q.group, modifier_category_id: UNKNOWN_ID }), 'modifier_category_id'],
    ['item.category_id', 'items', () => ({ name: 'x', price: 1, costPrice: 0, type: 0, category_id: UNKNOWN_ID }), 'category_id'],
    [
      'item.modifier_group_id',
      'items',
      (q) => ({ name: 'x', price: 1, costPrice: 0, type: 0, category_id: q.category, modifier_group_id: UNKNOWN_ID }),
      'modifier_group_id',
    ],
    [
      'item.modifier_category_id',
      'items',
      (q) => ({ name: 'x', price: 1, costPrice: 0, type: 0, category_id: q.category, modifier_category_id: UNKNOWN_ID }),
      'modifier_category_id',
    ],
    ['modifier.category_id', 'modifiers', () => ({ name: 'x', price: 0, category_id: UNKNOWN_ID }), 'category_id'],
    ['modifierPivot.group_id', 'modifierPivots', (q) => ({ group_id: UNKNOWN_ID, category_id: q.modifierCategory }), 'group_id'],
    ['modifierPivot.category_id', 'modifierPivots', (q) => ({ group_id: q.modifierGroup, category_id: UNKNOWN_ID }), 'category_id'],
    ['sellingFormatPivot.format_id', 'sellingFormatPivots', (q) => ({ quantity: 1, price: 1, format_id: UNKNOWN_ID, item_id: q.formatItem }), 'format_id'],
    ['sellingFormatPivot.item_id', 'sellingFormatPivots', (q) => ({ quantity: 1, price: 1, format_id: q.sellingFormat, item_id: UNKNOWN_ID }), 'item_id'],
    ['menuMenuCategory.item_id', 'menuMenuCategories', () => ({ name: 'x', item_id: UNKNOWN_ID }), 'item_id'],
    ['menuMenuItemCategoryPivot.item_id', 'menuMenuItemCategoryPivots', (q) => ({ price: 0, item_id: UNKNOWN_ID, category_id: q.menuCategory }), 'item_id'],
    [
      'menuMenuItemCategoryPivot.category_id',
      'menuMenuItemCategoryPivots',
      (q) => ({ price: 0, item_id: q.normalItem, category_id: UNKNOWN_ID }),
      'category_id',
    ],
    [
      'menuMenuItemCategoryPivot.modifier_group_id',
      'menuMenuItemCategoryPivots',
      (q) => ({ price: 0, item_id: q.normalItem, category_id: q.menuCategory, modifier_group_id: UNKNOWN_ID }),
      'modifier_group_id',
    ],
  ];

  it.each(unknownParents)('§2.5/§2.6: an unknown %s → 422 naming it, nothing created', async (_label, resource, body, field) => {
    const before = await total(`${CATALOG}/${resource}`);
    expectError(await post(`${CATALOG}/${resource}`, body(p)), 422, field, 'unknown');
    expect(await total(`${CATALOG}/${resource}`)).toBe(before);
  });

  it('§2.6: optional references sent as null are accepted', async () => {
    expect(await create('items', item({ modifier_group_id: null, modifier_category_id: null }))).toMatchObject({ modifier_group_id: null });
  });

  it('§2.5: a category update moving it to an unknown group → 422', async () => {
    const category = await create('categories', { name: 'Postres', group_id: p.group });
    expectError(await post(`${CATALOG}/categories`, { id: category.id, group_id: UNKNOWN_ID }), 422, 'group_id');
  });

  it('§2.6: a selling-format pivot whose item_id is not a type 4 item → 422', async () => {
    expectError(
      await post(`${CATALOG}/sellingFormatPivots`, { quantity: 1, price: 1, format_id: p.sellingFormat, item_id: p.normalItem }),
      422,
      'item_id',
      'type 4',
    );
  });

  it('§2.5: a menu category whose item_id is not a type 1 item → 422', async () => {
    expectError(await post(`${CATALOG}/menuMenuCategories`, { name: 'x', item_id: p.formatItem }), 422, 'item_id', 'type 1');
  });

  it('§2.5: a menu item-category pivot whose item_id is not a type 0 item → 422', async () => {
    expectError(await post(`${CATALOG}/menuMenuItemCategoryPivots`, { price: 0, item_id: p.menuItem, category_id: p.menuCategory }), 422, 'item_id', 'type 0');
  });

  it('§2.5: changing the type of an item that has menu categories → 422', async () => {
    const menu = await create('items', item({ type: 1, name: 'Menú infantil' }));
    await create('menuMenuCategories', { name: 'Principal', item_id: menu.id });
    expectError(await post(`${CATALOG}/items`, { id: menu.id, type: 0 }), 422, 'type');
    expect((await get(`${CATALOG}/items/${menu.id}`)).body).toMatchObject({ type: 1 });
  });

  it('§4.3 rule 3: an update carries id plus only the changed fields; required fields may be left out', async () => {
    const created = await create('items', item({ info: 'Casera' }));
    const answer = await post(`${CATALOG}/items`, { id: created.id, active: 0 });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...created, active: 0 });
  });

  it('§4.3 rule 3: an update may not empty a required field', async () => {
    const created = await create('items', item());
    expectError(await post(`${CATALOG}/items`, { id: created.id, name: null }), 422, 'name');
  });

  it('§4.3: an id that is not a positive integer → 422', async () => {
    expectError(await post(`${CATALOG}/items`, { ...item(), id: 'abc' }), 422, 'id');
  });

  it('§4.3: ids are assigned automatically and increase; the list keeps id order', async () => {
    const a = await create('groups', { name: 'A' });
    const b = await create('groups', { name: 'B' });
    expect(b.id).toBeGreaterThan(a.id);
  });

  it('§4.3: a multi-record write with one invalid entry → 422 naming the entry and field, nothing written', async () => {
    const before = await total(`${CATALOG}/items`);
    const { price: _p, ...noPrice } = item();
    const answer = await post(`${CATALOG}/items`, { items: [item({ name: 'Ok' }), noPrice, item({ name: 'Ok too' })] });
    expectError(answer, 422, 'items[1]', 'price');
    expect(String(answer.body.error)).not.toContain('items[0]');
    expect(await total(`${CATALOG}/items`)).toBe(before);
  });

  it('§4.3: a multi-record write with an invalid update leaves the valid updates of the same write unapplied', async () => {
    const created = await create('items', item({ name: 'Original' }));
    const answer = await post(`${CATALOG}/items`, {
      items: [
        { id: created.id, name: 'Changed' },
        { id: UNKNOWN_ID, name: 'x' },
      ],
    });
    expectError(answer, 422, 'items[1]', 'id');
    expect((await get(`${CATALOG}/items/${created.id}`)).body).toMatchObject({ name: 'Original' });
  });

  it('§4.3: the wrapper key holding something other than an array → 422', async () => {
    expectError(await post(`${CATALOG}/items`, { items: item() }), 422, 'items');
    expectError(await post(`${CATALOG}/items`, { items: [] }), 422, 'items');
    expectError(await post(`${CATALOG}/items`, { items: [42] }), 422, 'items[0]');
  });

  it('§4.3: a body that is not a JSON object → 422', async () => {
    expectError(await post(`${CATALOG}/groups`, '{not json'), 422);
    expectError(await post(`${CATALOG}/groups`, [{ name: 'x' }]), 422);
  });

  it('§4.3: one multi-record write can hold many records', async () => {
    const before = await total(`${CATALOG}/modifiers`);
    const modifiers = Array.from({ length: 120 }, (_, i) => ({ name: `Extra ${i}`, price: i / 10, category_id: p.modifierCategory }));
    const answer = await post<Json[]>(`${CATALOG}/modifiers`, { modifiers });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(120);
    expect(answer.body[119]).toMatchObject({ name: 'Extra 119', price: 11.9 });
    expect(await total(`${CATALOG}/modifiers`)).toBe(before + 120);
  });

  // spec 2.5: an item cannot exist without a category and a category cannot exist without a
  // group; deleting a parent that still has children is refused (conservative).
  const parentsWithChildren: Array<[string, (q: Parents) => Promise<[CatalogSegment, number]>]> = [
    ['a group with categories', async (q) => ['groups', q.group]],
    ['a category with items', async (q) => ['categories', q.category]],
    ['a type 1 item with menu categories', async (q) => ['items', q.menuItem]],
    ['a type 4 item with selling-format pivots', async (q) => ['items', q.formatItem]],
    ['a selling format with pivots', async (q) => ['sellingFormats', q.sellingFormat]],
    [
      'a modifier category with modifiers',
      async () => {
        const category = await create('modifierCategories', { name: 'Guarnición' });
        await create('modifiers', { name: 'Patatas', price: 0, category_id: category.id });
        return ['modifierCategories', category.id];
      },
    ],
    [
      'a modifier group with pivots',
      async (q) => {
        const group = await create('modifierGroups', { name: 'Vinos' });
        await create('modifierPivots', { group_id: group.id, category_id: q.modifierCategory });
        return ['modifierGroups', group.id];
      },
    ],
    [
      'a menu category with item-category pivots',
      async (q) => {
        const category = await create('menuMenuCategories', { name: 'Postre', item_id: q.menuItem });
        await create('menuMenuItemCategoryPivots', { price: 1, item_id: q.normalItem, category_id: category.id });
        return ['menuMenuCategories', category.id];
      },
    ],
    [
      'a type 0 item that is a dish of a menu',
      async (q) => {
        const dish = await create('items', { name: 'Flan', price: 3, costPrice: 1, type: 0, category_id: q.category });
        await create('menuMenuItemCategoryPivots', { price: 0, item_id: dish.id, category_id: q.menuCategory });
        return ['items', dish.id];
      },
    ],
  ];

  it.each(parentsWithChildren)('§2.5: deleting %s → 422 explaining why; the record stays', async (_label, arrange) => {
    const [resource, id] = await arrange(p);
    const answer = await del(`${CATALOG}/${resource}/${id}`);
    expectError(answer, 422, 'Cannot delete', 'still referenced');
    expect((await get(`${CATALOG}/${resource}/${id}`)).status).toBe(200);
  });

  it('§2.5: a parent can be deleted once its children are gone', async () => {
    const group = await create('groups', { name: 'Temporal' });
    const category = await create('categories', { name: 'Temporal', group_id: group.id });
    expect((await del(`${CATALOG}/groups/${group.id}`)).status).toBe(422);
    expect((await del(`${CATALOG}/categories/${category.id}`)).status).toBe(200);
    expect((await del(`${CATALOG}/groups/${group.id}`)).status).toBe(200);
  });
});

describe('catalog: nested lists (spec 4.3 additional list paths)', () => {
  let groupA: number;
  let groupB: number;
  let categoryA: number;
  beforeAll(async () => {
    groupA = (await create('groups', { name: 'Cocina' })).id;
    groupB = (await create('groups', { name: 'Barra' })).id;
    categoryA = (await create('categories', { name: 'Entrantes', group_id: groupA })).id;
    await create('categories', { name: 'Principales', group_id: groupA });
    await create('categories', { name: 'Cafés', group_id: groupB });
    for (let i = 0; i < 3; i++) await create('items', { name: `Entrante ${i}`, price: 4 + i, costPrice: 1, type: 0, category_id: categoryA });
  });

  it("§4.3: GET catalog/groups/<id>/categories lists only that group's categories, paginated", async () => {
    const answer = await get<Page>(`${CATALOG}/groups/${groupA}/categories`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ current_page: 1, total: 2, per_page: 50 });
    expect(answer.body.data.map((c) => c.name)).toEqual(['Entrantes', 'Principales']);
    expect(answer.body.data.every((c) => c.group_id === groupA)).toBe(true);
  });

  it("§4.3: GET catalog/categories/<id>/items lists only that category's items, paginated", async () => {
    const answer = await get<Page>(`${CATALOG}/categories/${categoryA}/items?pagination=2&page=2`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ current_page: 2, total: 3, per_page: 2, last_page: 2 });
    expect(answer.body.data.map((i) => i.name)).toEqual(['Entrante 2']);
  });

  it('§4.3: a nested list of an unknown parent → 404', async () => {
    expectError(await get(`${CATALOG}/groups/${UNKNOWN_ID}/categories`), 404);
    expectError(await get(`${CATALOG}/categories/${UNKNOWN_ID}/items`), 404);
  });
});

describe('catalog: pagination (spec 4.1, §8)', () => {
  const path = `${CATALOG}/groups`;
  let count: number;
  beforeAll(async () => {
    // Enough records for more than one page of the maximum size, in one multi-record write.
    const before = await total(path);
    const missing = Math.max(0, 450 - before);
    if (missing > 0) {
      const answer = await post(path, { groups: Array.from({ length: missing }, (_, i) => ({ name: `Grupo ${i}` })) });
      expect(answer.status).toBe(200);
    }
    count = await total(path);
    expect(count).toBeGreaterThanOrEqual(450);
  });

  it('§4.1/§8: without pagination a page holds 50 records (default)', async () => {
    const answer = await get<Page>(path);
    expect(answer.body).toMatchObject({ current_page: 1, per_page: 50, total: count, from: 1, to: 50, last_page: Math.ceil(count / 50) });
    expect(answer.body.data).toHaveLength(50);
  });

  it('§4.1/§8: pagination=200 serves 200 records per page (maximum)', async () => {
    const answer = await get<Page>(`${path}?pagination=200`);
    expect(answer.body.per_page).toBe(200);
    expect(answer.body.data).toHaveLength(200);
  });

  it('§4.1/§8: pagination=500 is served as 200 per page, status 200', async () => {
    const answer = await get<Page>(`${path}?pagination=500`);
    expect(answer.status).toBe(200);
    expect(answer.body.per_page).toBe(200);
    expect(answer.body.data).toHaveLength(200);
  });

  it('§4.1 / clarifications: paging to the end reads exactly `total` records, in id order, without repeats', async () => {
    const all = await readAll(path);
    expect(all).toHaveLength(count);
    const ids = all.map((r) => r.id as number);
    expect(new Set(ids).size).toBe(count);
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1] as number);
  });

  it('§4.1: the last page holds the remainder', async () => {
    const lastPage = Math.ceil(count / 200);
    const answer = await get<Page>(`${path}?pagination=200&page=${lastPage}`);
    expect(answer.body.current_page).toBe(lastPage);
    expect(answer.body.data).toHaveLength(count - 200 * (lastPage - 1));
    expect(answer.body.to).toBe(count);
  });
});
