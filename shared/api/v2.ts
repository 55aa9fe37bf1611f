import { z } from 'zod';
import { sendDecimalString, sendFlag, sendId, sendNonNegativeMoney, sendOptionalInt, sendOptionalText, sendPositiveMoney, sendRequiredText } from './send';
import { fastPaginated, type FastShape } from './fastPage';
import { paginated, wireFlag, wireInt, wireNumber } from './wire';

// Wire formats of the non-catalog v2 endpoints (spec: hospitality 2.3, 2.4, 2.8, 4.2, 4.4–4.6)
// and chain sync. Responses are read tolerantly (unknown fields ignored, numbers and 0/1 flags
// accepted as strings); requests are strict (send.ts). Where the spec shows no response body
// ("not shown"), the gateway does not depend on one: see `notShown`.

const text = z.string().nullish();
const int = wireInt.nullish();
/** Free text that a server may send as a number (a phone, a postal code): read as a string. */
const looseText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? v : String(v)));
/** An id the spec types "string/number" (spec 2.3 `campaign_id`, `customer_id`). */
const stringOrNumber = z.union([z.string(), z.number()]).nullish();

// ——— Gift cards (spec 2.3, 4.2, 7) ———

/**
 * A gift card's code (spec 2.3 `uuid`: "chosen by the caller", no format given): 1–64 characters
 * of `[A-Za-z0-9_-]`. The one rule of the terminal (typed, scanned, generated, redeemed) and of the
 * sandbox. Conservative: the code travels in a URL path (`V2/giftCards/{uuid}`), so only characters
 * that need no encoding anywhere; an RFC 4122 UUID (what "Generate" makes) fits. docs/decisions.md
 * "Catalog batches and gift-card codes".
 */
export const GIFT_CARD_CODE = /^[A-Za-z0-9_-]{1,64}$/;
export const giftCardCode = z.string().regex(GIFT_CARD_CODE, 'must be 1 to 64 letters (A–Z), digits, "-" or "_"');

/** POST V2/giftCards answer (201): `balance`, `uuid`, `campaign_id`. */
export const giftCardWire = z.object({
  balance: wireNumber,
  uuid: z.string(),
  campaign_id: stringOrNumber,
});
export type GiftCardWire = z.output<typeof giftCardWire>;

/** POST V2/giftCards/{uuid} answer: the balance left and the card's customer. */
export const giftCardRedeemedWire = z.object({
  balance: wireNumber,
  customer_id: stringOrNumber,
});
export type GiftCardRedeemedWire = z.output<typeof giftCardRedeemedWire>;

/** POST V2/giftCards query (spec 4.2: `balance` and `uuid` required, `campaign_id` optional). */
export const giftCardCreateRequest = z.strictObject({
  balance: sendNonNegativeMoney,
  /** Chosen by the caller (spec 2.3); unique per account. */
  uuid: giftCardCode,
  campaign_id: z.union([z.string().min(1), z.int()]).optional(),
});
export type GiftCardCreateRequest = z.input<typeof giftCardCreateRequest>;

/** POST V2/giftCards/{uuid} body: the amount to discount (spec 4.2). */
export const giftCardRedeemRequest = z.strictObject({ amount: sendPositiveMoney });
export type GiftCardRedeemRequest = z.input<typeof giftCardRedeemRequest>;

// ——— Customers (spec 2.4, 4.2) ———

/**
 * A customer as listed (spec 2.4 listing fields) or read one by one (the listing fields plus
 * contact fields a server may add: those of the loyalty `customer` object, clarifications).
 */
export const customerWire = z.object({
  id: wireInt,
  name: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  active: wireFlag.nullish().transform((v) => v ?? true),
  tax_id: int,
  photo: text,
  super_group_id: int,
  printer_id: int,
  printer_group_id: int,
  email: text,
  phone: looseText,
  nif: looseText,
  web: text,
  address: text,
  postalCode: looseText,
  city: text,
  state: text,
  extra_id: looseText,
  notes: text,
});
export type CustomerWire = z.output<typeof customerWire>;
export const customersPage = paginated(customerWire);
export type CustomersPage = z.output<typeof customersPage>;

/**
 * One customer of POST V2/customers (spec 2.4: the example sends `name` and `active`; other fields
 * are not shown, so only the listing fields and the loyalty contact fields may be sent).
 */
export const customerCreateRequest = z.strictObject({
  name: sendRequiredText,
  active: sendFlag.optional(),
  tax_id: sendOptionalInt,
  photo: sendOptionalText,
  super_group_id: sendOptionalInt,
  printer_id: sendOptionalInt,
  printer_group_id: sendOptionalInt,
  email: z.email().nullable().optional(),
  phone: sendOptionalText,
  nif: sendOptionalText,
  web: sendOptionalText,
  address: sendOptionalText,
  postalCode: sendOptionalText,
  city: sendOptionalText,
  state: sendOptionalText,
  extra_id: sendOptionalText,
  notes: sendOptionalText,
});
export type CustomerCreateRequest = z.input<typeof customerCreateRequest>;
/** spec 4.2: the body is an array of customer objects. */
export const customersCreateRequest = z.array(customerCreateRequest).min(1, 'at least one customer is required');

// ——— Warehouses and stock (spec 2.8, 4.4) ———

export const warehouseWire = z.object({
  id: wireInt,
  name: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  order: int,
});
export type WarehouseWire = z.output<typeof warehouseWire>;
export const warehousesPage = paginated(warehouseWire);
export type WarehousesPage = z.output<typeof warehousesPage>;

/** spec 2.8 Stock (of a warehouse). */
export const stockWire = z.object({
  id: wireInt,
  quantity: wireNumber,
  defaultQuantity: wireNumber.nullish(),
  alert: wireNumber.nullish(),
  warehouse_id: wireInt,
  item_id: wireInt,
  unit_id: int,
});
export type StockWire = z.output<typeof stockWire>;
/** spec 4.4: GET V2/warehouses/<id> pages the stocks of that warehouse (fast path: fastPage.ts). */
export const stockFastShape = {
  id: 'int',
  quantity: 'number',
  defaultQuantity: 'number?',
  alert: 'number?',
  warehouse_id: 'int',
  item_id: 'int',
  unit_id: 'int?',
} as const satisfies FastShape;
export const stocksPage = fastPaginated(stockWire, stockFastShape);
export type StocksPage = z.output<typeof stocksPage>;

const stockPair = z.strictObject({ item_id: sendId, quantity: z.number() });

/** POST V2/warehouses/<id>/addStock body (spec 4.4): the quantity to add. */
export const addStockRequest = stockPair;
export type AddStockRequest = z.input<typeof addStockRequest>;

/** POST V2/warehouses/<id>/setStock body (spec 4.4): one pair, or `stocks` holding pairs. */
export const setStockRequest = z.union([stockPair, z.strictObject({ stocks: z.array(stockPair).min(1, 'at least one stock is required') })]);
export type SetStockRequest = z.input<typeof setStockRequest>;

/** Answers of addStock / setStock are not shown in the spec: a stock row or rows when given. */
export const stockWriteWire = z.union([stockWire, z.array(stockWire)]);

// ——— Purchasing (spec 2.8, 4.5) ———

/** spec 2.8 Purchase order content line. */
export const purchaseOrderLineWire = z.object({
  id: wireInt,
  status: int,
  quantity: wireNumber,
  received: wireNumber.nullish(),
  price: wireNumber.nullish(),
  subtotal: wireNumber.nullish(),
  tax: wireNumber.nullish(),
  total: wireNumber.nullish(),
  order_id: int,
  item_vendor_id: int,
  itemName: text,
  itemBarcode: looseText,
  item_id: int,
});
export type PurchaseOrderLineWire = z.output<typeof purchaseOrderLineWire>;
/** spec 4.5: GET V2/purchaseOrders/<id> pages the content lines of the order. */
export const purchaseOrderLinesPage = paginated(purchaseOrderLineWire);

/** spec 2.8 Purchase order (values of `status` are not shown). */
export const purchaseOrderWire = z.object({
  id: wireInt,
  vendor_order_id: looseText,
  reference: looseText,
  subtotal: wireNumber.nullish(),
  tax: wireNumber.nullish(),
  total: wireNumber.nullish(),
  status: int,
  vendor_id: int,
  vendorName: text,
  contentsArray: z.array(purchaseOrderLineWire).nullish(),
});
export type PurchaseOrderWire = z.output<typeof purchaseOrderWire>;
export const purchaseOrdersPage = paginated(purchaseOrderWire);
export type PurchaseOrdersPage = z.output<typeof purchaseOrdersPage>;

// ——— Vendors (spec 2.8, 4.6) ———

/** spec 2.8 Vendor: `name`, `address`, `nif` are required on create, so always present on read. */
export const vendorWire = z.object({
  id: wireInt,
  name: z.string(),
  address: z.string(),
  nif: z.string(),
  city: text,
  state: text,
  country: text,
  postalCode: looseText,
  web: text,
  email: text,
  phone: looseText,
  notes: text,
  shouldBeNotified: wireFlag.nullish().transform((v) => v ?? false),
});
export type VendorWire = z.output<typeof vendorWire>;
export const vendorsPage = paginated(vendorWire);

const vendorFields = {
  name: sendRequiredText,
  address: sendRequiredText,
  nif: sendRequiredText,
  city: sendOptionalText,
  state: sendOptionalText,
  country: sendOptionalText,
  postalCode: sendOptionalText,
  web: sendOptionalText,
  email: sendOptionalText,
  phone: sendOptionalText,
  notes: sendOptionalText,
  shouldBeNotified: sendFlag.optional(),
};

/** POST V2/vendors (spec 4.6: `name`, `address`, `nif` required; `nif` unique). */
export const vendorCreateRequest = z.strictObject(vendorFields);
export type VendorCreateRequest = z.input<typeof vendorCreateRequest>;

/** PUT V2/vendors/<id>: the fields that change (at least one). */
export const vendorUpdateRequest = z
  .strictObject({
    ...vendorFields,
    name: sendRequiredText.optional(),
    address: sendRequiredText.optional(),
    nif: sendRequiredText.optional(),
  })
  .refine((fields) => Object.values(fields).some((v) => v !== undefined), 'send at least one field to change');
export type VendorUpdateRequest = z.input<typeof vendorUpdateRequest>;

/** spec 2.8 Vendor item: the relation of an item to a vendor. */
export const vendorItemWire = z.object({
  id: int,
  vendor_id: int,
  item_id: wireInt,
  costPrice: wireNumber,
  pack: wireNumber,
  reference: looseText,
  unit_id: int,
  tax_id: int,
});
export type VendorItemWire = z.output<typeof vendorItemWire>;
export const vendorItemsPage = paginated(vendorItemWire);

/** One vendor item to write (spec 2.8: `item_id`, `costPrice` (string decimal), `pack` required). */
export const vendorItemRequest = z.strictObject({
  item_id: sendId,
  costPrice: sendDecimalString,
  pack: z.number().positive(),
  reference: z.string().optional(),
  unit_id: z.int().optional(),
  tax_id: z.int().nullable().optional(),
});
export type VendorItemRequest = z.input<typeof vendorItemRequest>;

/** POST V2/vendors/<id>/items body. */
export const vendorItemsSaveRequest = z.strictObject({
  items: z.array(vendorItemRequest).min(1, 'at least one item is required'),
});

/** DELETE V2/vendors/<id>/items body: the ITEM ids whose relation is removed. */
export const vendorItemsRemoveRequest = z.strictObject({
  items: z.array(sendId).min(1, 'at least one item id is required'),
});

// ——— Chain sync (spec 4.2; clarifications: Hospitality v2) ———

/** The answer is not shown in the spec; the retail sync answers `{ data: { message } }`. */
export const chainSyncWire = z.object({
  data: z.object({ message: z.string().nullish() }).nullish(),
});
export type ChainSyncWire = z.output<typeof chainSyncWire>;

// ——— Answers the spec does not show ———

/**
 * An answer whose body the spec does not show ("not shown"): any body (JSON or empty) is
 * accepted; it is read as `schema` when it has that shape, else as null. The call's success is
 * its 2xx status, never the body's shape.
 */
export function notShown<T extends z.ZodType>(schema: T) {
  return z.unknown().transform((body): z.output<T> | null => {
    const parsed = schema.safeParse(body);
    return parsed.success ? parsed.data : null;
  });
}
