import { z } from 'zod';
import floorJson from '../../resources/demo-venue/floor.json';
import { demoCatalog } from './seed/demoCatalog';
import { demoCommerce } from './seed/demoCommerce';
import { generateCatalog } from './seed/scale';
import type { AccountSeed, AccountSpec, PaymentMethodRecord, SeedRoom } from './state';

/** The demo account the app uses in demo mode (ARCHITECTURE §6). */
export const DEMO_ACCOUNT: { tenant: string; accessToken: string; integratorToken: string } = Object.freeze({
  tenant: 'demo',
  accessToken: 'demo-token',
  integratorToken: 'demo-client',
});

/** Tenant of the demo's child account (a chain: demo is the master). */
export const DEMO_CHILD_TENANT = 'demo-child';

/**
 * Table types of the demo venue. The spec only says tables carry a `type_id`; the vendor does
 * not publish the meaning of the values. Our convention: 1 = rectangular, 2 = round.
 */
export const TABLE_TYPE = { rectangular: 1, round: 2 } as const;

const floorTable = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  x: z.number(),
  y: z.number(),
  width: z.number().positive(),
  height: z.number().positive(),
  type_id: z.union([z.literal(TABLE_TYPE.rectangular), z.literal(TABLE_TYPE.round)]),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  joined_with_id: z.number().int().positive().nullable(),
});

const floorSchema = z.object({
  roomSize: z.object({ width: z.number().positive(), height: z.number().positive() }),
  rooms: z.array(
    z.object({
      id: z.number().int().positive(),
      name: z.string().min(1),
      order: z.number().int(),
      active: z.boolean(),
      tables: z.array(floorTable),
    }),
  ),
});

export type DemoFloor = z.output<typeof floorSchema>;

/**
 * The demo venue (resources/demo-venue/floor.json), checked at load so a bad edit fails loudly.
 * Positions are in a room space of `roomSize` units; baseX/baseY/baseWidth/baseHeight default to
 * x/y/width/height when the state is built.
 */
export const DEMO_FLOOR: DemoFloor = floorSchema.parse(floorJson);

export const DEMO_ROOMS: readonly SeedRoom[] = DEMO_FLOOR.rooms;

/** Clarifications (loyalty order): payment methods 1 = Card and 2 = Cash exist in every account. */
export const DEMO_PAYMENT_METHODS: readonly PaymentMethodRecord[] = [
  { id: 1, name: 'Card', active: true },
  { id: 2, name: 'Cash', active: true },
  { id: 3, name: 'Bizum', active: true },
];

/**
 * The demo venue: floor, payment methods, catalog (resources/demo-venue/catalog.json) and
 * customers, warehouses, vendors and purchase orders (resources/demo-venue/commerce.json).
 */
export function defaultSeed(): AccountSeed {
  const catalog = demoCatalog();
  return {
    rooms: [...DEMO_ROOMS],
    paymentMethods: DEMO_PAYMENT_METHODS.map((m) => ({ ...m })),
    catalog,
    commerce: demoCommerce(catalog),
  };
}

/**
 * `--scale N`: a generated catalog of N items (seed/scale.ts) and the demo's
 * customers, warehouses and vendors, with stock rows, vendor items and purchase orders rebuilt
 * for that catalog so every reference stays valid. The floor stays the demo's.
 */
export function scaledSeed(items: number): Pick<AccountSeed, 'catalog' | 'commerce'> {
  const catalog = generateCatalog(items);
  return { catalog, commerce: demoCommerce(catalog) };
}

/** The accounts served by default: the demo master account and its child, same credentials. */
export function defaultAccounts(): AccountSpec[] {
  return [
    { ...DEMO_ACCOUNT, master: null },
    { ...DEMO_ACCOUNT, tenant: DEMO_CHILD_TENANT, master: DEMO_ACCOUNT.tenant },
  ];
}
