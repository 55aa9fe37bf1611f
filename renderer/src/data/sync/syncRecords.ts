import type { z } from 'zod';
import type { FloorTable, SyncResource } from '../../../../shared/bridge';
import { catalogResources, customerWire, paymentMethodWire, roomWire, stockWire, warehouseWire, type RoomWire } from '../../../../shared/api';
import { toFloorTable } from './floorTables';
import type { RecordStore, StoredRoom } from '../catalog/catalogDb';

// Every record is validated again on arrival in the renderer, with the same shared wire schemas
// the main side reads the vendor's answers with: the bridge only promises "a JSON object", and a
// record that does not fit must fail the sync before anything of it is stored.
//
// zod runs without its JIT under the page's CSP (about 3× slower than in Node). The main side sends
// each record as its schema's output, which the schema maps to itself: for the bulk resources a
// hand-written check accepts exactly such canonical records, and everything else — a malformed
// record, a value still in wire spelling, an unknown key — goes through zod, which stores its
// output or names the problem. syncRecords.test.ts checks that whatever the fast check accepts,
// zod accepts and leaves unchanged.

/** The rows one page puts into each store of the generation, and the photo paths it mentions. */
export interface PageRows {
  rows: Partial<Record<RecordStore, object[]>>;
  photos: string[];
}

/** A record that does not fit its schema: which one, and why (for the engineer's detail). */
export class RecordProblem extends Error {
  constructor(
    readonly resource: SyncResource,
    readonly index: number,
    readonly recordId: unknown,
    readonly issues: string,
  ) {
    super(`${resource} record ${index + 1}${recordId === undefined ? '' : ` (id ${JSON.stringify(recordId)})`}: ${issues}`);
    this.name = 'RecordProblem';
  }
}

const recordSchemas = {
  groups: catalogResources.groups.record,
  categories: catalogResources.categories.record,
  items: catalogResources.items.record,
  sellingFormats: catalogResources.sellingFormats.record,
  sellingFormatPivots: catalogResources.sellingFormatPivots.record,
  modifiers: catalogResources.modifiers.record,
  modifierCategories: catalogResources.modifierCategories.record,
  modifierGroups: catalogResources.modifierGroups.record,
  modifierPivots: catalogResources.modifierPivots.record,
  menuMenuCategories: catalogResources.menuMenuCategories.record,
  menuMenuItemCategoryPivots: catalogResources.menuMenuItemCategoryPivots.record,
  rooms: roomWire,
  paymentMethods: paymentMethodWire,
  customers: customerWire,
  warehouses: warehouseWire,
  stocks: stockWire,
} as const satisfies Record<SyncResource, z.ZodType>;

/**
 * Catalog records whose `photo` the image cache keeps (spec 4.2 images). Customers' photos are
 * left out on purpose: they are people, not products, and no ordering screen shows them.
 */
const resourcesWithPhotos: ReadonlySet<SyncResource> = new Set<SyncResource>(['groups', 'categories', 'items', 'sellingFormats', 'modifiers']);

/** The canonical (schema output) form of one field. */
type CanonicalField = 'int' | 'int?' | 'number' | 'number?' | 'string' | 'string?' | 'flag' | 'itemType';

const isInt = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v);
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

const canonicalChecks: Record<CanonicalField, (v: unknown) => boolean> = {
  int: isInt,
  'int?': (v) => v === null || v === undefined || isInt(v),
  number: isNumber,
  'number?': (v) => v === null || v === undefined || isNumber(v),
  string: (v) => typeof v === 'string',
  'string?': (v) => v === null || v === undefined || typeof v === 'string',
  // Flags with a default are booleans once read (the default fills an absent one).
  flag: (v) => typeof v === 'boolean',
  itemType: (v) => v === 0 || v === 1 || v === 4,
};

/**
 * Field by field the output of the wire schemas of the resources with many records
 * (shared/api/catalog.ts, v2.ts): items, modifiers, their pivots and categories, stocks.
 */
export const canonicalShapes = {
  items: {
    id: 'int',
    name: 'string',
    price: 'number',
    costPrice: 'number',
    type: 'itemType',
    category_id: 'int',
    photo: 'string?',
    active: 'flag',
    info: 'string?',
    hasInventory: 'flag',
    usesWeight: 'flag',
    isMenu: 'flag',
    shouldAppearInMenuList: 'flag',
    isOpen: 'flag',
    displayInventory: 'flag',
    isLinked: 'flag',
    useAverageCostPrice: 'flag',
    nameKitchen: 'string?',
    buttonName: 'string?',
    barcode: 'string?',
    config: 'string?',
    extra_id: 'string?',
    allergies: 'string?',
    tax_id: 'int?',
    printer_id: 'int?',
    printer_group_id: 'int?',
    modifier_group_id: 'int?',
    modifier_category_id: 'int?',
    super_group_id: 'int?',
    dish_order_id: 'int?',
    unit_id: 'int?',
    report_category_id: 'int?',
    cookDuration: 'number?',
    minQuantity: 'number?',
    order: 'int?',
  },
  modifiers: {
    id: 'int',
    name: 'string',
    price: 'number',
    category_id: 'int',
    photo: 'string?',
    order: 'int?',
    cookDuration: 'number?',
    active: 'flag',
    extra_id: 'string?',
    autoSelected: 'flag',
  },
  categories: {
    id: 'int',
    name: 'string',
    photo: 'string?',
    active: 'flag',
    group_id: 'int',
    tax_id: 'int?',
    printer_id: 'int?',
    printer_group_id: 'int?',
    modifier_category_id: 'int?',
    modifier_group_id: 'int?',
    super_group_id: 'int?',
    dish_order_id: 'int?',
    extra_id: 'string?',
  },
  sellingFormatPivots: {
    id: 'int',
    quantity: 'number',
    price: 'number',
    order: 'int?',
    format_id: 'int',
    item_id: 'int',
    combination_group_id: 'int?',
    unit_id: 'int?',
  },
  modifierCategories: {
    id: 'int',
    name: 'string',
    order: 'int?',
    isChoice: 'flag',
    isOptional: 'flag',
    active: 'flag',
    min: 'int?',
    max: 'int?',
    shouldHide: 'flag',
  },
  modifierPivots: {
    id: 'int',
    order: 'int?',
    group_id: 'int',
    category_id: 'int',
  },
  menuMenuItemCategoryPivots: {
    id: 'int',
    active: 'flag',
    order: 'int?',
    price: 'number',
    addModifiersPrice: 'flag',
    item_id: 'int',
    category_id: 'int',
    separatorName: 'string?',
    modifier_group_id: 'int?',
    format_pivot_id: 'int?',
  },
  // A stock row without `warehouse_id` is not canonical: zod reads it with its warehouse's id.
  stocks: {
    id: 'int',
    quantity: 'number',
    defaultQuantity: 'number?',
    alert: 'number?',
    warehouse_id: 'int',
    item_id: 'int',
    unit_id: 'int?',
  },
} as const satisfies Partial<Record<SyncResource, Record<string, CanonicalField>>>;

/** A check per resource with a canonical shape: true only for a record zod would return unchanged. */
const canonicalCheckers: Partial<Record<SyncResource, (record: Record<string, unknown>) => boolean>> = Object.fromEntries(
  Object.entries(canonicalShapes).map(([resource, shape]) => {
    const fields = Object.entries(shape).map(([key, kind]) => [key, canonicalChecks[kind]] as const);
    const known = new Set(Object.keys(shape));
    const check = (record: Record<string, unknown>): boolean => {
      // An unknown key is stripped by zod: the record is not its own output.
      for (const key in record) if (!known.has(key)) return false;
      for (const [key, isCanonical] of fields) if (!isCanonical(record[key])) return false;
      return true;
    };
    return [resource, check];
  }),
);

/** True when `record` is already `resource`'s canonical form (exported for the equivalence test). */
export function isCanonicalRecord(resource: SyncResource, record: Record<string, unknown>): boolean {
  return canonicalCheckers[resource]?.(record) ?? false;
}

/**
 * Validates one page of `resource` and turns it into rows. Throws RecordProblem at the first
 * record that does not fit, before anything is written. `warehouseId` is the warehouse whose
 * stocks the page lists: a stock row that leaves out `warehouse_id` belongs to it.
 */
export function readPage(resource: SyncResource, records: readonly Record<string, unknown>[], context: { warehouseId?: number } = {}): PageRows {
  const schema: z.ZodType = recordSchemas[resource];
  const parsed: object[] = [];
  const photos: string[] = [];
  const keepPhotos = resourcesWithPhotos.has(resource);
  const isCanonical = canonicalCheckers[resource];

  records.forEach((raw, index) => {
    if (isCanonical?.(raw)) {
      if (keepPhotos && typeof raw.photo === 'string' && raw.photo.trim() !== '') photos.push(raw.photo);
      parsed.push(raw);
      return;
    }
    const input = resource === 'stocks' && raw.warehouse_id == null && context.warehouseId !== undefined ? { ...raw, warehouse_id: context.warehouseId } : raw;
    const result = schema.safeParse(input);
    if (!result.success) throw new RecordProblem(resource, index, raw.id, describeIssues(result.error));
    const record = result.data as Record<string, unknown>;
    if (keepPhotos && typeof record.photo === 'string' && record.photo.trim() !== '') photos.push(record.photo);
    parsed.push(record);
  });

  if (resource === 'rooms') {
    const rooms = parsed as RoomWire[];
    return { rows: { rooms: rooms.map(toStoredRoom), floorTables: rooms.flatMap(tablesOfRoomWire) }, photos };
  }
  return { rows: { [resource]: parsed }, photos };
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(record)'}: ${issue.message}`).join('; ');
}

function toStoredRoom(room: RoomWire): StoredRoom {
  return { id: room.id, name: room.name, order: room.order ?? 0, active: room.active };
}

/** The room a table is listed under is the one it is drawn in, so its roomId follows the nesting. */
function tablesOfRoomWire(room: RoomWire): FloorTable[] {
  return (room.tables ?? []).map((table) => toFloorTable(table, room.id));
}
