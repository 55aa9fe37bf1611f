// Non-catalog v2 records (spec: hospitality 2.3, 2.4, 2.8). Stored as plain JSON-able objects.

/** spec 2.3 */
export interface GiftCardRecord {
  uuid: string;
  balance: number;
  campaign_id: string | number | null;
  customer_id: string | number | null;
}

/** spec 2.4 listing fields, plus the contact fields the loyalty `customer` object carries. */
export interface CustomerRecord {
  id: number;
  name: string;
  active: 0 | 1;
  tax_id: number | null;
  photo: string | null;
  super_group_id: number | null;
  printer_id: number | null;
  printer_group_id: number | null;
  email?: string | null;
  phone?: string | null;
  [field: string]: unknown;
}

/** spec 2.8 */
export interface WarehouseRecord {
  id: number;
  name: string;
  order: number;
}

/** spec 2.8 */
export interface StockRecord {
  id: number;
  quantity: number;
  defaultQuantity: number;
  alert: number;
  warehouse_id: number;
  item_id: number;
  unit_id: number | null;
}

/** spec 2.8 Purchase order content line */
export interface PurchaseOrderLineRecord {
  id: number;
  status: number;
  quantity: number;
  received: number;
  price: number;
  subtotal: number;
  tax: number;
  total: number;
  order_id: number;
  item_vendor_id: number | null;
  itemName: string;
  itemBarcode: string | null;
  item_id: number;
}

/** spec 2.8 Purchase order */
export interface PurchaseOrderRecord {
  id: number;
  vendor_order_id: string | null;
  reference: string;
  subtotal: number;
  tax: number;
  total: number;
  status: number;
  vendor_id: number;
  vendorName: string;
  contentsArray: PurchaseOrderLineRecord[];
}

/** spec 2.8 Vendor */
export interface VendorRecord {
  id: number;
  name: string;
  address: string;
  nif: string;
  city: string | null;
  state: string | null;
  country: string | null;
  postalCode: string | null;
  web: string | null;
  email: string | null;
  phone: string | null;
  notes: string | null;
  shouldBeNotified: 0 | 1;
}

/** spec 2.8 Vendor item: the relation of an item to a vendor. */
export interface VendorItemRecord {
  id: number;
  vendor_id: number;
  item_id: number;
  costPrice: string;
  pack: number;
  reference: string | null;
  unit_id: number | null;
  tax_id: number | null;
}

export interface CommerceState {
  giftCards: GiftCardRecord[];
  customers: CustomerRecord[];
  warehouses: WarehouseRecord[];
  stocks: StockRecord[];
  purchaseOrders: PurchaseOrderRecord[];
  vendors: VendorRecord[];
  vendorItems: VendorItemRecord[];
}
