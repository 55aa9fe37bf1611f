import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type { SyncResource } from '../../../../shared/bridge';
import type {
  CategoryWire,
  CustomerWire,
  GroupWire,
  ItemWire,
  MenuMenuCategoryWire,
  MenuMenuItemCategoryPivotWire,
  ModifierCategoryWire,
  ModifierGroupWire,
  ModifierPivotWire,
  ModifierWire,
  PaymentMethodWire,
  SellingFormatPivotWire,
  SellingFormatWire,
  StockWire,
  WarehouseWire,
} from '../../../../shared/api';
import type { StoredRoom, StoredTable } from '../db';

// Records are stored as the shared wire schemas read them (numbers coerced, 0/1 flags as
// booleans, unknown fields dropped), so the order builder sees the spec's field names. Rooms and
// tables are stored in the floor plan's shape (`roomId`, `#rrggbb` colours), as before.
export type StoredGroup = GroupWire;
export type StoredCategory = CategoryWire;
export type StoredItem = ItemWire;
export type StoredSellingFormat = SellingFormatWire;
export type StoredSellingFormatPivot = SellingFormatPivotWire;
export type StoredModifier = ModifierWire;
export type StoredModifierCategory = ModifierCategoryWire;
export type StoredModifierGroup = ModifierGroupWire;
export type StoredModifierPivot = ModifierPivotWire;
export type StoredMenuCategory = MenuMenuCategoryWire;
export type StoredMenuDish = MenuMenuItemCategoryPivotWire;
export type StoredPaymentMethod = PaymentMethodWire;
export type StoredCustomer = CustomerWire;
export type StoredWarehouse = WarehouseWire;
export type StoredStock = StockWire;
export type { StoredRoom, StoredTable };

/** What the floor plan reads: a generation database, or the version 1 account database. */
export type FloorDb = Dexie & {
  rooms: EntityTable<StoredRoom, 'id'>;
  floorTables: EntityTable<StoredTable, 'id'>;
};

export interface GenerationMetaEntry {
  key: 'sealed';
  /** The generation number, written last, with strict durability (see sync.ts). */
  value: number;
}

export type CatalogDb = FloorDb & {
  groups: EntityTable<StoredGroup, 'id'>;
  categories: EntityTable<StoredCategory, 'id'>;
  items: EntityTable<StoredItem, 'id'>;
  sellingFormats: EntityTable<StoredSellingFormat, 'id'>;
  sellingFormatPivots: EntityTable<StoredSellingFormatPivot, 'id'>;
  modifiers: EntityTable<StoredModifier, 'id'>;
  modifierCategories: EntityTable<StoredModifierCategory, 'id'>;
  modifierGroups: EntityTable<StoredModifierGroup, 'id'>;
  modifierPivots: EntityTable<StoredModifierPivot, 'id'>;
  menuMenuCategories: EntityTable<StoredMenuCategory, 'id'>;
  menuMenuItemCategoryPivots: EntityTable<StoredMenuDish, 'id'>;
  paymentMethods: EntityTable<StoredPaymentMethod, 'id'>;
  customers: EntityTable<StoredCustomer, 'id'>;
  warehouses: EntityTable<StoredWarehouse, 'id'>;
  stocks: EntityTable<StoredStock, 'id'>;
  meta: EntityTable<GenerationMetaEntry, 'key'>;
};

/**
 * Version 1 (2026-11-22) of a generation database. A generation is written once, by one
 * sync, and never migrated: a schema change adds version 2 here with a dated comment, and the
 * next sync simply builds a database of the new shape (an old generation is read until then).
 *
 * Indexes are the ones the order builder and the floor plan query by; booleans (`active`) cannot
 * be indexed in IndexedDB, so "active only" is filtered after an indexed read.
 */
const GENERATION_SCHEMA_V1 = {
  groups: 'id',
  categories: 'id, group_id',
  items: 'id, category_id, type, name',
  sellingFormats: 'id',
  sellingFormatPivots: 'id, item_id, format_id',
  modifiers: 'id, category_id',
  modifierCategories: 'id',
  modifierGroups: 'id',
  modifierPivots: 'id, group_id, category_id',
  menuMenuCategories: 'id, item_id',
  menuMenuItemCategoryPivots: 'id, category_id, item_id',
  rooms: 'id, order',
  // Not `tables`: Dexie's own `db.tables` (the list of every store) would shadow it.
  floorTables: 'id, roomId',
  paymentMethods: 'id',
  customers: 'id, name, email, phone',
  warehouses: 'id',
  stocks: 'id, warehouse_id, item_id, [warehouse_id+item_id]',
  meta: 'key',
} as const;

/** The stores of a generation that hold synced records (not `meta`). */
export type RecordStore = Exclude<keyof typeof GENERATION_SCHEMA_V1, 'meta'>;
export const recordStores = Object.keys(GENERATION_SCHEMA_V1).filter((name): name is RecordStore => name !== 'meta');

/** Where each synced resource lands: rooms fill two stores (rooms and their tables). */
export const storesOfResource: Record<SyncResource, readonly RecordStore[]> = {
  groups: ['groups'],
  categories: ['categories'],
  items: ['items'],
  sellingFormats: ['sellingFormats'],
  sellingFormatPivots: ['sellingFormatPivots'],
  modifiers: ['modifiers'],
  modifierCategories: ['modifierCategories'],
  modifierGroups: ['modifierGroups'],
  modifierPivots: ['modifierPivots'],
  menuMenuCategories: ['menuMenuCategories'],
  menuMenuItemCategoryPivots: ['menuMenuItemCategoryPivots'],
  rooms: ['rooms', 'floorTables'],
  paymentMethods: ['paymentMethods'],
  customers: ['customers'],
  warehouses: ['warehouses'],
  stocks: ['stocks'],
};

const GENERATION_PREFIX = '-gen-';

/** `comanda-demo-gen-7`: one database per generation, next to the account's `comanda-demo`. */
export function generationDbName(accountKey: string, n: number): string {
  return `comanda-${accountKey}${GENERATION_PREFIX}${n}`;
}

/** The generation number of a database name of this account, or null when it is not one. */
export function generationOfDbName(accountKey: string, name: string): number | null {
  const prefix = `comanda-${accountKey}${GENERATION_PREFIX}`;
  if (!name.startsWith(prefix)) return null;
  const rest = name.slice(prefix.length);
  return /^[1-9]\d*$/.test(rest) ? Number(rest) : null;
}

export function openGenerationDb(accountKey: string, n: number, options?: DexieOptions): CatalogDb {
  const db = new Dexie(generationDbName(accountKey, n), options) as CatalogDb;
  db.version(1).stores(GENERATION_SCHEMA_V1);
  return db;
}
