// The event names of retail-api.md §6, as the vendor's webhooks page offers them: a webhook
// subscribes to one of these. `{model}.*` exists where the table lists it (it receives every event
// of that model, §6 rule 5); a wildcard the table does not list (`order.*`) is refused like any
// other unknown name. Names this sandbox never emits (turn.closed, tax.*, …) may be subscribed to:
// they just never fire (the API has no operation that would trigger them).

export const SUBSCRIBABLE_EVENTS = [
  'product.created',
  'product.updated',
  'product.deleted',
  'product.*',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'customer.*',
  'order.closed',
  'turn.closed',
  'payment.updated',
  'inout.created',
  'tax.created',
  'tax.updated',
  'tax.deleted',
  'tax.*',
  'stockTransfer.created',
  'stockTransfer.updated',
  'stockTransfer.*',
  'quotation.created',
  'quotation.updated',
  'quotation.deleted',
  'quotation.*',
  'customerOrder.created',
  'customerOrder.updated',
  'customerOrder.deleted',
  'customerOrder.*',
  'deliveryNote.created',
  'deliveryNote.updated',
  'deliveryNote.deleted',
  'deliveryNote.*',
] as const;

export type SubscribableEvent = (typeof SUBSCRIBABLE_EVENTS)[number];

/** The event "Send test webhook" sends (§6), whatever the webhook subscribes to. */
export const TEST_EVENT = 'product.updated';

/** True when a webhook subscribed to `subscription` receives `event` (same name, or `{model}.*`). */
export function subscriptionMatches(subscription: string, event: string): boolean {
  if (subscription === event) return true;
  if (!subscription.endsWith('.*')) return false;
  const model = subscription.slice(0, -2);
  return event.startsWith(`${model}.`) && !event.slice(model.length + 1).includes('.');
}
