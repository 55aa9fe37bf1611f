// Customers, warehouses with stock, vendors with their items and purchase orders of the demo venue
// (spec 2.4, 2.8), from resources/demo-venue/commerce.json. Stock rows, vendor items and purchase
// order lines are derived from a catalog, so the same builder serves the demo catalog and the
// `--scale` one and every reference stays valid.
import { z } from 'zod';
import commerceJson from '../../../resources/demo-venue/commerce.json';
import type { CatalogState, ItemRecord } from '../catalog/model';
import type {
  CommerceState,
  CustomerRecord,
  PurchaseOrderLineRecord,
  PurchaseOrderRecord,
  StockRecord,
  VendorItemRecord,
  VendorRecord,
} from '../commerce/model';
import { assertConsistent, checkCommerce } from './check';
import { isValidCompanyNif } from './nif';
import { hashString } from '../prng';
import { cents, slug } from './text';

const nullableText = z.string().min(1).nullable();

const commerceSchema = z.strictObject({
  $comment: z.array(z.string()).optional(),
  customers: z.array(z.string().trim().min(3)).min(1),
  inactiveCustomers: z.array(z.number().int().nonnegative()),
  standardVatGroups: z.array(z.string()),
  warehouses: z.array(z.strictObject({ name: z.string().min(1), stocks: z.union([z.literal('all'), z.array(z.string())]) })).min(1),
  vendors: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        address: z.string().min(1),
        nif: z.string().refine(isValidCompanyNif, 'not a valid company NIF'),
        city: nullableText,
        state: nullableText,
        country: nullableText,
        postalCode: nullableText,
        web: nullableText,
        email: nullableText,
        phone: nullableText,
        notes: nullableText,
        shouldBeNotified: z.union([z.literal(0), z.literal(1)]),
        packs: z.number().int().positive(),
        groups: z.array(z.string()),
      }),
    )
    .min(1),
  purchaseOrders: z.array(
    z.strictObject({
      vendor: z.number().int().nonnegative(),
      lines: z.number().int().positive(),
      status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      vendorOrderId: z.string().nullable(),
    }),
  ),
});

export type DemoCommerceSource = z.output<typeof commerceSchema>;

/** Purchase order and line status (our convention; spec 2.8: values not shown). */
export const PURCHASE_STATUS = { pending: 0, partlyReceived: 1, received: 2 } as const;

const REDUCED_VAT = 10;
const STANDARD_VAT = 21;

/** "María García López" → maria.garcia@example.com (example.com: a reserved domain, never a real mailbox). */
function customerEmail(fullName: string): string {
  const [first = 'cliente', surname = 'demo'] = fullName.split(/\s+/);
  return `${slug(first)}.${slug(surname)}@example.com`.replace(/-/g, '');
}

/** A Spanish mobile number (9 digits starting with 6 or 7), derived from the name. */
function customerPhone(fullName: string): string {
  const h = hashString(fullName);
  return `${6 + (h % 2)}${String(h % 100_000_000).padStart(8, '0')}`;
}

function buildCustomers(src: DemoCommerceSource): CustomerRecord[] {
  const inactive = new Set(src.inactiveCustomers);
  return src.customers.map((name, index) => ({
    id: index + 1,
    name,
    active: inactive.has(index) ? 0 : 1,
    tax_id: null,
    photo: null,
    super_group_id: null,
    printer_id: null,
    printer_group_id: null,
    email: customerEmail(name),
    phone: customerPhone(name),
  }));
}

/** Builds the commerce records of a source against a catalog (exported for tests). */
export function buildCommerce(catalog: CatalogState, source: unknown): CommerceState {
  const src = commerceSchema.parse(source);
  const groupNameOfCategory = new Map<number, string>();
  const groupIndex = new Map<number, number>();
  catalog.groups.forEach((g, index) => groupIndex.set(g.id, index));
  const groupOfCategory = new Map<number, number>();
  const groupNames = new Map(catalog.groups.map((g) => [g.id, g.name]));
  for (const c of catalog.categories) {
    groupOfCategory.set(c.id, c.group_id);
    groupNameOfCategory.set(c.id, groupNames.get(c.group_id) ?? '');
  }
  const groupNameOf = (item: ItemRecord) => groupNameOfCategory.get(item.category_id) ?? '';
  const stockable = catalog.items.filter((i) => i.hasInventory === 1 && i.type !== 1);

  const warehouses = src.warehouses.map((w, index) => ({ id: index + 1, name: w.name, order: index + 1 }));
  const stocks: StockRecord[] = [];
  src.warehouses.forEach((w, index) => {
    const warehouseId = index + 1;
    for (const item of stockable) {
      if (w.stocks !== 'all' && !w.stocks.includes(groupNameOf(item))) continue;
      const h = hashString(`${warehouseId}/${item.id}`);
      const defaultQuantity = 12 * (1 + (h % 4));
      stocks.push({
        id: stocks.length + 1,
        // A few rows sit below their alert level, as in a real venue before the weekly order.
        quantity: h % 7 === 0 ? (h >>> 3) % 3 : defaultQuantity - ((h >>> 5) % (defaultQuantity / 2)),
        defaultQuantity,
        alert: defaultQuantity / 4,
        warehouse_id: warehouseId,
        item_id: item.id,
        unit_id: null,
      });
    }
  });

  const vendors: VendorRecord[] = src.vendors.map((v, index) => ({
    id: index + 1,
    name: v.name,
    address: v.address,
    nif: v.nif,
    city: v.city,
    state: v.state,
    country: v.country,
    postalCode: v.postalCode,
    web: v.web,
    email: v.email,
    phone: v.phone,
    notes: v.notes,
    shouldBeNotified: v.shouldBeNotified,
  }));

  // A group's vendor: the one listing the group's name, else one in turn (generated catalogs).
  const vendorIndexOfItem = (item: ItemRecord): number => {
    const name = groupNameOf(item);
    const listed = src.vendors.findIndex((v) => v.groups.includes(name));
    if (listed >= 0) return listed;
    return (groupIndex.get(groupOfCategory.get(item.category_id) ?? 0) ?? 0) % src.vendors.length;
  };
  const suppliedBy: ItemRecord[][] = src.vendors.map(() => []);
  for (const item of stockable) suppliedBy[vendorIndexOfItem(item)]?.push(item);
  // Every vendor supplies something: top up with the first fresh products (type 0) of its groups.
  const MIN_VENDOR_ITEMS = 4;
  for (const item of catalog.items) {
    if (item.type !== 0 || item.hasInventory === 1 || item.active !== 1) continue;
    const list = suppliedBy[vendorIndexOfItem(item)];
    if (list && list.length < MIN_VENDOR_ITEMS) list.push(item);
  }
  const vendorItems: VendorItemRecord[] = [];
  const vendorItemsOf: VendorItemRecord[][] = suppliedBy.map((list, index) =>
    list.map((item) => {
      const record: VendorItemRecord = {
        id: vendorItems.length + 1,
        vendor_id: index + 1,
        item_id: item.id,
        costPrice: item.costPrice.toFixed(2),
        pack: src.vendors[index]?.packs ?? 1,
        reference: `${slug(src.vendors[index]?.name ?? 'v')
          .slice(0, 3)
          .toUpperCase()}-${String(item.id).padStart(5, '0')}`,
        unit_id: null,
        tax_id: null,
      };
      vendorItems.push(record);
      return record;
    }),
  );

  const itemsById = new Map(catalog.items.map((i) => [i.id, i]));
  const purchaseOrders: PurchaseOrderRecord[] = [];
  let lineId = 0;
  src.purchaseOrders.forEach((po, poIndex) => {
    const vendor = vendors[po.vendor];
    const supplied = vendorItemsOf[po.vendor] ?? [];
    if (!vendor) throw new Error(`demo commerce: purchase order ${poIndex + 1} names an unknown vendor ${po.vendor}`);
    if (supplied.length === 0) return;
    const id = purchaseOrders.length + 1;
    const lines: PurchaseOrderLineRecord[] = [];
    const count = Math.min(po.lines, supplied.length);
    for (let k = 0; k < count; k++) {
      const vi = supplied[(poIndex * 2 + k) % supplied.length] as VendorItemRecord;
      const item = itemsById.get(vi.item_id) as ItemRecord;
      const quantity = vi.pack * (1 + ((poIndex + k) % 3));
      const price = Number(vi.costPrice);
      const subtotal = cents(quantity * price);
      const rate = src.standardVatGroups.includes(groupNameOf(item)) ? STANDARD_VAT : REDUCED_VAT;
      const tax = cents((subtotal * rate) / 100);
      const received = po.status === PURCHASE_STATUS.received ? quantity : po.status === PURCHASE_STATUS.partlyReceived && k % 2 === 0 ? quantity : 0;
      lines.push({
        id: ++lineId,
        status: received === quantity ? PURCHASE_STATUS.received : received > 0 ? PURCHASE_STATUS.partlyReceived : PURCHASE_STATUS.pending,
        quantity,
        received,
        price,
        subtotal,
        tax,
        total: cents(subtotal + tax),
        order_id: id,
        item_vendor_id: vi.id,
        itemName: item.name,
        itemBarcode: typeof item.barcode === 'string' ? item.barcode : null,
        item_id: item.id,
      });
    }
    const subtotal = cents(lines.reduce((sum, l) => sum + l.subtotal, 0));
    const tax = cents(lines.reduce((sum, l) => sum + l.tax, 0));
    purchaseOrders.push({
      id,
      vendor_order_id: po.vendorOrderId,
      reference: `OC-2024-${String(id).padStart(4, '0')}`,
      subtotal,
      tax,
      total: cents(subtotal + tax),
      status: po.status,
      vendor_id: vendor.id,
      vendorName: vendor.name,
      contentsArray: lines,
    });
  });

  const commerce: CommerceState = {
    giftCards: [],
    customers: buildCustomers(src),
    warehouses,
    stocks,
    purchaseOrders,
    vendors,
    vendorItems,
  };
  assertConsistent('demo commerce', checkCommerce(commerce, catalog));
  return commerce;
}

/** The demo venue's customers, warehouses, vendors and purchase orders for a catalog. */
export function demoCommerce(catalog: CatalogState): CommerceState {
  return buildCommerce(catalog, commerceJson);
}
