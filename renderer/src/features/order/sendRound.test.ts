import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BridgeError } from '../../../../shared/bridge';
import { evaluateLine } from '../../../../shared/domain/line';
import { indexCatalog } from '../../../../shared/domain/catalog';
import { demoRecords } from '../../../../shared/domain/testing';
import type { CatalogDb } from '../../data/catalog/catalogDb';
import { openOutbox } from '../../data/queue/outboxClient';
import { createQueueStore } from '../../data/queue/queueStore';
import { demoCatalogDb, fakeQueueBridge } from '../../data/queue/queueTesting';
import { formattersFor } from '../../i18n/format';
import { createI18n } from '../../i18n/i18n';
import { COUNTER_TICKET, useOrderStore } from '../../session/orderStore';
import { sendRound } from './sendRound';
import { useSendStore } from '../../session/sendStore';

const i18n = createI18n('en');
const t = i18n.getFixedT('en', 'order');
const placeT = i18n.getFixedT('en', 'pending');
const format = formattersFor('en');
const catalog = indexCatalog(demoRecords());
const catalogs: CatalogDb[] = [];

function addCana(quantity = 1) {
  const result = evaluateLine({ itemId: 10, quantity: 1 }, catalog);
  if (!result.ok) throw new Error(result.reasons.join('; '));
  for (let i = 0; i < quantity; i += 1) useOrderStore.getState().addLine({ itemId: 10, quantity: 1 }, result.line);
}

async function setup() {
  const db = await demoCatalogDb();
  catalogs.push(db);
  const main = fakeQueueBridge();
  const queue = createQueueStore();
  const outbox = openOutbox({ bridge: main, store: queue, catalogDb: () => db });
  const deps = { outbox, t, placeT, format, queue, warehouseId: () => null, now: () => new Date('2026-11-22T12:00:00Z') };
  return { main, queue, outbox, deps };
}

beforeEach(() => {
  useOrderStore.setState({ ticketKey: COUNTER_TICKET, parked: {} });
  useOrderStore.getState().clearTicket();
  useSendStore.getState().resetDrafts();
  useSendStore.getState().setStatus({ kind: 'idle' });
});
afterEach(async () => {
  for (const db of catalogs.splice(0)) await db.delete();
});

describe('sending the ticket', () => {
  it('sends a round to a seated table, then empties the ticket and says where it went', async () => {
    const { main, outbox, deps } = await setup();
    const { service } = await outbox.seat({ tables: [{ id: 5, name: '5' }], guests: 2, customer: null, notes: '' });
    addCana(2);
    const status = await sendRound({ kind: 'service', serviceId: service.id }, deps);
    expect(status).toEqual({ kind: 'saved', message: 'Saved — sending to the POS (Table 5).' });
    expect(main.calls).toEqual(['seatService', 'submitEntry']);
    expect([...main.entries.values()].find((e) => e.kind === 'round')).toMatchObject({ serviceId: service.id, totalCents: 500 });
    expect(useOrderStore.getState().lines).toEqual([]);
    expect(useSendStore.getState().status).toEqual(status);
  });

  it('keeps the ticket and names the field to correct, sending nothing', async () => {
    const { main, deps } = await setup();
    addCana();
    const status = await sendRound({ kind: 'takeaway' }, deps);
    expect(status).toMatchObject({ kind: 'failed', message: 'Not sent yet: Type the name of who collects it', detail: '' });
    expect(useSendStore.getState().errors).toEqual({ takeawayName: 'Type the name of who collects it' });
    expect(main.calls).toEqual([]);
    expect(useOrderStore.getState().lines).toHaveLength(1);
  });

  it('keeps the ticket and the forms when the terminal could not store it', async () => {
    const { main, deps } = await setup();
    addCana();
    useSendStore.getState().editTakeaway({ name: 'Ana' });
    main.failNextWith = new BridgeError({ kind: 'storage', code: 'queue-storage', detail: 'SQLITE_FULL' });
    const status = await sendRound({ kind: 'takeaway' }, deps);
    expect(status).toMatchObject({ kind: 'failed', message: t('failedNotSaved') });
    expect(useOrderStore.getState().lines).toHaveLength(1);
    expect(useSendStore.getState().takeaway.name).toBe('Ana');
  });
});
