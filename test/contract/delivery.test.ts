// deliver() — what the main side's queue dispatcher sends each entry with — against the real sandbox
// (ARCHITECTURE §5): each outcome the queue relies on, checked against the
// sandbox's ledger — what the server really holds.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../electron/sandbox';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { deliver } from '../../electron/services/queue/delivery';
import { createGateway, type Gateway } from '../../electron/services/gateway';
import type { DeliveryRequest } from '../../shared/bridge';
import { seatingRequest } from '../../renderer/src/data/queue/orderRequests';
import { indexCatalog } from '../../shared/domain/catalog';
import { allOrders, ITEM, ledger, PIVOT, resetSandbox, startFixtureSandbox } from './orderFixtures';

const DEMO = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };

let sandbox: RunningSandbox;
let gateway: Gateway;

beforeAll(async () => {
  sandbox = await startFixtureSandbox();
  gateway = createGateway({ baseUrl: sandbox.url, secrets: async () => DEMO, timeoutMs: 5_000, requestsPerMinute: 100_000 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  await setFaults({ offline: false, dropRate: 0, errorRate: 0, errorStatus: 500, loseResponseRate: 0, latencyMs: 0 });
  await resetSandbox(sandbox.url);
});

async function setFaults(faults: Record<string, unknown>): Promise<void> {
  const answer = await controlRequest(sandbox.url, '/__sandbox/faults', { body: faults });
  expect(answer.status).toBe(200);
}

const seating = (tables: number[]): DeliveryRequest => ({
  kind: 'seating',
  data: { customer: null, notes: 'Reserva', table_id: tables, guests: 3, contents: [{ item_id: ITEM.cafe, itemPrice: 1.8, quantity: 2 }], payments: null },
});

/** A round for table 6: 2 × café (1.80) with extra cheese (0.50) and a caña at 1.00: 5.60. */
const round = (extraId: string, total: number = 5.6): DeliveryRequest => ({
  kind: 'order',
  order: {
    order: {
      total,
      table_id: 6,
      extraId,
      contents: [
        { item_id: ITEM.cafe, itemPrice: 1.8, quantity: 2, modifiers: [{ id: 72, name: 'Extra de queso', price: 0.5 }] },
        { item_id: ITEM.cerveza, itemPrice: 0, modifiers: [{ id: PIVOT.cana, price: 1 }] },
      ],
    },
  },
});

async function loyaltyEntriesWith(extraId: string) {
  return (await ledger(sandbox.url)).filter((e) => e.kind === 'loyalty' && (e.payload.order as { extraId?: string } | undefined)?.extraId === extraId);
}

describe('deliver() against the sandbox', () => {
  it('a seating is accepted with its Flow id; the same table again is table-busy', async () => {
    const first = await deliver(gateway, seating([2]));
    expect(first).toMatchObject({ outcome: 'accepted' });
    const flows = (await ledger(sandbox.url)).filter((e) => e.kind === 'flow');
    expect(flows.map((e) => e.orderId)).toEqual([first.outcome === 'accepted' ? first.orderId : -1]);

    const again = await deliver(gateway, seating([2]));
    expect(again).toMatchObject({ outcome: 'table-busy' });
    expect(again.outcome === 'table-busy' && again.detail).toMatch(/apiFlow/);
    expect((await ledger(sandbox.url)).filter((e) => e.kind === 'flow')).toHaveLength(1);
  });

  it('a seating’s deposit, as the seat dialog builds it, reaches the sandbox as the Flow order’s payment; a round joins it and the deposit counts', async () => {
    const noCatalog = indexCatalog({
      categories: [],
      items: [],
      sellingFormats: [],
      sellingFormatPivots: [],
      modifiers: [],
      modifierCategories: [],
      modifierGroups: [],
      modifierPivots: [],
      menuMenuCategories: [],
      menuMenuItemCategoryPivots: [],
    });
    const { request } = seatingRequest(
      { tableIds: [6], guests: 4, customer: { name: 'Marta' }, notes: '', lines: [], prepayment: { amountCents: 2000, methodId: 2, methodName: 'Cash' } },
      noCatalog,
    );
    const seated = await deliver(gateway, request);
    expect(seated).toMatchObject({ outcome: 'accepted' });
    const orderId = seated.outcome === 'accepted' ? seated.orderId : -1;
    const flow = (await ledger(sandbox.url)).find((e) => e.kind === 'flow' && e.orderId === orderId);
    expect(flow?.payload).toMatchObject({ payments: [{ amount: '20.00', payment_method_id: 2 }] });
    const order = () => allOrders(sandbox.url).then(({ orders }) => orders.find((o) => o.id === orderId));
    // Paid by its deposit and nothing ordered yet: the POS holds it open (the guests just sat down).
    expect(await order()).toMatchObject({ status: 'open', total: '0.00', payments: [{ amount: '20.00', payment_method_id: 2 }] });
    expect(await deliver(gateway, round('outbox-after-deposit'))).toMatchObject({ outcome: 'accepted', orderId });
    // 5.60 ordered against 20.00 paid: settled, as the bill says (shared/domain/bill.ts).
    expect(await order()).toMatchObject({ status: 'closed', total: '5.60', payments: [{ amount: '20.00', payment_method_id: 2 }] });
  });

  it('a valid loyalty order is accepted and the ledger holds it once, with its extraId', async () => {
    const outcome = await deliver(gateway, round('outbox-a1'));
    expect(outcome).toMatchObject({ outcome: 'accepted' });
    const held = await loyaltyEntriesWith('outbox-a1');
    expect(held).toHaveLength(1);
    expect(held[0]!.orderId).toBe(outcome.outcome === 'accepted' ? outcome.orderId : -1);
  });

  it('a total that does not add up is rejected invalid with the server message', async () => {
    const outcome = await deliver(gateway, round('outbox-bad', 5.5));
    expect(outcome).toMatchObject({ outcome: 'rejected', reason: 'invalid', code: 'server-rejected', params: { status: 422 } });
    if (outcome.outcome !== 'rejected') return;
    expect(outcome.params?.said).toContain('does not match the contents');
    expect(outcome.detail).toMatch(/HTTP 422/);
    expect(await loyaltyEntriesWith('outbox-bad')).toHaveLength(0);
  });

  // Needs the sandbox to refuse BEFORE writing 100 Continue (electron/sandbox/control/injectFaults.ts).
  it('sandbox offline: a loyalty order is not-sent offline and is not in the ledger', async () => {
    await setFaults({ offline: true });
    const outcome = await deliver(gateway, round('outbox-off'));
    expect(outcome).toMatchObject({ outcome: 'not-sent', reason: 'offline' });
    await setFaults({ offline: false });
    expect(await loyaltyEntriesWith('outbox-off')).toHaveLength(0);
    // Back online, the same entry goes through once.
    expect(await deliver(gateway, round('outbox-off'))).toMatchObject({ outcome: 'accepted' });
    expect(await loyaltyEntriesWith('outbox-off')).toHaveLength(1);
  });

  it('a dropped request is not-sent offline; a lost answer after commit is unknown and held once', async () => {
    await setFaults({ dropRate: 1 });
    expect(await deliver(gateway, round('outbox-drop'))).toMatchObject({ outcome: 'not-sent', reason: 'offline' });
    expect(await loyaltyEntriesWith('outbox-drop')).toHaveLength(0);

    await setFaults({ dropRate: 0, loseResponseRate: 1 });
    expect(await deliver(gateway, round('outbox-lost'))).toMatchObject({ outcome: 'unknown' });
    await setFaults({ loseResponseRate: 0 });
    expect(await loyaltyEntriesWith('outbox-lost')).toHaveLength(1);
  });

  it('a 5xx before 100 Continue is not-sent unavailable for a loyalty order; Flow cannot tell, so unknown', async () => {
    await setFaults({ errorRate: 1, errorStatus: 500 });
    expect(await deliver(gateway, round('outbox-5xx'))).toMatchObject({ outcome: 'not-sent', reason: 'unavailable' });
    expect(await deliver(gateway, seating([3]))).toMatchObject({ outcome: 'unknown' });
    await setFaults({ errorRate: 0 });
    expect(await loyaltyEntriesWith('outbox-5xx')).toHaveLength(0);
  });
});
