import type { z } from 'zod';
import type { FloorTable, SyncResource } from '../../../shared/bridge';
import {
  catalogResources,
  customerWire,
  paymentMethodWire,
  roomWire,
  stockWire,
  toFloorTable,
  warehouseWire,
  type RoomWire,
} from '../../../shared/api';
import type { RecordStore, StoredRoom } from './catalogDb';

// Every record is validated again on arrival in the renderer, with the same shared wire schemas
// the main side reads the vendor's answers with: the bridge only promises "a JSON object", and a
// record that does not fit must fail the sync before anything of it is stored.

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

  records.forEach((raw, index) => {
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

