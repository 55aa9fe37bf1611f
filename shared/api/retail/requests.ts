import { z } from 'zod';
import { sendId } from '../send';

// What the terminal SENDS to the retail service (retail-api.md §2.4–§2.6, §4; clarifications
// "Retail"). Strict, as every request schema (../send.ts): unknown keys are refused, numbers are
// numbers, and what the spec or the clarifications forbid is refused before anything leaves.
// - Order and invoice amounts are JSON numbers with at most 2 decimals (§2.5; clarifications "All
//   amounts have at most 2 decimals"): build them from integer cents with centsToWire (./wire.ts).
//   A float artefact (0.30000000000000004) is refused, never rounded.
// - The order's own arithmetic is checked in cents where it is exact (a line's total = sum −
//   discount; the order's sum = Σ line totals; total = sum − orderDiscount + shippingAmount), so a
//   bug in the till is caught here rather than as the server's 422.
// - At most 100 objects per create or update request (§4.1): catalog batches and link lists here;
//   the gateway refuses them first with its own typed error (electron/services/retail). An order
//   is ONE object — its lines are its content (the sandbox takes up to 1,000) — and so is an invoice.

export const RETAIL_MAX_OBJECTS = 100;

const DECIMALS_2 = /^-?\d+(\.\d{1,2})?$/;
const DECIMALS_3 = /^-?\d+(\.\d{1,3})?$/;

function decimalNumber(pattern: RegExp, places: number) {
  return z
    .number({ error: (i) => (i.input === undefined ? 'is required' : 'expected a number') })
    .refine((v) => Number.isFinite(v) && pattern.test(String(v)), `expected a number with at most ${places} decimals`);
}

/** An amount: a JSON number with at most 2 decimals. */
export const retailAmount = decimalNumber(DECIMALS_2, 2);
const nonNegativeAmount = retailAmount.refine((v) => v >= 0, 'must not be negative');
/** A quantity or weight: at most 3 decimals. */
export const retailQuantity = decimalNumber(DECIMALS_3, 3);

const cents = (value: number) => Math.round(value * 100);

/** §2.5 discountObject: the whole object, or `{}`. */
export const retailDiscountObjectRequest = z.union([
  z.strictObject({
    amount: nonNegativeAmount,
    id: sendId.nullable(),
    isPercentage: z.boolean(),
    name: z.string(),
  }),
  z.strictObject({}),
]);

/** `YYYY-MM-DD HH:mm:ss` (§2.5 closed_at). */
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'expected YYYY-MM-DD HH:mm:ss');

/** §2.5 order line. */
export const retailOrderLineRequest = z
  .strictObject({
    name: z.string().max(255),
    quantity: retailQuantity.refine((v) => v > 0, 'must be more than 0'),
    weight: retailQuantity
      .refine((v) => v > 0, 'must be more than 0')
      .nullable()
      .optional(),
    price: nonNegativeAmount,
    sum: nonNegativeAmount,
    discount: nonNegativeAmount,
    subtotal: retailAmount,
    tax: retailAmount,
    total: nonNegativeAmount,
    taxPercentage: retailAmount.refine((v) => v >= 0 && v <= 100, 'must be from 0 to 100'),
    margin: retailAmount.optional(),
    discountObject: retailDiscountObjectRequest.optional(),
    notes: z.string().max(10_000).optional(),
    product_id: sendId,
  })
  .superRefine((line, ctx) => {
    if (cents(line.sum) - cents(line.discount) !== cents(line.total)) {
      ctx.addIssue({ code: 'custom', path: ['total'], message: `must be sum − discount (${line.sum} − ${line.discount})` });
    }
    if (cents(line.total) - cents(line.tax) !== cents(line.subtotal)) {
      ctx.addIssue({ code: 'custom', path: ['subtotal'], message: `must be total − tax (${line.total} − ${line.tax})` });
    }
  });
export type RetailOrderLineRequest = z.input<typeof retailOrderLineRequest>;

/** §2.5 order (request). */
export const retailOrderRequest = z
  .strictObject({
    notes: z.string().max(10_000).optional(),
    shippingAmount: nonNegativeAmount.optional(),
    sum: nonNegativeAmount,
    subtotal: retailAmount,
    discount: nonNegativeAmount.optional(),
    orderDiscount: nonNegativeAmount.optional(),
    tax: retailAmount,
    total: nonNegativeAmount,
    discountObject: retailDiscountObjectRequest.optional(),
    customer_id: sendId.nullable().optional(),
    shipping_id: sendId.nullable().optional(),
    employee_id: sendId.nullable().optional(),
    closed_at: dateTime.optional(),
    order_contents: z.array(retailOrderLineRequest).min(1, 'an order needs at least one line').max(1_000, 'at most 1,000 lines'),
  })
  .superRefine((order, ctx) => {
    const lines = order.order_contents.reduce((sum, line) => sum + cents(line.total), 0);
    if (cents(order.sum) !== lines) ctx.addIssue({ code: 'custom', path: ['sum'], message: `must be the lines' totals (${lines / 100})` });
    const expected = cents(order.sum) - cents(order.orderDiscount ?? 0) + cents(order.shippingAmount ?? 0);
    if (cents(order.total) !== expected) {
      ctx.addIssue({ code: 'custom', path: ['total'], message: `must be sum − orderDiscount + shippingAmount (${expected / 100})` });
    }
  });
export type RetailOrderRequest = z.input<typeof retailOrderRequest>;

/** §2.5 one payment of an invoice (clarifications: change only on cash, never above the amount). */
export const retailPaymentRequest = z
  .strictObject({
    amount: retailAmount.refine((v) => v > 0, 'must be more than 0'),
    change: nonNegativeAmount,
    extra: nonNegativeAmount,
    payment_method_id: sendId,
  })
  .refine((p) => p.change <= p.amount, { path: ['change'], message: 'must not be more than the amount' });

/** §2.5 invoice request. */
export const retailInvoiceRequest = z.strictObject({
  payments: z.array(retailPaymentRequest).min(1, 'an invoice needs at least one payment').max(RETAIL_MAX_OBJECTS),
});
export type RetailPaymentRequest = z.input<typeof retailPaymentRequest>;

/** §4.2 `stocks/add` (sets the stock of the product in the warehouse; a count may be negative). */
export const retailStockAddRequest = z.strictObject({
  product_id: sendId,
  warehouse_id: sendId,
  quantity: retailQuantity,
});
export type RetailStockAddRequest = z.input<typeof retailStockAddRequest>;

const blankRefused = (what: string) =>
  z.string({ error: (i) => (i.input === undefined ? 'is required' : 'expected a string') }).refine((v) => v.trim() !== '', `${what} must not be blank`);
const optionalText = z.string().max(10_000).nullable().optional();
const maxCredit = z
  .string()
  .regex(/^\d+(\.\d{1,2})?$/, 'expected a decimal string such as "150.00"')
  .nullable()
  .optional();

const customerFields = {
  name: blankRefused('name'),
  address: blankRefused('address'),
  city: optionalText,
  state: optionalText,
  country: optionalText,
  postalCode: optionalText,
  nif: optionalText,
  web: optionalText,
  email: optionalText,
  phone: optionalText,
  notes: optionalText,
  maxCredit,
  extra_id: optionalText,
};

/** §2.4 customer create: `name` and `address` required. */
export const retailCustomerCreateRequest = z.strictObject(customerFields);
export type RetailCustomerCreateRequest = z.input<typeof retailCustomerCreateRequest>;

/** §4.2 PATCH: the fields to change (at least one); `name` and `address` may not be blanked. */
export const retailCustomerPatchRequest = z
  .strictObject(customerFields)
  .partial()
  .refine((fields) => Object.values(fields).some((v) => v !== undefined), 'nothing to change');
export type RetailCustomerPatchRequest = z.input<typeof retailCustomerPatchRequest>;

// Catalog writes (§2.6, §4.3): arrays of records; batches are atomic on the server.
const catalogText = z.string().max(10_000).nullable().optional();
const catalogOrder = z.int().optional();
const catalogFlag = z.boolean().optional();
const catalogRef = sendId.nullable().optional();
const catalogPrice = z
  .union([z.number(), z.string()])
  .refine((v) => DECIMALS_2.test(String(v)) && Number(v) >= 0, 'expected an amount ≥ 0 with at most 2 decimals')
  .optional();

const groupFields = { name: blankRefused('name'), photo: catalogText, order: catalogOrder, active: catalogFlag, tax_id: catalogRef };
const categoryFields = { ...groupFields, group_id: sendId, extra_id: catalogText };
const productFields = {
  name: blankRefused('name'),
  category_id: sendId,
  photo: catalogText,
  extra_id: catalogText,
  reference: catalogText,
  info: catalogText,
  shortInfo: catalogText,
  brand: catalogText,
  season: catalogText,
  order: catalogOrder,
  active: catalogFlag,
  featured: catalogFlag,
  isOpen: catalogFlag,
  traceability: catalogFlag,
  usesStockManagement: catalogFlag,
  usesWeight: catalogFlag,
  weight: retailQuantity.refine((v) => v >= 0, 'must not be negative').optional(),
  type: z.int().min(0).max(8).optional(),
  price: catalogPrice,
  costPrice: catalogPrice,
  barcode: catalogText,
  main_product_id: catalogRef,
  complementary_product_id: catalogRef,
  unit_id: catalogRef,
  tax_id: catalogRef,
  discountinued_at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
    .nullable()
    .optional(),
};

export const retailCatalogCreateRequests = {
  groups: z.strictObject(groupFields),
  categories: z.strictObject(categoryFields),
  products: z.strictObject(productFields),
};
export const retailCatalogUpdateRequests = {
  groups: z
    .strictObject({ ...groupFields, id: sendId })
    .partial()
    .required({ id: true }),
  categories: z
    .strictObject({ ...categoryFields, id: sendId })
    .partial()
    .required({ id: true }),
  products: z
    .strictObject({ ...productFields, id: sendId })
    .partial()
    .required({ id: true }),
};
export type RetailCatalogResource = keyof typeof retailCatalogCreateRequests;
export type RetailCatalogCreateRequest<R extends RetailCatalogResource> = z.input<(typeof retailCatalogCreateRequests)[R]>;
export type RetailCatalogUpdateRequest<R extends RetailCatalogResource> = z.input<(typeof retailCatalogUpdateRequests)[R]>;

/** §4.4 `prices` of a rate's products. */
export const retailRateProductsRequest = z.strictObject({
  prices: z
    .array(z.strictObject({ product_id: sendId, price: nonNegativeAmount }))
    .min(1, 'must not be empty')
    .max(RETAIL_MAX_OBJECTS),
});
export type RetailRateProductsRequest = z.input<typeof retailRateProductsRequest>;
