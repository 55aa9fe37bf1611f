// Orders and invoices (retail-api.md §2.5, §4.2; clarifications "Prices, taxes and orders").
// POST orders: the order is checked against the arithmetic (./arithmetic.ts) and stored open
// (status 0). POST orders/<id>/invoices: payments must add up (Σ amount − Σ change) to the
// order's total to the cent, change only on cash and never above its payment; one invoice per
// order (a second → 422 "already invoiced"); the invoice is numbered E-<n> per account, closes the
// order (status 1) and takes each line's quantity out of warehouse 1 for products with stock
// management. Events: order.closed (the order with its lines and invoice), payment.updated (each
// payment). Decisions (docs/sandbox.md):
// - required on an order: `order_contents` (≥ 1 line, ≤ 1,000) and `total`; on a line:
//   `product_id`, `quantity` (> 0, ≤ 3 decimals), `price` (≥ 0) and `total`, `taxPercentage`
//   (0–100); a product sold by weight (`usesWeight`) also needs `weight` (> 0), and its sum is
//   price × weight; every other field is optional and, when sent, checked: a line's `sum` and
//   `subtotal` within one cent, its `tax` within one cent; the order's `sum`, `tax`, `subtotal`
//   and `total` within one cent per line; the order-level `discount` and the lines' `margin`
//   are kept as sent (their rule is not published);
// - a line's `discount` ≥ 0 and not above its sum; `orderDiscount` ≥ 0 and not above the lines'
//   totals; `shippingAmount` ≥ 0; `customer_id`, when given, must exist;
// - the answers are 201 with the order / the invoice as stored (amounts as JSON numbers);
// - `extra` of a payment (≥ 0) is kept and not counted in the sum (a tip); an amount is > 0;
// - a product sold by weight takes its line's weight out of the stock, others their quantity; a
//   missing stock row in warehouse 1 is created (stock may go negative, as in a shop that sells
//   before counting).
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { RetailEnv } from '../env';
import { invalidData, RetailRefusal } from '../errors';
import { dec2, dec3, flag, id, parseWith, pathId, readJsonBody } from '../input';
import {
  nextRetailId,
  ORDER_STATUS,
  PRODUCT_TYPE,
  type DiscountObject,
  type InvoiceRecord,
  type RetailAccountState,
  type RetailOrderLine,
  type RetailOrderRecord,
} from '../model';
import { localDateTime } from '../reports/time';
import { stockRow } from '../stock/routes';
import { number2, number3 } from '../wire';
import { expectedLine, expectedOrder, includedTax, type LineInput } from './arithmetic';

/** Lines one order may carry: a bound on one request's work (not published). */
export const MAX_ORDER_LINES = 1_000;

/** Warehouse an invoice takes stock from (clarifications: warehouse 1, the shop floor). */
export const SHOP_FLOOR_WAREHOUSE = 1;

const discountObject = z
  .object({
    amount: dec2({ min: 0 }).optional(),
    id: id.nullish(),
    isPercentage: flag.optional(),
    name: z.string().max(255).optional(),
  })
  .optional();

const lineSchema = z.object({
  name: z.string().max(255).optional(),
  quantity: dec3({ max: 1e9 }).refine((q) => q > 0, { message: 'must be more than 0' }),
  weight: dec3({ min: 0, max: 1e9 }).nullish(),
  price: dec2({ min: 0 }),
  sum: dec2().optional(),
  discount: dec2({ min: 0 }).optional(),
  subtotal: dec2().optional(),
  tax: dec2().optional(),
  total: dec2(),
  taxPercentage: dec2({ min: 0, max: 10_000 }),
  margin: dec2().optional(),
  discountObject,
  notes: z.string().max(10_000).nullish(),
  product_id: id,
});

const orderSchema = z.object({
  notes: z.string().max(10_000).nullish(),
  shippingAmount: dec2({ min: 0 }).optional(),
  sum: dec2().optional(),
  subtotal: dec2().optional(),
  discount: dec2().optional(),
  orderDiscount: dec2({ min: 0 }).optional(),
  tax: dec2().optional(),
  total: dec2(),
  discountObject,
  customer_id: id.nullish(),
  shipping_id: id.nullish(),
  employee_id: id.nullish(),
  closed_at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'expected YYYY-MM-DD HH:mm:ss')
    .nullish(),
  order_contents: z.array(lineSchema).min(1, 'an order needs at least one line').max(MAX_ORDER_LINES),
});

const invoiceSchema = z.object({
  payments: z
    .array(
      z.object({
        amount: dec2().refine((a) => a > 0, { message: 'must be more than 0' }),
        change: dec2({ min: 0 }).optional(),
        extra: dec2({ min: 0 }).optional(),
        payment_method_id: id,
      }),
    )
    .min(1, 'an invoice needs at least one payment')
    .max(100),
});

const cents = (value: number) => `${(value / 100).toFixed(2)}`;

function discountWire(d: DiscountObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (d.amount !== undefined) out.amount = number2(d.amount);
  if (d.id !== undefined) out.id = d.id;
  if (d.isPercentage !== undefined) out.isPercentage = d.isPercentage;
  if (d.name !== undefined) out.name = d.name;
  return out;
}

export function lineWire(line: RetailOrderLine): Record<string, unknown> {
  return {
    ...line,
    quantity: number3(line.quantity),
    weight: line.weight === null ? null : number3(line.weight),
    price: number2(line.price),
    sum: number2(line.sum),
    discount: number2(line.discount),
    subtotal: number2(line.subtotal),
    tax: number2(line.tax),
    total: number2(line.total),
    taxPercentage: number2(line.taxPercentage),
    margin: number2(line.margin),
    discountObject: discountWire(line.discountObject),
  };
}

export function invoiceWire(invoice: InvoiceRecord): Record<string, unknown> {
  return {
    ...invoice,
    total: number2(invoice.total),
    payments: invoice.payments.map((p) => ({ ...p, amount: number2(p.amount), change: number2(p.change), extra: number2(p.extra) })),
  };
}

export function orderWire(account: RetailAccountState, order: RetailOrderRecord): Record<string, unknown> {
  const invoice = order.invoice_id === null ? null : account.invoices.find((i) => i.id === order.invoice_id);
  return {
    ...order,
    shippingAmount: number2(order.shippingAmount),
    sum: number2(order.sum),
    subtotal: number2(order.subtotal),
    discount: number2(order.discount),
    orderDiscount: number2(order.orderDiscount),
    tax: number2(order.tax),
    total: number2(order.total),
    discountObject: discountWire(order.discountObject),
    order_contents: order.order_contents.map(lineWire),
    invoice: invoice ? invoiceWire(invoice) : null,
  };
}

/** A 422 when `given` is more than `tolerance` cents away from `expected`. */
function within(given: number | undefined, expected: number, tolerance: number, where: string): void {
  if (given === undefined || Math.abs(given - expected) <= tolerance) return;
  throw invalidData(
    `${where}: ${cents(given)} does not match the order arithmetic (expected ${cents(expected)}${tolerance > 0 ? ` +/- ${cents(tolerance)}` : ''})`,
  );
}

type OrderInput = z.output<typeof orderSchema>;

/** Checks an order's references and arithmetic; returns the record to store (without ids). */
function checkOrder(
  account: RetailAccountState,
  body: OrderInput,
): { lines: Omit<RetailOrderLine, 'id' | 'order_id'>[]; order: Omit<RetailOrderRecord, 'id' | 'order_contents' | 'created_at' | 'updated_at'> } {
  if (body.customer_id != null && !account.customers.some((c) => c.id === body.customer_id)) {
    throw invalidData(`customer_id: no customer ${body.customer_id}`);
  }
  const inputs: LineInput[] = body.order_contents.map((line, i) => {
    const where = `order_contents[${i}]`;
    const product = account.products.find((p) => p.id === line.product_id);
    if (!product) throw invalidData(`${where}.product_id: no product ${line.product_id}`);
    if (product.type === PRODUCT_TYPE.variantMaster) {
      throw invalidData(`${where}.product_id: product ${product.id} is a variant master (type 5): sell one of its variants`);
    }
    if (product.usesWeight && (line.weight == null || line.weight <= 0)) {
      throw invalidData(`${where}.weight: product ${product.id} is sold by weight: the line needs its weight (> 0)`);
    }
    return {
      priceCents: line.price,
      measureThousandths: product.usesWeight ? (line.weight as number) : line.quantity,
      discountCents: line.discount ?? 0,
      taxPercentHundredths: line.taxPercentage,
    };
  });
  const n = inputs.length;
  const lines = body.order_contents.map((line, i) => {
    const where = `order_contents[${i}]`;
    const expected = expectedLine(inputs[i] as LineInput);
    if ((line.discount ?? 0) > expected.sum)
      throw invalidData(`${where}.discount: ${cents(line.discount ?? 0)} is more than the line's sum ${cents(expected.sum)}`);
    within(line.sum, expected.sum, 1, `${where}.sum`);
    within(line.total, expected.total, 1, `${where}.total`);
    const tax = includedTax(line.total, line.taxPercentage);
    within(line.tax, tax, 1, `${where}.tax`);
    within(line.subtotal, line.total - tax, 1, `${where}.subtotal`);
    const product = account.products.find((p) => p.id === line.product_id);
    return {
      product_id: line.product_id,
      name: line.name ?? product?.name ?? '',
      quantity: line.quantity,
      weight: line.weight ?? null,
      price: line.price,
      sum: line.sum ?? expected.sum,
      discount: line.discount ?? 0,
      subtotal: line.subtotal ?? line.total - tax,
      tax: line.tax ?? tax,
      total: line.total,
      taxPercentage: line.taxPercentage,
      margin: line.margin ?? 0,
      discountObject: line.discountObject ?? {},
      notes: line.notes ?? '',
    };
  });
  const orderDiscount = body.orderDiscount ?? 0;
  const shipping = body.shippingAmount ?? 0;
  const expected = expectedOrder(
    inputs,
    orderDiscount,
    shipping,
    lines.map((l) => l.total),
  );
  if (orderDiscount > expected.sum) throw invalidData(`orderDiscount: ${cents(orderDiscount)} is more than the lines' total ${cents(expected.sum)}`);
  const ruleSum = expectedOrder(inputs, orderDiscount, shipping);
  within(body.sum, ruleSum.sum, n, 'sum');
  within(body.total, ruleSum.total, n, 'total');
  within(body.tax, expected.tax, n, 'tax');
  within(body.subtotal, expected.subtotal, n, 'subtotal');
  return {
    lines,
    order: {
      status: ORDER_STATUS.open,
      notes: body.notes ?? '',
      shippingAmount: shipping,
      sum: body.sum ?? expected.sum,
      subtotal: body.subtotal ?? expected.subtotal,
      discount: body.discount ?? 0,
      orderDiscount,
      tax: body.tax ?? expected.tax,
      total: body.total,
      discountObject: body.discountObject ?? {},
      customer_id: body.customer_id ?? null,
      shipping_id: body.shipping_id ?? null,
      employee_id: body.employee_id ?? null,
      closed_at: body.closed_at ?? null,
      invoice_id: null,
    },
  };
}

async function createOrder(c: Context<RetailEnv>): Promise<Response> {
  const account = c.get('account');
  const raw = await readJsonBody(c);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw invalidData('expected one order object');
  const { lines, order } = checkOrder(account, parseWith(orderSchema, raw));
  const now = new Date().toISOString();
  const orderId = nextRetailId(account, 'orders', account.orders);
  const record: RetailOrderRecord = {
    ...order,
    id: orderId,
    created_at: now,
    updated_at: now,
    order_contents: lines.map((line) => ({ ...line, id: nextRetailId(account, 'orderLines'), order_id: orderId })),
  };
  account.orders.push(record);
  c.get('retail').ledger.push({ service: 'retail', kind: 'order', tenant: account.username, receivedAt: now, orderId, payload: raw });
  return c.json(orderWire(account, record), 201);
}

async function createInvoice(c: Context<RetailEnv>): Promise<Response> {
  const account = c.get('account');
  const orderId = pathId(c, 'id', 'Order');
  const order = account.orders.find((o) => o.id === orderId);
  if (!order) throw new RetailRefusal(404, `Order ${orderId} not found.`);
  const raw = await readJsonBody(c);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw invalidData('expected an object with "payments"');
  const body = parseWith(invoiceSchema, raw);
  if (order.invoice_id !== null) throw new RetailRefusal(422, `Order ${order.id} is already invoiced.`);
  let paid = 0;
  body.payments.forEach((p, i) => {
    const method = account.paymentMethods.find((m) => m.id === p.payment_method_id);
    if (!method) throw invalidData(`payments[${i}].payment_method_id: no payment method ${p.payment_method_id}`);
    const change = p.change ?? 0;
    if (change > 0 && !method.cash) throw invalidData(`payments[${i}].change: only a cash payment gives change (${method.name} does not)`);
    if (change > p.amount) throw invalidData(`payments[${i}].change: ${cents(change)} is more than the payment's amount ${cents(p.amount)}`);
    paid += p.amount - change;
  });
  if (paid !== order.total) {
    throw invalidData(`payments: they add up to ${cents(paid)} (amounts minus change), the order's total is ${cents(order.total)}`);
  }
  const now = new Date();
  const invoice: InvoiceRecord = {
    id: nextRetailId(account, 'invoices', account.invoices),
    number: `E-${++account.lastInvoiceNumber}`,
    order_id: order.id,
    total: order.total,
    payments: body.payments.map((p) => ({
      id: nextRetailId(account, 'invoicePayments'),
      payment_method_id: p.payment_method_id,
      amount: p.amount,
      change: p.change ?? 0,
      extra: p.extra ?? 0,
    })),
    created_at: now.toISOString(),
  };
  account.invoices.push(invoice);
  order.invoice_id = invoice.id;
  order.status = ORDER_STATUS.closed;
  order.closed_at ??= localDateTime(now);
  order.updated_at = invoice.created_at;
  for (const line of order.order_contents) {
    const product = account.products.find((p) => p.id === line.product_id);
    if (!product?.usesStockManagement) continue;
    const row = stockRow(account, product.id, SHOP_FLOOR_WAREHOUSE);
    row.quantity -= product.usesWeight && line.weight !== null ? line.weight : line.quantity;
  }
  c.get('retail').ledger.push({
    service: 'retail',
    kind: 'invoice',
    tenant: account.username,
    receivedAt: invoice.created_at,
    orderId: order.id,
    payload: raw,
  });
  const events = c.get('events');
  events.emit(account.username, 'order.closed', orderWire(account, order));
  for (const payment of invoiceWire(invoice).payments as Record<string, unknown>[]) {
    events.emit(account.username, 'payment.updated', { ...payment, order_id: order.id, invoice_id: invoice.id });
  }
  return c.json(invoiceWire(invoice), 201);
}

export function orderRoutes(): Hono<RetailEnv> {
  const routes = new Hono<RetailEnv>();
  routes.post('/orders', createOrder);
  routes.post('/orders/:id/invoices', createInvoice);
  return routes;
}
