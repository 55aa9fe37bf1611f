import type { BridgeClient, OutboxEntry } from '../../../../shared/bridge';
import type { CatalogStoreApi } from '../../data/catalog/catalogStore';
import type { QueueStoreApi, QueueState } from '../../data/queue/queueStore';
import { customerDetailsDb } from '../../data/customers/customerDetails';
import { storedFromCreated } from './customerList';
import { customerActions, useCustomersStore, type CustomersBridge } from '../../session/customersStore';

// Keeps this window's copy of the customers in step with what this terminal did:
// - a customer deleted from any window (`customer-changed`) leaves the copy at once;
// - a customer the queue created (an accepted `customer` entry) joins it: from the entry's
//   `answer.customer` when the snapshot shows it; an entry that left the snapshot (accepted, it
//   has no open service to keep it there) is read back with getEntries. Only when the POS did
//   not answer the created record (the spec does not show its answer) is a catalog sync started.
// The next full sync replaces the copy with the POS's list anyway; this only makes it quick.

export interface CustomersFeedDeps {
  bridge: CustomersBridge & Pick<BridgeClient, 'onEvent' | 'getEntries'>;
  queue: QueueStoreApi;
  catalog: CatalogStoreApi;
  log?: (line: string) => void;
}

export interface CustomersFeed {
  stop(): void;
}

const isCustomerEntry = (entry: OutboxEntry) => entry.kind === 'customer' && entry.request.kind === 'customer';

export function startCustomersFeed(deps: CustomersFeedDeps): CustomersFeed {
  const { catalog, queue } = deps;
  const log = deps.log ?? (() => {});
  let stopped = false;
  const db = () => catalog.getState().current?.db ?? null;

  useCustomersStore.getState().setActions(customerActions({ bridge: deps.bridge, queue, catalog }));

  const offEvent = deps.bridge.onEvent((event) => {
    if (event.type !== 'customer-changed' || !event.deleted) return;
    void db()
      ?.customers.delete(event.customerId)
      .catch((error: unknown) => log(`customers: dropping ${event.customerId} failed: ${String(error)}`));
    // Its details read earlier go with it: a deleted customer is not found by phone any more.
    const accountKey = catalog.getState().accountKey;
    if (accountKey !== null) {
      void customerDetailsDb(accountKey)
        .details.delete(event.customerId)
        .catch((error: unknown) => log(`customers: dropping the details of ${event.customerId} failed: ${String(error)}`));
    }
  });

  /** Entries whose answer was written to the copy. */
  const stored = new Set<string>();
  /** Customer entries still waiting, as last seen. */
  let waiting = new Set<string>();
  let syncAsked = false;

  /** Writes an accepted entry's created customer to the copy; false when the POS sent none. */
  function store(entry: OutboxEntry): boolean {
    const created = entry.state === 'accepted' ? entry.answer?.customer : undefined;
    if (!created) return false;
    if (stored.has(entry.id)) return true;
    stored.add(entry.id);
    const active = entry.request.kind === 'customer' ? entry.request.customer.active === 1 : true;
    const record = storedFromCreated(created, active);
    if (record)
      void db()
        ?.customers.put(record)
        .catch((error: unknown) => log(`customers: storing ${record.id} failed: ${String(error)}`));
    return true;
  }

  function syncForAnswerless() {
    if (syncAsked) return;
    syncAsked = true;
    void catalog
      .getState()
      .syncNow()
      .catch((error: unknown) => log(`customers: sync after a created customer failed: ${String(error)}`))
      .finally(() => (syncAsked = false));
  }

  function follow(state: QueueState) {
    if (stopped || state.queue === null) return;
    const nowWaiting = new Set<string>();
    for (const entry of state.queue.entries) {
      if (!isCustomerEntry(entry)) continue;
      if (entry.pending === 1) nowWaiting.add(entry.id);
      store(entry);
    }
    // Left the snapshot without an answer seen here: read how it ended.
    const gone = [...waiting].filter((id) => !nowWaiting.has(id) && !stored.has(id));
    waiting = nowWaiting;
    if (gone.length === 0) return;
    deps.bridge.getEntries({ ids: gone.slice(0, 100) }).then(
      ({ entries }) => {
        if (stopped) return;
        // Accepted without the created record: only a sync can bring it. Discarded ones created nothing.
        if (entries.some((entry) => entry.state === 'accepted' && !store(entry))) syncForAnswerless();
      },
      (error: unknown) => log(`customers: reading finished entries failed: ${String(error)}`),
    );
  }

  follow(queue.getState());
  const offQueue = queue.subscribe(follow);

  return {
    stop() {
      stopped = true;
      offEvent();
      offQueue();
      useCustomersStore.getState().setActions(null);
    },
  };
}
