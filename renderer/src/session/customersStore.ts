import { create } from 'zustand';
import type { BridgeClient, CustomerDraft, EntryDraft, OutboxEntry } from '../../../shared/bridge';
import type { CatalogStoreApi } from '../data/catalog/catalogStore';
import type { QueueStoreApi } from '../data/queue/queueStore';
import { customerDetailsDb, readCustomerDetails, type CustomerDetailsRow } from '../data/customers/customerDetails';

// The Customers screen's link to the current account: its bridge (create goes
// to the main side's queue, delete is an online call) and the customer chosen for the next table
// the waiter seats. Set by customersFeed.ts for as long as the account is current.

/** A customer chosen on the Customers screen for a table, a takeaway or a delivery. */
export interface ChosenCustomer {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
}

export type CustomersBridge = Pick<BridgeClient, 'submitEntry' | 'deleteCustomer' | 'getCustomer'>;

/** What the screen does through the account's bridge. */
export interface CustomerActions {
  /** Commits a `customer` queue entry (the main side creates it at the POS, now or when the connection returns). */
  create(draft: CustomerDraft): Promise<OutboxEntry>;
  /** Deletes it at the POS (online only), then from this terminal's copy. */
  remove(customerId: number): Promise<void>;
  /** Reads its email and phone from the POS (spec 4.2 `GET V2/customers/<id>`) and keeps them for offline. */
  readDetails(customerId: number): Promise<CustomerDetailsRow>;
}

export interface CustomersState {
  actions: CustomerActions | null;
  /** Chosen for the next seating: the seat dialog starts with it (SeatDialog.tsx). */
  forTable: ChosenCustomer | null;
  setActions: (actions: CustomerActions | null) => void;
  chooseForTable: (customer: ChosenCustomer | null) => void;
}

export const useCustomersStore = create<CustomersState>()((set) => ({
  actions: null,
  forTable: null,
  setActions: (actions) => set({ actions, forTable: null }),
  chooseForTable: (forTable) => set({ forTable }),
}));

export const customersSelectors = {
  actions: (state: CustomersState) => state.actions,
  forTable: (state: CustomersState) => state.forTable,
} as const;

/** The queue entry that creates a customer (spec 4.2 `POST V2/customers`): nothing to price, no table. */
export function customerEntryDraft(id: string, customer: CustomerDraft): EntryDraft {
  return {
    id,
    kind: 'customer',
    tableIds: [],
    // No table, takeaway or delivery: the place reads as the customer's own name, as written.
    place: { kind: 'legacy', text: customer.name },
    serviceId: null,
    request: { kind: 'customer', customer },
    lines: [],
    summary: { code: 'customer', params: { name: customer.name } },
    totalCents: 0,
  };
}

export interface CustomerActionDeps {
  bridge: CustomersBridge;
  queue: QueueStoreApi;
  catalog: CatalogStoreApi;
  newId?: () => string;
  now?: () => Date;
}

export function customerActions(deps: CustomerActionDeps): CustomerActions {
  const newId = deps.newId ?? (() => crypto.randomUUID());
  return {
    async create(customer) {
      const { entry } = await deps.bridge.submitEntry({ draft: customerEntryDraft(newId(), customer) });
      // Shown at once (Pending orders, the screen's outcome) until the next snapshot.
      deps.queue.getState().applyWrite({ entries: [entry] });
      return entry;
    },
    async remove(customerId) {
      await deps.bridge.deleteCustomer({ customerId });
      // The `customer-changed` event does it too, in every window; this one need not wait for it.
      await deps.catalog.getState().current?.db.customers.delete(customerId);
      const accountKey = deps.catalog.getState().accountKey;
      if (accountKey !== null) await customerDetailsDb(accountKey).details.delete(customerId);
    },
    async readDetails(customerId) {
      const accountKey = deps.catalog.getState().accountKey;
      if (accountKey === null) throw new Error('customers: no account open yet');
      return readCustomerDetails(deps.bridge, customerDetailsDb(accountKey), customerId, deps.now);
    },
  };
}
