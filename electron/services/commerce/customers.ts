import { ServiceError } from '../bridge/dispatcher';
import { GatewayError } from '../gateway';
import type { CommerceDeps, CommerceHandlers } from './types';

// Deleting a customer at the POS (spec 4.2 `DELETE V2/customers/<id>`), online
// only: nothing is queued, the waiter is told at once. Creating one goes through the queue
// (a `customer` entry, electron/services/queue/delivery.ts), so a customer typed offline is not lost.
// Once the POS deleted it, every window drops it from its copy of the customers
// (`customer-changed`). A 404 (deleted elsewhere, or by an earlier tap whose answer was lost)
// means it is not there any more either: every window drops it too, and the waiter is still told
// the server's answer (`not-found…`), never a "deleted" this terminal did not see.

/** Text the bridge's schema takes: trimmed, null when blank, cut to `max` characters. */
function contact(value: string | null | undefined, max: number): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed.slice(0, max);
}

export function customerHandlers(deps: CommerceDeps): Pick<CommerceHandlers, 'deleteCustomer' | 'getCustomer'> {
  return {
    /**
     * spec 4.2 `GET V2/customers/<id>`: the contact details the listing lacks (spec 2.4). A 404 means
     * it was deleted at the POS: every window drops it, as after a delete.
     */
    async getCustomer({ customerId }) {
      try {
        const customer = await deps.gateway.getCustomer(customerId);
        return {
          customer: {
            id: customer.id,
            name: customer.name.slice(0, 300),
            active: customer.active,
            email: contact(customer.email, 200),
            phone: contact(customer.phone, 50),
          },
        };
      } catch (error) {
        if (error instanceof GatewayError) {
          if (error.kind === 'not-found' && error.status === 404) deps.emit({ type: 'customer-changed', customerId, deleted: true });
          throw new ServiceError(error.toBridgeError());
        }
        throw error;
      }
    },
    async deleteCustomer({ customerId }) {
      try {
        await deps.gateway.deleteCustomer(customerId);
      } catch (error) {
        // The vendor's failures as codes the renderer words (offline, not-found, the 422's words…).
        if (error instanceof GatewayError) {
          if (error.kind === 'not-found' && error.status === 404) deps.emit({ type: 'customer-changed', customerId, deleted: true });
          throw new ServiceError(error.toBridgeError());
        }
        throw error;
      }
      deps.log?.(`customers: customer ${customerId} deleted at the POS`);
      deps.emit({ type: 'customer-changed', customerId, deleted: true });
      return { deleted: true as const };
    },
  };
}
