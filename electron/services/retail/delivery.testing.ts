import { randomUUID } from 'node:crypto';
import { centsToWire, thousandthsToWire, type RetailOrderRequest, type RetailPaymentRequest } from '../../../shared/api/retail';
import type { EntryDraft } from '../../../shared/bridge';
import { priceOrder } from '../../../shared/domain/retail/order';

// Test helpers of shop sales through the queue (not used by the app): a retail order priced by
// shared/domain/retail/order.ts, payments split card + cash with change, and the two queue
// drafts of a sale (the order, then its invoice `after` it) as the till's pay dialog builds them.

export interface SaleItem {
  productId: number;
  name: string;
  priceCents: number;
  /** 21 % → 2100. */
  taxPercentHundredths: number;
  /** Whole units. */
  quantity: number;
}

export function retailOrder(items: readonly SaleItem[], closedAt = '2026-11-23 13:00:00'): RetailOrderRequest {
  const priced = priceOrder(
    items.map((i) => ({ priceCents: i.priceCents, measureThousandths: i.quantity * 1000, taxPercentHundredths: i.taxPercentHundredths })),
  );
  return {
    notes: '',
    shippingAmount: 0,
    sum: centsToWire(priced.sum),
    discount: centsToWire(priced.discount),
    orderDiscount: centsToWire(priced.orderDiscount),
    subtotal: centsToWire(priced.subtotal),
    tax: centsToWire(priced.tax),
    total: centsToWire(priced.total),
    discountObject: {},
    customer_id: null,
    closed_at: closedAt,
    order_contents: priced.lines.map((line, i) => {
      const item = items[i]!;
      return {
        name: item.name,
        quantity: thousandthsToWire(item.quantity * 1000),
        weight: null,
        price: centsToWire(item.priceCents),
        sum: centsToWire(line.sum),
        discount: centsToWire(line.discount),
        subtotal: centsToWire(line.subtotal),
        tax: centsToWire(line.tax),
        total: centsToWire(line.total),
        taxPercentage: item.taxPercentHundredths / 100,
        discountObject: {},
        notes: '',
        product_id: item.productId,
      };
    }),
  };
}

/** The order's total in cents. */
export function orderTotalCents(order: RetailOrderRequest): number {
  return Math.round(order.total * 100);
}

/** Half by card, the rest in cash tendered as the next 5 € note above it, with the change. */
export function cardAndCash(totalCents: number, methods: { card: number; cash: number }): RetailPaymentRequest[] {
  const card = Math.floor(totalCents / 2);
  const cashDue = totalCents - card;
  const tendered = Math.ceil((cashDue + 1) / 500) * 500;
  const payments: RetailPaymentRequest[] = [
    { amount: centsToWire(tendered), change: centsToWire(tendered - cashDue), extra: 0, payment_method_id: methods.cash },
  ];
  if (card > 0) payments.unshift({ amount: centsToWire(card), change: 0, extra: 0, payment_method_id: methods.card });
  return payments;
}

/** The two entries of one sale: the order, then its invoice waiting for it. */
export function saleDrafts(
  order: RetailOrderRequest,
  payments: RetailPaymentRequest[],
  fields: { sale?: Partial<EntryDraft>; invoice?: Partial<EntryDraft> } = {},
): { sale: EntryDraft; invoice: EntryDraft } {
  const totalCents = orderTotalCents(order);
  const sale: EntryDraft = {
    id: randomUUID(),
    kind: 'sale',
    tableIds: [],
    place: { kind: 'sale' },
    serviceId: null,
    request: { kind: 'retail-order', order },
    lines: order.order_contents.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      details: [],
      note: '',
      unitCents: Math.round(line.price * 100),
      totalCents: Math.round(line.total * 100),
      choice: { itemId: line.product_id, quantity: line.quantity },
    })),
    summary: 'Sale',
    totalCents,
    ...fields.sale,
  };
  const invoice: EntryDraft = {
    id: randomUUID(),
    kind: 'invoice',
    tableIds: [],
    place: { kind: 'sale' },
    serviceId: null,
    request: { kind: 'retail-invoice', invoice: { payments } },
    lines: [],
    summary: 'Invoice',
    totalCents,
    after: sale.id,
    ...fields.invoice,
  };
  return { sale, invoice };
}

/** A simple two-line sale (prices including 21 % and 10 % tax), for tests that need any sale. */
export function anySale(productIds: readonly [number, number] = [101, 102]): { sale: EntryDraft; invoice: EntryDraft; totalCents: number } {
  const order = retailOrder([
    { productId: productIds[0], name: 'Camiseta', priceCents: 1995, taxPercentHundredths: 2100, quantity: 2 },
    { productId: productIds[1], name: 'Libro', priceCents: 1250, taxPercentHundredths: 1000, quantity: 1 },
  ]);
  const totalCents = orderTotalCents(order);
  return { ...saleDrafts(order, cardAndCash(totalCents, { card: 1, cash: 2 })), totalCents };
}
