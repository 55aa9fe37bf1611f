import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexCatalog } from '../../../../shared/domain/catalog';
import { evaluateLine } from '../../../../shared/domain/line';
import { demoRecords } from '../../../../shared/domain/testing';
import type { CatalogDb } from '../../data/catalog/catalogDb';
import { openOutbox } from '../../data/queue/outboxClient';
import { createQueueStore } from '../../data/queue/queueStore';
import { demoCatalogDb, fakeQueueBridge } from '../../data/queue/queueTesting';
import { useCustomersStore } from '../../session/customersStore';
import { COUNTER_TICKET, useOrderStore } from '../../session/orderStore';
import { seatTables } from './seatTables';
import type { OrderTarget } from '../../session/navigation';

const catalog = indexCatalog(demoRecords());
const catalogs: CatalogDb[] = [];

async function setup() {
  const db = await demoCatalogDb();
  catalogs.push(db);
  const main = fakeQueueBridge();
  const outbox = openOutbox({ bridge: main, store: createQueueStore(), catalogDb: () => db });
  const opened: OrderTarget[] = [];
  return { main, outbox, opened, deps: { outbox, openOrder: (target: OrderTarget) => void opened.push(target) } };
}

function addCanaToCounter() {
  const result = evaluateLine({ itemId: 10, quantity: 1 }, catalog);
  if (!result.ok) throw new Error(result.reasons.join('; '));
  useOrderStore.getState().addLine({ itemId: 10, quantity: 1 }, result.line);
}

const values = { guests: 3, customer: null, notes: '' };

beforeEach(() => {
  useOrderStore.setState({ ticketKey: COUNTER_TICKET, parked: {} });
  useOrderStore.getState().clearTicket();
  useCustomersStore.getState().chooseForTable({ id: 7, name: 'Ana', email: null, phone: null });
});
afterEach(async () => {
  for (const db of catalogs.splice(0)) await db.delete();
});

describe('seating tables', () => {
  it("seats the guests with the counter ticket, then empties it and opens the table's order", async () => {
    const { main, opened, deps } = await setup();
    addCanaToCounter();
    const result = await seatTables([{ id: 5, name: '5' }], values, deps);
    expect(main.calls).toEqual(['seatService']);
    expect(result.seating).toMatchObject({ kind: 'seating', tableIds: [5], totalCents: 250 });
    expect(useOrderStore.getState().counterLines()).toEqual([]);
    expect(useCustomersStore.getState().forTable).toBeNull();
    expect(opened).toEqual([{ kind: 'service', serviceId: result.service.id }]);
  });

  it('changes nothing when the table was just seated elsewhere', async () => {
    const { outbox, opened, deps } = await setup();
    await outbox.seat({ tables: [{ id: 5, name: '5' }], guests: 2, customer: null, notes: '' });
    addCanaToCounter();
    await expect(seatTables([{ id: 5, name: '5' }], values, deps)).rejects.toMatchObject({ name: 'OutboxInputError' });
    expect(useOrderStore.getState().counterLines()).toHaveLength(1);
    expect(useCustomersStore.getState().forTable).toMatchObject({ id: 7 });
    expect(opened).toEqual([]);
  });
});
