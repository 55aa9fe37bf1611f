// Issue 10 item 8: an order whose bridge call never reached the main side stays queued (with a
// retry delay and a clear last error); it is never "unconfirmed". The real bridge pieces are
// composed as in the app: HTTP client → bridge client → account scope → outbox (App.tsx).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeResult, DeliveryOutcome } from '../../../shared/bridge';
import { createBridgeClient } from '../bridge';
import { createHttpBridge, LOCAL_SERVICE_NOT_ANSWERING, PAGE_NOT_ACCEPTED } from '../bridge/httpBridge';
import { testBridgeClient } from '../bridge/testing';
import { scopeBridge, SWITCHING_MESSAGE } from '../features/settings/accountScope';
import type { CatalogDb } from '../data/catalogDb';
import type { OutboxBridge } from '../data/dispatcher';
import { openOutbox } from '../data/outbox';
import { demoCatalogDb, demoLines, testOutboxDb } from '../data/outboxTesting';
import type { Outbox } from '../data/outboxTypes';

const opened: Outbox[] = [];
const catalogs: CatalogDb[] = [];
afterEach(async () => {
  for (const outbox of opened.splice(0)) {
    outbox.close();
    await outbox.db.delete();
  }
  for (const db of catalogs.splice(0)) await db.delete();
});

const ACCOUNT = 'bar-pepe@127.0.0.1:8787';

/** The browser shell's client over a fetch the test controls, scoped to ACCOUNT like the app's. */
function httpScoped(respond: () => Response | Promise<Response>): OutboxBridge {
  const api = createHttpBridge({ secret: 'old-secret', fetch: async () => respond(), openEventSource: () => ({ onmessage: null, close() {} }) });
  return scopeBridge(createBridgeClient(api), { accountKey: ACCOUNT }).client;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function outboxOver(bridge: OutboxBridge): Promise<Outbox> {
  const catalog = await demoCatalogDb();
  catalogs.push(catalog);
  const outbox = openOutbox({ accountKey: ACCOUNT, db: testOutboxDb(), bridge, catalogDb: () => catalog });
  opened.push(outbox);
  return outbox;
}

describe('an order that never reached the main side stays queued', () => {
  const wrongAccount: BridgeResult<never> = {
    ok: false,
    error: { kind: 'wrong-account', message: 'This screen was opened for another account, so nothing was done.', detail: `deliverOrder named ${ACCOUNT}; current account demo` },
  };
  it.each([
    [
      'the local server is down (fetch rejects)',
      () =>
        httpScoped(() => {
          throw new TypeError('Failed to fetch');
        }),
      LOCAL_SERVICE_NOT_ANSWERING,
    ],
    ['a stale secret after a restart (HTTP 403)', () => httpScoped(() => json({ error: 'Missing or wrong bridge secret' }, 403)), PAGE_NOT_ACCEPTED],
    ['another account is current (wrong-account)', () => httpScoped(() => json(wrongAccount)), 'another account'],
    [
      'the account scope closed before the call (a switch under way)',
      () => {
        const scoped = scopeBridge(testBridgeClient({ deliverOrder: async () => ({ outcome: 'accepted', orderId: 1 }) }), { accountKey: ACCOUNT });
        scoped.close();
        return scoped.client;
      },
      SWITCHING_MESSAGE,
    ],
  ])('%s', async (_label, bridge, said) => {
    const outbox = await outboxOver(bridge());
    const entry = await outbox.sendTakeaway({ name: 'Ona', lines: [demoLines.cana()] });
    await expect.poll(async () => (await outbox.db.entries.get(entry.id))?.attempts).toBe(1);
    await expect.poll(async () => (await outbox.db.entries.get(entry.id))?.lastError).not.toBeNull();
    const after = (await outbox.db.entries.get(entry.id))!;
    expect(after).toMatchObject({ state: 'queued', pending: 1, lastError: { kind: 'not-sent:not-reached' } });
    expect(after.lastError!.message).toContain(said);
    expect(after.lastError!.message).toMatch(/did not leave this terminal/);
    expect(Date.parse(after.retryAt!)).toBeGreaterThan(Date.parse(after.lastAttemptAt!));
  });

  it('a delivery on its way when the account scope closed keeps its known outcome', async () => {
    let answer!: (outcome: DeliveryOutcome) => void;
    const scoped = scopeBridge(
      testBridgeClient({ deliverOrder: () => new Promise<DeliveryOutcome>((done) => (answer = done)), onEvent: () => () => {} }),
      { accountKey: ACCOUNT },
    );
    const outbox = await outboxOver(scoped.client);
    const entry = await outbox.sendTakeaway({ name: 'Ona', lines: [demoLines.cana()] });
    await expect.poll(async () => (await outbox.db.entries.get(entry.id))?.state).toBe('sending');
    await expect.poll(() => answer).toBeTypeOf('function');
    scoped.close();
    answer({ outcome: 'accepted', orderId: 31 });
    await expect.poll(async () => (await outbox.db.entries.get(entry.id))?.state).toBe('accepted');
  });
});
