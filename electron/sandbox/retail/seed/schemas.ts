// zod schemas of the retail records as the sandbox stores them (../model.ts: money in integer
// cents, quantities in thousandths, percentages in hundredths), for the seed checks (./check.ts):
// every field with its type and range, no field the model does not have.
import { z } from 'zod';
import { isCalendarDate, MAX_CENTS } from '../input';
import type { RetailData } from '../model';

const id = z.int().positive().max(Number.MAX_SAFE_INTEGER);
const cents = z.int().min(0).max(MAX_CENTS);
const signedCents = z.int().min(-MAX_CENTS).max(MAX_CENTS);
const thousandths = z.int().min(-1e15).max(1e15);
const name = z.string().trim().min(1).max(255);
const text = z.string().max(10_000).nullable();
const date = z.string().refine(isCalendarDate, 'expected YYYY-MM-DD');
const instant = z.iso.datetime();
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'expected YYYY-MM-DD HH:mm:ss');
const percent = z.int().min(0).max(10_000);

const discountObject = z.strictObject({
  amount: z.int().min(0).max(MAX_CENTS).optional(),
  id: id.nullable().optional(),
  isPercentage: z.boolean().optional(),
  name: z.string().max(255).optional(),
});

export const retailRecordSchemas = {
  variantSets: z.strictObject({ id, name }),
  variants: z.strictObject({
    id,
    name,
    order: z.int().min(0),
    variant_set_id: id,
    color: z
      .string()
      .regex(/^#[0-9a-f]{6}$/i)
      .nullable(),
  }),
  productVariants: z.strictObject({ id, product_id: id, variant_1_id: id.nullable(), variant_2_id: id.nullable() }),
  taxes: z.strictObject({ id, name, percentage: percent, shouldStack: z.boolean() }),
  units: z.strictObject({
    id,
    name,
    main_unit: z.string().nullable(),
    conversion: z.string().regex(/^\d+(\.\d+)?$/),
    extra_id: z.string().nullable(),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
    deleted_at: z.string().nullable(),
  }),
  paymentMethods: z.strictObject({ id, name, cash: z.boolean() }),
  warehouses: z.strictObject({ id, name }),
  stocks: z.strictObject({
    id,
    item_id: id,
    warehouse_id: id,
    unit_id: id.nullable(),
    quantity: thousandths,
    defaultQuantity: thousandths,
    alert: thousandths,
  }),
  customers: z.strictObject({
    id,
    name,
    address: z.string().trim().min(1).max(255),
    city: text,
    state: text,
    country: text,
    postalCode: text,
    nif: text,
    web: text,
    email: z.email().nullable(),
    phone: text,
    notes: text,
    maxCredit: cents.nullable(),
    extra_id: text,
    price_rate_id: id.nullable().optional(),
    created_at: instant,
    updated_at: instant,
  }),
  groups: z.strictObject({ id, name, photo: z.string().nullable(), order: z.int(), active: z.boolean(), tax_id: id.nullable() }),
  categories: z.strictObject({
    id,
    name,
    group_id: id,
    photo: z.string().nullable(),
    order: z.int(),
    active: z.boolean(),
    extra_id: z.string().nullable(),
    tax_id: id.nullable(),
  }),
  products: z.strictObject({
    id,
    name,
    category_id: id,
    photo: text,
    extra_id: text,
    reference: text,
    info: text,
    shortInfo: text,
    brand: text,
    season: text,
    order: z.int(),
    active: z.boolean(),
    featured: z.boolean(),
    isOpen: z.boolean(),
    traceability: z.boolean(),
    usesStockManagement: z.boolean(),
    usesWeight: z.boolean(),
    weight: z.number().min(0),
    type: z.int().min(0).max(8),
    price: cents,
    costPrice: cents,
    barcode: z.string().max(64).nullable(),
    main_product_id: id.nullable(),
    complementary_product_id: id.nullable(),
    unit_id: id.nullable(),
    tax_id: id.nullable(),
    discountinued_at: date.nullable(),
    ecommerce: z
      .strictObject({
        id,
        active: z.boolean(),
        weight: z.number().min(0),
        sizes: z.strictObject({ width: z.number().min(0), height: z.number().min(0), depth: z.number().min(0) }),
        price: cents,
        discount_amount: cents,
        discount_percentage: percent,
      })
      .nullable(),
  }),
  priceRates: z.strictObject({
    id,
    name,
    type: z.union([z.literal(1), z.literal(2)]),
    amount: z.int().min(-10_000).max(MAX_CENTS),
    rounding: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]).nullable(),
  }),
  priceRateLinks: z.strictObject({ price_rate_id: id, product_id: id, price: cents }),
  promotions: z.strictObject({
    id,
    active: z.boolean(),
    order: z.int(),
    name,
    type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    apply_to: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    start_date: date.nullable(),
    end_date: date.nullable(),
    start_time: z
      .string()
      .regex(/^([01]?\d|2[0-3]):[0-5]\d$/)
      .nullable(),
    end_time: z
      .string()
      .regex(/^([01]?\d|2[0-3]):[0-5]\d$/)
      .nullable(),
    weekdays: z.array(z.int().min(1).max(7)).nullable(),
    apply_type: z.union([z.literal(1), z.literal(2)]).nullable(),
    group_by: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
    price_rate_id: id.nullable(),
    combo_price: cents.nullable(),
    condition: z.union([z.literal(1), z.literal(2)]).nullable(),
    quantity: z.int().min(0).nullable(),
    action: z.union([z.literal(1), z.literal(2)]).nullable(),
    discount: cents.nullable(),
  }),
  promotionCategories: z.strictObject({ promotion_id: id, target_id: id }),
  promotionProducts: z.strictObject({ promotion_id: id, target_id: id }),
  orders: z.strictObject({
    id,
    status: z.union([z.literal(0), z.literal(1)]),
    notes: z.string().max(10_000),
    shippingAmount: cents,
    sum: cents,
    subtotal: signedCents,
    discount: signedCents,
    orderDiscount: cents,
    tax: signedCents,
    total: cents,
    discountObject,
    customer_id: id.nullable(),
    shipping_id: id.nullable(),
    employee_id: id.nullable(),
    closed_at: localDateTime.nullable(),
    created_at: instant,
    updated_at: instant,
    order_contents: z
      .array(
        z.strictObject({
          id,
          order_id: id,
          product_id: id,
          name: z.string().max(255),
          quantity: z.int().positive(),
          weight: z.int().positive().nullable(),
          price: cents,
          sum: cents,
          discount: cents,
          subtotal: signedCents,
          tax: signedCents,
          total: cents,
          taxPercentage: percent,
          margin: signedCents,
          discountObject,
          notes: z.string().max(10_000),
        }),
      )
      .min(1),
    invoice_id: id.nullable(),
  }),
  invoices: z.strictObject({
    id,
    number: z.string().regex(/^E-[1-9]\d*$/),
    order_id: id,
    total: cents,
    payments: z
      .array(z.strictObject({ id, payment_method_id: id, amount: cents.refine((a) => a > 0, 'must be more than 0'), change: cents, extra: cents }))
      .min(1),
    created_at: instant,
  }),
} satisfies { [K in keyof RetailData]: z.ZodType };
