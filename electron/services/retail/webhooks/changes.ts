import { wireInt } from '../../../../shared/api/wire';
import { retailCustomerWire, type RetailCustomerWire } from '../../../../shared/api/retail';
import type { WebhookDelivery } from './payload';

// What a verified delivery asks of the till, decided from the event and its `data` alone (no I/O:
// ./service.ts carries it out). A signature proves who sent a body, not when: the body has no time
// or nonce, so a delivery captured once can be sent again after the journal forgot it
// (docs/decisions.md "Webhooks: a delivery names a record, the service says its state"). Hence:
// - `product.created` / `product.updated` / `product.deleted`: only the product's id is taken from
//   `data`; the product is read fresh by id (`GET catalog/products/{id}`), and what that read says
//   is applied — the record when it exists (also after a `deleted`: the product is still there, so
//   nothing is deleted), a removal only when the read answers 404. `data` is never stored.
// - `customer.created` / `customer.updated`: the record in `data` when whole (no call reads one
//   customer; a partial record waits for the next sync).
// - `customer.deleted`: not applied — no call can confirm it; the next sync drops the customer.
// - `order.closed`, `payment.updated`: the reports' "today" is stale.
// - any other event (turn.closed, tax.*, …): not used by the till.

/**
 * The fields a whole customer record has (retail §2.4): a record without one of them is partial —
 * reading it would put defaults over what the till knows.
 */
export const WHOLE_CUSTOMER_FIELDS = ['id', 'name', 'address', 'city', 'state', 'country', 'postalCode', 'nif', 'web', 'email', 'phone', 'notes'] as const;

export type WebhookAction =
  /** Read the product by id and apply what the read says; `claimedName` only names it in the log. */
  | { kind: 'product'; id: number; claimedName: string | null }
  | { kind: 'customer'; id: number; removed: false; record: RetailCustomerWire }
  | { kind: 'customer-delete-unconfirmed'; id: number }
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
  if (model === 'product') return { kind: 'product', id, claimedName: typeof data.name === 'string' ? data.name.slice(0, 200) : null };
  if (action === 'deleted') return { kind: 'customer-delete-unconfirmed', id };
  const customer = wholeCustomer(data);
  return customer === null ? { kind: 'unreadable' } : { kind: 'customer', id, removed: false, record: customer };
}

/** The record's id (a positive whole number, as a number or a digit string), or null. */
export function idOf(data: Record<string, unknown>): number | null {
  const parsed = wireInt.safeParse(data.id);
  return parsed.success && Number.isSafeInteger(parsed.data) && parsed.data > 0 ? parsed.data : null;
}

export function wholeCustomer(data: Record<string, unknown>): RetailCustomerWire | null {
  if (!WHOLE_CUSTOMER_FIELDS.every((field) => field in data)) return null;
  const parsed = retailCustomerWire.safeParse(data);
  return parsed.success ? parsed.data : null;
}
