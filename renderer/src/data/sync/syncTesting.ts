import type { BridgeClient, BridgeInput, SyncPage, SyncResource } from '../../../../shared/bridge';
import { testBridgeClient } from '../../bridge/testing';

// Test helpers of the sync engine: a venue in the vendor's wire format (numbers as strings where
// the spec says so, flags as 0/1 — the sandbox's shapes) and a fake main side paging through it.

export type WireRecord = Record<string, unknown>;
export type ListedResource = Exclude<SyncResource, 'stocks'>;

export interface FakeVenue {
  records: Record<ListedResource, WireRecord[]>;
  /** Stock rows per warehouse id. */
  stocks: Map<number, WireRecord[]>;
}

/**
 * A small but complete venue: `items` items in categories of 10, groups of 5 categories, one menu
 * with a course and dishes, a selling-format item with two formats, modifiers, 2 rooms with tables
 * (one room without), 3 payment methods, customers, 2 warehouses with stock.
 */
export function fakeVenue(options: { items?: number; customers?: number } = {}): FakeVenue {
  const itemCount = options.items ?? 30;
  const categoryCount = Math.max(1, Math.ceil(itemCount / 10));
  const groupCount = Math.max(1, Math.ceil(categoryCount / 5));
  const groups = range(groupCount).map((i) => ({ id: i + 1, name: `Group ${i + 1}`, photo: `groups/g${i + 1}.png`, active: 1 }));
  const categories = range(categoryCount).map((i) => ({
    id: 100 + i,
    name: `Category ${i + 1}`,
    group_id: String(1 + Math.floor(i / 5)),
    active: i === 1 ? 0 : 1,
    photo: null,
  }));
  const items = range(itemCount).map((i) => ({
    id: 1000 + i,
    name: `Item ${String(i + 1).padStart(5, '0')}`,
    price: (2 + (i % 17) * 0.5).toFixed(2),
    costPrice: '1.00',
    // item 1000 is a menu, 1001 a selling-format item, the rest normal dishes
    type: i === 0 ? 1 : i === 1 ? 4 : 0,
    category_id: 100 + Math.floor(i / 10),
    photo: i % 3 === 0 ? `items/item-${1000 + i}.png` : null,
    active: i % 10 === 9 ? '0' : '1',
    allergies: i % 4 === 0 ? '1;7' : '',
    order: String(10 - (i % 10)),
  }));
  const sellingFormats = [
    { id: 1, name: 'Caña', order: 1, active: 1, photo: 'formats/cana.png' },
    { id: 2, name: 'Jarra', order: 2, active: 1 },
  ];
  const sellingFormatPivots = [
    { id: 1, quantity: '0.2', price: '2.00', format_id: 1, item_id: 1001, order: 1 },
    { id: 2, quantity: '0.5', price: '4.50', format_id: 2, item_id: 1001, order: 2 },
  ];
  const modifierCategories = [
    { id: 1, name: 'Punto', isChoice: 0, isOptional: 0, active: 1 },
    { id: 2, name: 'Extras', isChoice: 1, active: 1 },
  ];
  const modifiers = [
    { id: 1, name: 'Poco hecho', price: '0', category_id: 1 },
    { id: 2, name: 'Al punto', price: '0', category_id: 1 },
    { id: 3, name: 'Queso', price: '1.20', category_id: 2, photo: 'modifiers/queso.png' },
  ];
  const modifierGroups = [{ id: 1, name: 'Carnes', order: 1 }];
  const modifierPivots = [
    { id: 1, group_id: 1, category_id: 1, order: 1 },
    { id: 2, group_id: 1, category_id: 2, order: 2 },
  ];
  const menuMenuCategories = [{ id: 1, name: 'Primeros', item_id: 1000, isMultipleChoice: 0, max: 1, min: 1, order: 1 }];
  const menuMenuItemCategoryPivots = [
    { id: 1, category_id: 1, item_id: 1002, price: '0', order: 1 },
    { id: 2, category_id: 1, item_id: 1003, price: '1.50', order: 2 },
  ];
  const table = (id: number, roomId: number, x: number) => ({
    id,
    name: String(id),
    x: String(x),
    y: '40',
    width: '80',
    height: '80',
    isJoined: '0',
    color: '#8FBC8F',
    type_id: '1',
    room_id: String(roomId),
    price_id: null,
    joined_with_id: null,
  });
  const rooms = [
    { id: 1, name: 'Salón', order: '1', active: '1', tables: [table(10, 1, 0), table(11, 1, 100)] },
    { id: 2, name: 'Terraza', order: '2', active: '1', tables: [table(20, 2, 0)] },
    { id: 3, name: 'Privado', order: '3', active: '1', tables: [] },
  ];
  const paymentMethods = [
    { id: 1, name: 'Card', active: true },
    { id: 2, name: 'Cash', active: true },
    { id: 3, name: 'Bizum', active: false },
  ];
  const customers = range(options.customers ?? 5).map((i) => ({
    id: i + 1,
    name: `Customer ${i + 1}`,
    active: 1,
    tax_id: null,
    photo: `customers/c${i + 1}.png`,
    super_group_id: null,
    printer_id: null,
    printer_group_id: null,
  }));
  const warehouses = [
    { id: 1, name: 'Bar', order: 1 },
    { id: 2, name: 'Cocina', order: 2 },
  ];
  const stocks = new Map<number, WireRecord[]>([
    [1, items.slice(0, 3).map((item, i) => ({ id: 1 + i, quantity: '5', defaultQuantity: 0, alert: 0, warehouse_id: 1, item_id: item.id, unit_id: null }))],
    [2, items.slice(0, 2).map((item, i) => ({ id: 100 + i, quantity: 2.5, defaultQuantity: 0, alert: 1, warehouse_id: 2, item_id: item.id, unit_id: null }))],
  ]);
  return {
    records: {
      groups,
      categories,
      items,
      sellingFormats,
      sellingFormatPivots,
      modifiers,
      modifierCategories,
      modifierGroups,
      modifierPivots,
      menuMenuCategories,
      menuMenuItemCategoryPivots,
      rooms,
      paymentMethods,
      customers,
      warehouses,
    },
    stocks,
  };
}

export type SyncPageInput = BridgeInput<'fetchSyncPages'>['pages'][number];

export interface FakeSyncServer {
  bridge: BridgeClient;
  /** Every page asked for, in order (a page asked for again counts again). */
  calls: SyncPageInput[];
  /** The pages of each fetchSyncPages call, in order. */
  batches: SyncPageInput[][];
  /** The photo lists sent to syncImages. */
  photoCalls: string[][];
  venue: FakeVenue;
}

/**
 * A fake main side serving `venue` 200 records a page (rooms 20), like the gateway. `before`
 * runs first for every page asked for: throw from it to inject a fault (the call fails whole, like
 * the real handler's), or change the venue. `answer` may rewrite a page before it is returned
 * (e.g. a wrong total).
 */
export function fakeSyncServer(
  venue: FakeVenue,
  options: {
    pageSize?: number;
    roomsPerPage?: number;
    before?: (input: SyncPageInput, callIndex: number) => void | Promise<void>;
    answer?: (page: SyncPage, input: SyncPageInput) => SyncPage;
    overrides?: Partial<BridgeClient>;
  } = {},
): FakeSyncServer {
  const calls: SyncPageInput[] = [];
  const batches: SyncPageInput[][] = [];
  const photoCalls: string[][] = [];
  const servePage = async (input: SyncPageInput): Promise<SyncPage> => {
    const index = calls.length;
    calls.push(input);
    await options.before?.(input, index);
    const all = input.resource === 'stocks' ? (venue.stocks.get(input.warehouseId!) ?? []) : venue.records[input.resource];
    const perPage = input.resource === 'rooms' ? (options.roomsPerPage ?? 20) : (options.pageSize ?? 200);
    const lastPage = Math.max(1, Math.ceil(all.length / perPage));
    const page: SyncPage = {
      records: all.slice((input.page - 1) * perPage, input.page * perPage).map((record) => structuredClone(record)),
      page: input.page,
      lastPage,
      total: all.length,
    };
    return options.answer ? options.answer(page, input) : page;
  };
  const bridge = testBridgeClient({
    async fetchSyncPages(input) {
      batches.push(input.pages);
      const settled = await Promise.allSettled(input.pages.map(servePage));
      const failed = settled.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      return { pages: settled.map((result) => (result as PromiseFulfilledResult<SyncPage>).value) };
    },
    async syncImages({ photos }) {
      photoCalls.push(photos);
      return { queued: photos.length, done: 0, failed: 0 };
    },
    async getSettings() {
      throw new Error('getSettings is not used by this test');
    },
    ...options.overrides,
  });
  return { bridge, calls, batches, photoCalls, venue };
}

/** Σ ceil(records / page size) over every resource and warehouse: the fewest requests possible. */
export function minimumRequests(venue: FakeVenue, pageSize = 200, roomsPerPage = 20): number {
  let total = 0;
  for (const [resource, records] of Object.entries(venue.records)) {
    total += Math.max(1, Math.ceil(records.length / (resource === 'rooms' ? roomsPerPage : pageSize)));
  }
  for (const records of venue.stocks.values()) total += Math.max(1, Math.ceil(records.length / pageSize));
  return total;
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
