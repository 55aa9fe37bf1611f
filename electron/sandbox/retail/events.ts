// The events of retail-api.md §6 the API emits (clarifications "Webhooks"): product.created /
// updated / deleted (one per record, batches and mass PATCH included), customer.created / updated,
// order.closed (an invoice closes the order) and payment.updated (each invoice payment). The
// webhooks (retail/webhooks) subscribe through this one sink; the routes never know about them.

export type RetailEventName =
  'product.created' | 'product.updated' | 'product.deleted' | 'customer.created' | 'customer.updated' | 'order.closed' | 'payment.updated';

export interface RetailEvents {
  /** `payload` is the record as the API returns it. */
  emit(username: string, event: RetailEventName, payload: Record<string, unknown>): void;
}

export const NO_EVENTS: RetailEvents = { emit: () => undefined };
