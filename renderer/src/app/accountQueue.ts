import type { BridgeClient } from '../../../shared/bridge';
import { bridgeReopened } from '../bridge/reopened';
import type { CatalogDb } from '../data/catalog/catalogDb';
import { catalogStore } from '../data/catalog/catalogStore';
import { openOutbox } from '../data/queue/outboxClient';
import { startQueueFeed, type QueueFeed } from '../data/queue/queueFeed';
import { useQueueStore } from '../data/queue/queueStore';
import { serviceSelectors, useServiceStore } from '../session/navigation';

// The current account's order queue in this window, for venue and shop alike: the main side keeps
// and delivers it; this window follows its snapshots (queueFeed.ts) and submits through the outbox
// client, for as long as the account is current. Stopped, nothing of it stays (the queue store is
// emptied and the screens have no outbox).

export interface AccountQueue {
  feed: QueueFeed;
  stop(): void;
}

/** The catalog generation the outbox prices from (a shop has none: pass `() => null`). */
export const currentCatalogDb = (): CatalogDb | null => catalogStore.getState().current?.db ?? null;

export function followAccountQueue(input: { bridge: BridgeClient; catalogDb: () => CatalogDb | null; log: (line: string) => void }): AccountQueue {
  const { bridge, catalogDb, log } = input;
  useQueueStore.getState().reset();
  const feed = startQueueFeed({ bridge, store: useQueueStore, onReopen: bridgeReopened.subscribe, log });
  const outbox = openOutbox({ bridge, store: useQueueStore, catalogDb, refresh: () => void feed.refresh() });
  useServiceStore.getState().setOutbox(outbox);
  return {
    feed,
    stop() {
      feed.stop();
      if (serviceSelectors.outbox(useServiceStore.getState()) === outbox) useServiceStore.getState().setOutbox(null);
      useQueueStore.getState().reset();
    },
  };
}
