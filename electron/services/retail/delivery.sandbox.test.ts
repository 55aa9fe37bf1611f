import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeliveryContext, EntryDraft } from '../../../shared/bridge';
import { DEMO_SHOP } from '../../sandbox/retail';
import { fakeConnection } from '../queue/dispatcher.testing';
import { openQueueService, type QueueService } from '../queue/service';
import { deliverRetail } from './delivery';
import { cardAndCash, orderTotalCents, retailOrder, saleDrafts, type SaleItem } from './delivery.testing';
import { createRetailGateway, type RetailGateway } from './gateway';
import { createRetailLimiter } from './limiter';
import { useDemoShopSandbox } from '../../sandbox/retail/demoShop.testing';

// Shop sales through the queue (docs/decisions.md "Sales through the queue") against the real retail sandbox serving the demo shop: deliverRetail sends a
// sale's order then its invoice once each, to the cent; "already invoiced" is evidence only after
// an unconfirmed attempt; and sales made while the shop is offline leave through the real queue
// (SQLite store + dispatcher) when it returns, each once, every order before its invoice.

const sandbox = useDemoShopSandbox({ resetEach: true });

const account = () => sandbox().app.state.account(DEMO_SHOP.username)!;
const ledgerOf = (orderId: number) => sandbox().app.state.ledger.filter((e) => e.tenant === DEMO_SHOP.username && e.orderId === orderId);

function gateway(): RetailGateway {
  return createRetailGateway({
    baseUrl: sandbox().url,
    username: DEMO_SHOP.username,
    token: async () => DEMO_SHOP.accessToken,
    limiter: createRetailLimiter(),
    timeoutMs: 10_000,
  });
}

/** Plain products of the demo shop (not variant masters, not by weight), with their tax. */
function items(count: number, offset = 0): SaleItem[] {
  const shop = account();
  const sellable = shop.products.filter((p) => p.type !== 5 && !p.usesWeight && p.price > 0 && p.active);
  return sellable.slice(offset, offset + count).map((p, i) => ({
    productId: p.id,
    name: p.name,
    priceCents: p.price,
    taxPercentHundredths: shop.taxes.find((t) => t.id === p.tax_id)!.percentage,
    quantity: i + 1,
  }));
}

function methods() {
  const shop = account();
  return { cash: shop.paymentMethods.find((m) => m.cash)!.id, card: shop.paymentMethods.find((m) => !m.cash)!.id };
}

const fresh: DeliveryContext = { afterOrderId: null, afterUnconfirmed: false };

function requestOf<K extends 'retail-order' | 'retail-invoice'>(draft: EntryDraft, kind: K) {
  const request = draft.request;
  if (request.kind !== kind) throw new Error(`expected ${kind}`);
  return request as Extract<EntryDraft['request'], { kind: K }>;
}

describe('deliverRetail against the retail sandbox', () => {
  it('an order then its invoice arrive once each, every amount to the cent', async () => {
    const order = retailOrder(items(3));
    const totalCents = orderTotalCents(order);
    const payments = cardAndCash(totalCents, methods());
    const { sale, invoice } = saleDrafts(order, payments);
    const retail = gateway();

    const placed = await deliverRetail(retail, sale.request, fresh);
    expect(placed).toEqual({ outcome: 'accepted', orderId: expect.any(Number) });
    const orderId = placed.outcome === 'accepted' ? placed.orderId! : -1;
    const invoiced = await deliverRetail(retail, invoice.request, { afterOrderId: orderId, afterUnconfirmed: false });
    expect(invoiced).toEqual({ outcome: 'accepted', orderId, invoice: { id: expect.any(Number), number: expect.stringMatching(/^E-\d+$/) } });

    expect(ledgerOf(orderId).map((e) => e.kind)).toEqual(['order', 'invoice']);
    const stored = account().orders.find((o) => o.id === orderId)!;
    expect(stored).toMatchObject({ status: 1, total: totalCents, sum: totalCents, tax: Math.round(order.tax * 100) });
    // The ledger holds the bodies as they arrived: the same numbers the entry stored.
    expect(ledgerOf(orderId)[0]!.payload).toMatchObject({ total: order.total, tax: order.tax, sum: order.sum });
    const paid = payments.reduce((sum, p) => sum + Math.round(p.amount * 100) - Math.round(p.change * 100), 0);
    expect(paid).toBe(totalCents);
    expect(ledgerOf(orderId)[1]!.payload).toMatchObject({ payments: payments.map((p) => expect.objectContaining({ payment_method_id: p.payment_method_id })) });
  });

  it('"already invoiced": a refusal on a fresh attempt, evidence after an unconfirmed one', async () => {
    const order = retailOrder(items(1, 3));
    const { sale, invoice } = saleDrafts(order, cardAndCash(orderTotalCents(order), methods()));
    const retail = gateway();
    const placed = await deliverRetail(retail, sale.request, fresh);
    const orderId = placed.outcome === 'accepted' ? placed.orderId! : -1;
    await deliverRetail(retail, invoice.request, { afterOrderId: orderId, afterUnconfirmed: false });

    expect(await deliverRetail(retail, invoice.request, { afterOrderId: orderId, afterUnconfirmed: false })).toMatchObject({
      outcome: 'rejected',
      reason: 'invalid',
      code: 'server-rejected',
      params: { status: 422, said: expect.stringMatching(/already invoiced/i) },
    });
    expect(await deliverRetail(retail, invoice.request, { afterOrderId: orderId, afterUnconfirmed: true })).toEqual({
      outcome: 'accepted',
      orderId,
      evidence: 'already-invoiced',
    });
    expect(ledgerOf(orderId).map((e) => e.kind)).toEqual(['order', 'invoice']);
  });

  it("sends nothing for an invoice without its order id, nor for a venue's request", async () => {
    const order = retailOrder(items(1));
    const { invoice } = saleDrafts(order, cardAndCash(orderTotalCents(order), methods()));
    const before = sandbox().app.state.ledger.length;
    expect(await deliverRetail(gateway(), invoice.request, fresh)).toMatchObject({ outcome: 'rejected', reason: 'refused', code: 'invoice-order-unknown' });
    expect(await deliverRetail(gateway(), { kind: 'customer', customer: { name: 'Ona', active: 1 } }, fresh)).toMatchObject({
      outcome: 'rejected',
      code: 'not-a-venue',
    });
    expect(sandbox().app.state.ledger.length).toBe(before);
  });

  it('a shop that cannot be reached: not sent (the queue keeps it), nothing arrives', async () => {
    const order = retailOrder(items(1));
    const { sale } = saleDrafts(order, cardAndCash(orderTotalCents(order), methods()));
    sandbox().app.faults.set({ offline: true });
    try {
      expect(await deliverRetail(gateway(), sale.request, fresh)).toMatchObject({ outcome: 'not-sent', reason: 'offline' });
    } finally {
      sandbox().app.faults.set({});
    }
    expect(sandbox().app.state.ledger).toEqual([]);
  });
});

describe('shop sales through the queue while the shop is offline', () => {
  let dataDir: string;
  let service: QueueService | null = null;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'comanda-shop-queue-'));
  });
  afterAll(async () => {
    await service?.close();
    sandbox().app.faults.set({});
    await rm(dataDir, { recursive: true, force: true });
  });

  it('three sales made offline arrive once each when it returns, every order before its invoice', async () => {
    const retail = gateway();
    const connection = fakeConnection('online');
    service = openQueueService({
      dataDir,
      accountKey: 'shop:demo',
      deliver: (request, context) => deliverRetail(retail, request, context),
      connection,
      changeIntervalMs: 0,
    });
    sandbox().app.faults.set({ offline: true });

    const sales = [0, 1, 2].map((i) => {
      const order = retailOrder(items(2, i * 2));
      return { ...saleDrafts(order, cardAndCash(orderTotalCents(order), methods())), order };
    });
    for (const { sale, invoice } of sales) {
      await service.handlers.submitEntry({ draft: sale });
      await service.handlers.submitEntry({ draft: invoice });
    }
    // The dispatcher tried and was told "offline": everything still queued, nothing arrived.
    await vi.waitFor(() => expect(service!.store!.get(sales[0]!.sale.id)?.lastError?.kind).toBe('not-sent:offline'), { timeout: 10_000 });
    // The dispatcher may still be trying the next sale; it too goes back to queued.
    await vi.waitFor(() => expect(service!.store!.pending().map((e) => e.state)).toEqual(Array(6).fill('queued')), { timeout: 10_000, interval: 20 });
    expect(sandbox().app.state.ledger).toEqual([]);

    // The shop is back: the dispatcher's next try (within a second) delivers everything.
    sandbox().app.faults.set({});
    await vi.waitFor(() => expect(service!.store!.pending()).toEqual([]), { timeout: 15_000, interval: 50 });
    await service.idle();

    const ledger = sandbox().app.state.ledger.filter((e) => e.tenant === DEMO_SHOP.username);
    expect(ledger.filter((e) => e.kind === 'order')).toHaveLength(3);
    expect(ledger.filter((e) => e.kind === 'invoice')).toHaveLength(3);
    for (const { sale, invoice, order } of sales) {
      const stored = service.store!.get(sale.id)!;
      expect(stored).toMatchObject({ state: 'accepted', orderId: expect.any(Number) });
      const kinds = ledger.map((e, i) => ({ ...e, i })).filter((e) => e.orderId === stored.orderId);
      expect(kinds.map((e) => e.kind)).toEqual(['order', 'invoice']);
      expect(service.store!.get(invoice.id)).toMatchObject({
        state: 'accepted',
        orderId: stored.orderId,
        answer: { invoiceNumber: expect.stringMatching(/^E-\d+$/) },
      });
      expect(account().orders.find((o) => o.id === stored.orderId)).toMatchObject({ status: 1, total: orderTotalCents(order) });
      expect(requestOf(invoice, 'retail-invoice').invoice.payments.length).toBeGreaterThan(0);
    }
  }, 40_000);
});
