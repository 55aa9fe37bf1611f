// A submit whose bridge call never reached the main side was not
// saved, and the terminal says so; nothing shows as pending. The real bridge pieces are composed
// as in the app: HTTP client → bridge client → account scope → outbox client (App.tsx).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createBridgeClient } from '../bridge';
import { createHttpBridge } from '../bridge/httpBridge';
import type { CatalogDb } from '../data/catalog/catalogDb';
import { openOutbox } from '../data/queue/outboxClient';
import { createQueueStore, queueSelectors } from '../data/queue/queueStore';
import { demoCatalogDb, demoLines } from '../data/queue/queueTesting';
import { sendFailureMessage } from '../features/order/sendForm';
import { createI18n } from '../i18n/i18n';
import { scopeBridge } from '../session/accountScope';

const catalogs: CatalogDb[] = [];
afterEach(async () => {
  for (const db of catalogs.splice(0)) await db.delete();
});

const newId = () => crypto.randomUUID();

describe('a submit that never reached the main side', () => {
  it('is not "saved": the waiter is told, nothing shows as pending, and the ticket can be sent again', async () => {
    const catalog = await demoCatalogDb();
    catalogs.push(catalog);
    const api = createHttpBridge({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      openEventSource: () => ({ onmessage: null, close() {} }),
    });
    const bridge = scopeBridge(createBridgeClient(api), { accountKey: 'demo' }).client;
    const store = createQueueStore();
    const outbox = openOutbox({ bridge, store, catalogDb: () => catalog, newId });
    const failed = outbox.sendTakeaway({ name: 'Lia', lines: [demoLines.cana()] });
    await expect(failed).rejects.toMatchObject({ kind: 'unreachable', code: 'local-service-not-answering' });
    expect(sendFailureMessage(createI18n('en').getFixedT(null, 'order'), await failed.catch((error: unknown) => error)).message).toMatch(
      /^Not confirmed: .*will not be sent twice/,
    );
    expect(queueSelectors.pendingCount(store.getState())).toBe(0);
    expect(queueSelectors.storageProblem(store.getState())).toBeNull();
  });
});
