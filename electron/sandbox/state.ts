// In-memory state of the sandbox: one independent record set per account (tenant), plus what is
// sandbox-wide (the ledger of received orders). Everything is plain JSON-able data so that
// `--state FILE` can persist it as it is.
import type { CatalogState } from './catalog/model';
import type { CommerceState } from './commerce/model';
import { emptyOrders, type LedgerEntry, type OrdersState } from './orders/model';

/** spec: hospitality 2.1 */
export interface PaymentMethodRecord {
  id: number;
  name: string;
  active: boolean;
}

/** spec: hospitality 2.2 — stored with real numbers; the route turns them into the wire strings. */
export interface TableRecord {
  id: number;
  roomId: number;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Position and size before the table was moved or resized by a join. */
  baseX: number;
  baseY: number;
  baseWidth: number;
  baseHeight: number;
  /** Hex colour, e.g. "#8fbc8f". */
  color: string;
  /** 1 = rectangular, 2 = round (our convention; the spec does not name the types). */
  typeId: number;
  priceId: number | null;
  /** The other table of a joined pair (clarifications: Hospitality v2), else null. */
  joinedWithId: number | null;
}

/** spec: hospitality 2.2 */
export interface RoomRecord {
  id: number;
  name: string;
  order: number;
  active: boolean;
}

/** Seed form of a room: the room with its tables. Table fields left out get defaults. */
export interface SeedTable {
  id: number;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  baseX?: number;
  baseY?: number;
  baseWidth?: number;
  baseHeight?: number;
  color?: string;
  type_id?: number;
  price_id?: number | null;
  joined_with_id?: number | null;
}

export interface SeedRoom {
  id: number;
  name: string;
  order?: number;
  active?: boolean;
  tables?: SeedTable[];
}

/** What an account starts with. */
export interface AccountSeed {
  rooms: SeedRoom[];
  paymentMethods: PaymentMethodRecord[];
  catalog: CatalogState;
  commerce: CommerceState;
}

/** Credentials and place in a chain of one account (spec §5; chain sync in §4.2). */
export interface AccountSpec {
  tenant: string;
  accessToken: string;
  integratorToken: string;
  /** Tenant of the master account when this is a child account, else null. */
  master: string | null;
  /** Replaces parts of the default seed for this account only. */
  seed?: Partial<AccountSeed>;
}

export interface AccountState {
  readonly tenant: string;
  readonly accessToken: string;
  readonly integratorToken: string;
  readonly master: string | null;
  rooms: RoomRecord[];
  tables: TableRecord[];
  paymentMethods: PaymentMethodRecord[];
  catalog: CatalogState;
  commerce: CommerceState;
  orders: OrdersState;
  /** Last id handed out per collection (e.g. `items`, `customers`, `orders`); see nextId(). */
  lastIds: Record<string, number>;
}

/** The next free id of a collection in an account: above every id it ever handed out or holds. */
export function nextId(account: AccountState, collection: string, existing: readonly { id: number }[] = []): number {
  const highest = existing.reduce((max, record) => Math.max(max, record.id), 0);
  const next = Math.max(account.lastIds[collection] ?? 0, highest) + 1;
  account.lastIds[collection] = next;
  return next;
}

export interface SandboxState {
  readonly accounts: ReadonlyMap<string, AccountState>;
  /** Every Flow and loyalty order received and committed, in order (control API). */
  ledger: LedgerEntry[];
  /** The account of a tenant, or undefined when the tenant is unknown. */
  account(tenant: string): AccountState | undefined;
  /** Child accounts of a master account. */
  children(tenant: string): AccountState[];
}

function tableFromSeed(roomId: number, t: SeedTable): TableRecord {
  return {
    id: t.id,
    roomId,
    name: t.name,
    x: t.x,
    y: t.y,
    width: t.width,
    height: t.height,
    baseX: t.baseX ?? t.x,
    baseY: t.baseY ?? t.y,
    baseWidth: t.baseWidth ?? t.width,
    baseHeight: t.baseHeight ?? t.height,
    color: t.color ?? '#8fbc8f',
    typeId: t.type_id ?? 1,
    priceId: t.price_id ?? null,
    joinedWithId: t.joined_with_id ?? null,
  };
}

/** Builds one account's state from a seed. Everything is copied: accounts never share records. */
export function createAccountState(spec: AccountSpec, seed: AccountSeed): AccountState {
  const rooms: RoomRecord[] = [];
  const tables: TableRecord[] = [];
  seed.rooms.forEach((room, index) => {
    rooms.push({ id: room.id, name: room.name, order: room.order ?? index + 1, active: room.active ?? true });
    for (const table of room.tables ?? []) tables.push(tableFromSeed(room.id, table));
  });
  return {
    tenant: spec.tenant,
    accessToken: spec.accessToken,
    integratorToken: spec.integratorToken,
    master: spec.master,
    rooms,
    tables,
    paymentMethods: seed.paymentMethods.map((m) => ({ ...m })),
    catalog: structuredClone(seed.catalog),
    commerce: structuredClone(seed.commerce),
    orders: emptyOrders(),
    lastIds: {},
  };
}

export function createSandboxState(specs: readonly AccountSpec[], defaultSeed: AccountSeed): SandboxState {
  const accounts = new Map<string, AccountState>();
  for (const spec of specs) {
    if (accounts.has(spec.tenant)) throw new Error(`sandbox: account "${spec.tenant}" is defined twice`);
    accounts.set(spec.tenant, createAccountState(spec, { ...defaultSeed, ...spec.seed }));
  }
  for (const account of accounts.values()) {
    if (account.master !== null && !accounts.has(account.master)) {
      throw new Error(`sandbox: account "${account.tenant}" names an unknown master "${account.master}"`);
    }
  }
  return {
    accounts,
    ledger: [],
    account: (tenant) => accounts.get(tenant),
    children: (tenant) => [...accounts.values()].filter((a) => a.master === tenant),
  };
}
