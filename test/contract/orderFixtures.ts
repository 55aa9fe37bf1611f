// Shared fixtures of the order contract tests (flow, loyalty, control): a small venue whose tables
// and catalog records the tests name by id, passed through `startSandbox({ seed })` so the tests
// never depend on the demo venue's data. Helpers talk plain HTTP.
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSandbox, type RunningSandbox, type StartSandboxOptions } from '../../electron/sandbox';
import type { AccountSeed } from '../../electron/sandbox';
import { controlRequest } from '../../electron/sandbox/control/request.testing';

export type Json = Record<string, unknown>;

export const HEADERS: Record<string, string> = {
  tenant: 'demo',
  Authorization: 'Bearer demo-token',
  'client-token': 'demo-client',
  'Content-Type': 'application/json',
};

/** Tables 1–6 in one room; names "Mesa <id>". */
export const TABLES = [1, 2, 3, 4, 5, 6];
export const UNKNOWN_TABLE = 999;

/** Item ids of the fixture catalog (spec 2.6: type 0 normal, 1 menu, 4 selling format). */
export const ITEM = {
  cafe: 1, // type 0, 1.80
  tostada: 2, // type 0, 2.50
  cerveza: 3, // type 4: pivots CANA (2.00) and JARRA (3.50)
  vino: 4, // type 4: pivot COPA
  menu: 5, // type 1 "Menú del día", 12.00: Primeros (ensalada), Segundos (entrecot +3.00)
  ensalada: 6, // type 0 dish
  entrecot: 7, // type 0 dish
  unknown: 9999,
} as const;
export const PIVOT = { cana: 31, jarra: 32, copa: 41 } as const;
export const MENU_PIVOT = { ensalada: 61, entrecot: 62 } as const;
export const MODIFIER = { pocoHecho: 71, extraQueso: 72 } as const;
export const CUSTOMER = { id: 1, name: 'Ana García', email: 'ana@example.com', phone: '600111222' } as const;
export const WAREHOUSE = 1;

const flags = { active: 1 as const };

export function fixtureSeed(): Partial<AccountSeed> {
  return {
    rooms: [
      {
        id: 1,
        name: 'Sala',
        tables: TABLES.map((id) => ({ id, name: `Mesa ${id}`, x: id * 100, y: 0, width: 80, height: 80 })),
      },
    ],
    catalog: {
      groups: [{ id: 1, name: 'Carta', ...flags }],
      categories: [{ id: 1, name: 'Todo', group_id: 1, ...flags }],
      items: [
        { id: ITEM.cafe, name: 'Café con leche', price: 1.8, costPrice: 0.4, type: 0, category_id: 1, ...flags },
        { id: ITEM.tostada, name: 'Tostada', price: 2.5, costPrice: 0.6, type: 0, category_id: 1, ...flags },
        { id: ITEM.cerveza, name: 'Cerveza', price: 2, costPrice: 0.5, type: 4, category_id: 1, ...flags },
        { id: ITEM.vino, name: 'Vino tinto', price: 2.8, costPrice: 0.9, type: 4, category_id: 1, ...flags },
        { id: ITEM.menu, name: 'Menú del día', price: 12, costPrice: 4, type: 1, category_id: 1, ...flags },
        { id: ITEM.ensalada, name: 'Ensalada mixta', price: 6, costPrice: 1.5, type: 0, category_id: 1, ...flags },
        { id: ITEM.entrecot, name: 'Entrecot', price: 16, costPrice: 7, type: 0, category_id: 1, ...flags },
      ],
      sellingFormats: [
        { id: 1, name: 'Caña', ...flags },
        { id: 2, name: 'Jarra', ...flags },
        { id: 3, name: 'Copa', ...flags },
      ],
      sellingFormatPivots: [
        { id: PIVOT.cana, quantity: 0.2, price: 2, format_id: 1, item_id: ITEM.cerveza },
        { id: PIVOT.jarra, quantity: 0.5, price: 3.5, format_id: 2, item_id: ITEM.cerveza },
        { id: PIVOT.copa, quantity: 0.15, price: 2.8, format_id: 3, item_id: ITEM.vino },
      ],
      modifiers: [
        { id: MODIFIER.pocoHecho, name: 'Poco hecho', price: 0, category_id: 1, ...flags },
        { id: MODIFIER.extraQueso, name: 'Extra de queso', price: 0.5, category_id: 1, ...flags },
      ],
      modifierCategories: [{ id: 1, name: 'Opciones', isChoice: 1, isOptional: 1, ...flags }],
      modifierGroups: [],
      modifierPivots: [],
      menuMenuCategories: [
        { id: 51, name: 'Primeros', isMultipleChoice: 0, max: 1, min: 1, item_id: ITEM.menu },
        { id: 52, name: 'Segundos', isMultipleChoice: 0, max: 1, min: 1, item_id: ITEM.menu },
      ],
      menuMenuItemCategoryPivots: [
        { id: MENU_PIVOT.ensalada, active: 1, price: 0, addModifiersPrice: 1, item_id: ITEM.ensalada, category_id: 51 },
        { id: MENU_PIVOT.entrecot, active: 1, price: 3, addModifiersPrice: 1, item_id: ITEM.entrecot, category_id: 52 },
      ],
    },
    commerce: {
      giftCards: [],
      customers: [
        {
          id: CUSTOMER.id,
          name: CUSTOMER.name,
          active: 1,
          tax_id: null,
          photo: null,
          super_group_id: null,
          printer_id: null,
          printer_group_id: null,
          email: CUSTOMER.email,
          phone: CUSTOMER.phone,
        },
      ],
      warehouses: [{ id: WAREHOUSE, name: 'Almacén', order: 1 }],
      stocks: [{ id: 1, quantity: 100, defaultQuantity: 100, alert: 5, warehouse_id: WAREHOUSE, item_id: ITEM.cafe, unit_id: null }],
      purchaseOrders: [],
      vendors: [],
      vendorItems: [],
    },
  };
}

/** A sandbox serving the fixture venue, rate limit lifted (spec §8 is tested elsewhere). */
export function startFixtureSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, limits: { requestsPerMinute: 100_000 }, seed: fixtureSeed(), ...options });
}

/**
 * A fixture sandbox for a whole file, reset before each test: the hooks are registered here, and
 * `url` is read once the file's `beforeAll` has started it.
 */
export function fixtureSandboxPerFile(options: StartSandboxOptions = {}): { readonly url: string } {
  let running: RunningSandbox | undefined;
  beforeAll(async () => {
    running = await startFixtureSandbox(options);
  });
  afterAll(async () => {
    await running?.close();
  });
  beforeEach(async () => {
    await resetSandbox(running!.url);
  });
  return {
    get url() {
      if (running === undefined) throw new Error('the fixture sandbox is read before its beforeAll started it');
      return running.url;
    },
  };
}

export interface Answer<T = Json> {
  status: number;
  body: T;
}

/** One fetch call; the body is parsed as JSON (null when empty). */
export async function call<T = Json>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = HEADERS,
): Promise<Answer<T>> {
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** spec §4.7: the Flow message object (auth inside the message, spec §5). */
export function flowMessage(data: unknown, overrides: Json = {}): Json {
  return { auth: { tenant: 'demo', token: 'demo-token' }, action: 'newOrder', data, ...overrides };
}

/** A valid newOrder `data` (spec §2.9) seating `tables`. */
export function newOrderData(tables: number[], extra: Json = {}): Json {
  return {
    customer: null,
    notes: 'Reserva',
    table_id: tables,
    guests: 2,
    contents: [{ item_id: ITEM.cafe, itemPrice: 1.8, quantity: 2 }],
    payments: null,
    ...extra,
  };
}

export interface FlowEnvelope {
  result: boolean;
  errorMessage: string | null;
  data: { id: number } | null;
}

/** POST /apiFlow?message=<JSON> (spec §4.7), no credential headers. */
export function flowPath(message: unknown): string {
  return `/apiFlow?message=${encodeURIComponent(typeof message === 'string' ? message : JSON.stringify(message))}`;
}

export function postFlow(base: string, message: unknown): Promise<Answer<FlowEnvelope>> {
  return call<FlowEnvelope>(base, 'POST', flowPath(message), undefined, {});
}

export function postLoyalty(base: string, body: unknown, headers: Record<string, string> = HEADERS): Promise<Answer> {
  return call(base, 'POST', '/api/loyalty/orders', body, headers);
}

export interface LedgerEntry {
  service: 'hospitality';
  kind: 'flow' | 'loyalty';
  tenant: string;
  receivedAt: string;
  orderId: number;
  payload: Json;
}

export async function ledger(base: string): Promise<LedgerEntry[]> {
  const answer = await controlRequest<{ entries: LedgerEntry[] }>(base, '/__sandbox/ledger');
  return answer.body.entries;
}

export interface OpenOrders {
  tenant: string;
  tables: Array<Json & { table_id: number; order_id: number; primary: boolean; guests: number }>;
  deliveries: Array<Json & { order_id: number; tableName: string }>;
  orders: Array<Json & { id: number; tableIds: number[]; tableName: string; contents: Json[]; payments: Json[]; total: string }>;
}

export async function openOrders(base: string): Promise<OpenOrders> {
  return (await controlRequest<OpenOrders>(base, '/__sandbox/open-orders')).body;
}

/** Every order of the demo tenant, open or closed (a settled table order is closed). */
export async function allOrders(base: string): Promise<{ orders: OpenOrders['orders'] }> {
  return (await controlRequest<{ orders: OpenOrders['orders'] }>(base, '/__sandbox/orders')).body;
}

export async function resetSandbox(base: string): Promise<void> {
  const answer = await controlRequest(base, '/__sandbox/reset', { method: 'POST' });
  if (answer.status !== 200) throw new Error(`reset failed: ${answer.status}`);
}

/**
 * One request on a brand-new connection (node:http, no pooled socket), so a socket the sandbox
 * destroys never leaks into the next request. Resolves the status and body, or the error code.
 */
export function freshRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(url, { method: options.method ?? 'GET', agent: false, headers: options.headers ?? {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? String(error) }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? String(error) }));
    req.end(options.body);
  });
}
