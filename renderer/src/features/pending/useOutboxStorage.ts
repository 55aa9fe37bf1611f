import { useSyncExternalStore } from 'react';
import type { Observable, OutboxStorageProblem } from '../../data/outboxTypes';
import { serviceSelectors, useServiceStore } from '../service/serviceStore';

const NO_OUTBOX: Observable<OutboxStorageProblem | null> = { current: () => null, subscribe: () => () => {} };

/** Whether the account's outbox database refuses writes (issue 10 item 9); null while it takes them. */
export function useOutboxStorageProblem(): OutboxStorageProblem | null {
  const storage = useServiceStore(serviceSelectors.outbox)?.storage ?? NO_OUTBOX;
  return useSyncExternalStore(storage.subscribe, storage.current);
}
