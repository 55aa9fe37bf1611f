import { wireInt } from '../../../../shared/api/wire';
import { retailCustomerWire, retailProductWire, type RetailCustomerWire, type RetailProductWire } from '../../../../shared/api/retail';
import type { WebhookDelivery } from './payload';

// What a verified delivery asks of the till (issue 16 item 6), decided from the event and its
// `data` alone (no I/O: ./service.ts carries it out):
// - `product.updated`: the record in `data` when it is a whole product (clarifications: `data` is
//   the record as the API returns it) — no request; otherwise it is read fresh by id. The local
//   copy keeps the product's stocks and variant link, which a product's own record does not carry.
// - `product.created`: read fresh by id with its stocks and variant link (a new variant needs both
//   for its master's grid); `data`, when whole, if that read fails.
// - `product.deleted`, `customer.deleted`: removed from the till's copy.
// - `customer.created` / `customer.updated`: the record in `data` when whole (no request reads one
//   customer: a partial record waits for the next sync).
// - `order.closed`, `payment.updated`: the reports' "today" is stale.
// - any other event (turn.closed, tax.*, …): not used by the till.

/**
 * The fields a whole record has (retail §2.6 / §2.4): a record without one of them is partial —
 * reading it would put defaults (a price of 0, "not by weight") over what the till knows.
 */
export const WHOLE_PRODUCT_FIELDS = ['id', 'name', 'category_id', 'price', 'type', 'active', 'usesWeight', 'usesStockManagement', 'main_product_id', 'barcode', 'reference', 'tax_id'] as const;
export const WHOLE_CUSTOMER_FIELDS = ['id', 'name', 'address', 'city', 'state', 'country', 'postalCode', 'nif', 'web', 'email', 'phone', 'notes'] as const;

export type WebhookAction =
  | { kind: 'product'; id: number; removed: false; record: RetailProductWire | null; fetch: boolean }
  | { kind: 'product'; id: number; removed: true }
  | { kind: 'customer'; id: number; removed: false; record: RetailCustomerWire }
  | { kind: 'customer'; id: number; removed: true }
  | { kind: 'reports' }
  | { kind: 'ignored' }
  | { kind: 'unreadable' };

export function actionOf(delivery: WebhookDelivery): WebhookAction {
  const { event, data } = delivery;
  const [model, action] = event.split('.') as [string, string];
  if (event === 'order.closed' || event === 'payment.updated') return { kind: 'reports' };
  if (model !== 'product' && model !== 'customer') return { kind: 'ignored' };
  if (action !== 'created' && action !== 'updated' && action !== 'deleted') return { kind: 'ignored' };
  const id = idOf(data);
  if (id === null) return { kind: 'unreadable' };
  if (action === 'deleted') return { kind: model, id, removed: true };
  if (model === 'product') {
    const record = wholeProduct(data);
    if (action === 'created') return { kind: 'product', id, removed: false, record, fetch: true };
    return record === null ? { kind: 'product', id, removed: false, record: null, fetch: true } : { kind: 'product', id, removed: false, record, fetch: false };
  }
  const customer = wholeCustomer(data);
  return customer === null ? { kind: 'unreadable' } : { kind: 'customer', id, removed: false, record: customer };
}

/** The record's id (a positive whole number, as a number or a digit string), or null. */
export function idOf(data: Record<string, unknown>): number | null {
  const parsed = wireInt.safeParse(data.id);
  return parsed.success && Number.isSafeInteger(parsed.data) && parsed.data > 0 ? parsed.data : null;
}

/** `data` read as a whole product (the wire schema's output: cents, thousandths), or null. */
export function wholeProduct(data: Record<string, unknown>): RetailProductWire | null {
  if (!WHOLE_PRODUCT_FIELDS.every((field) => field in data)) return null;
  const parsed = retailProductWire.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export function wholeCustomer(data: Record<string, unknown>): RetailCustomerWire | null {
  if (!WHOLE_CUSTOMER_FIELDS.every((field) => field in data)) return null;
  const parsed = retailCustomerWire.safeParse(data);
  return parsed.success ? parsed.data : null;
}
