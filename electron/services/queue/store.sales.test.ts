// A shop's sale (POST R/orders) and its invoice (after it) in the real queue
// store (SQLite files in a temporary folder) and through the real dispatcher: the invoice waits,
// gets the order id its sale was accepted with, keeps its number; "already invoiced" after an
// unconfirmed attempt is evidence; a refused sale takes its invoice with it.
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryContext, DeliveryOutcome, DeliveryRequest } from '../../../shared/bridge';
import { createFakeClock } from '../gateway/fakeClock.testing';
import { anySale, cardAndCash, retailOrder, saleDrafts } from '../retail/delivery.testing';
import { startQueueDispatcher, type QueueDispatcher } from './dispatcher';
import { customerDraft, fakeConnection } from './dispatcher.testing';
import { sendableEntries } from './outcomes';
import { QueueInputError, type QueueStore } from './store';
import { newService, queueStoreFixture, roundDraft, seatingDraft } from './store.testing';

const clock = createFakeClock(Date.parse('2026-11-23T12:00:00Z'));
const fixture = queueStoreFixture({ now: () => new Date(clock.now()) });
const running: Array<{ dispatcher: QueueDispatcher; delivery: ReturnType<typeof contextDelivery> }> = [];
afterEach(async () => {
  const stopped = running.map(({ dispatcher }) => dispatcher.stop());
  for (const { delivery } of running.splice(0)) delivery.answerOpen({ outcome: 'unknown', code: 'order-unconfirmed' });
  await Promise.all(stopped);
  fixture.cleanUp();
});

interface Call {
  request: DeliveryRequest;
  context: DeliveryContext;
  answer(outcome: DeliveryOutcome): void;
}

/** A `deliver` that keeps what the dispatcher handed over, answered by the test. */
function contextDelivery() {
  const calls: Call[] = [];
  const open = new Set<Call>();
  let waiters: Array<() => void> = [];
  return {
    calls,
    deliver: (request: DeliveryRequest, context: DeliveryContext) =>
      new Promise<DeliveryOutcome>((resolve) => {
        const call: Call = {
          request,
          context,
          answer: (outcome) => {
            if (open.delete(call)) resolve(outcome);
          },
        };
        open.add(call);
        calls.push(call);
        const wake = waiters;
        waiters = [];
        for (const w of wake) w();
      }),
    answerOpen(outcome: DeliveryOutcome) {
      for (const call of [...open]) call.answer(outcome);
    },
    async waitForCalls(n: number) {
      while (calls.length < n) await new Promise<void>((wake) => waiters.push(wake));
    },
  };
}

function run(store: QueueStore) {
  const delivery = contextDelivery();
  const dispatcher = startQueueDispatcher({ store, deliver: delivery.deliver, connection: fakeConnection('online'), now: clock.now, setTimer: clock.setTimer });
  running.push({ dispatcher, delivery });
  return { dispatcher, delivery };
}

function refusal(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof QueueInputError) return error.message.replace(/^order-not-saved: /, '');
    throw error;
  }
  throw new Error('expected the store to refuse');
}

describe('shop sales in the queue store', () => {
  it('stores a sale and its invoice; only the sale may leave while the sale is pending', () => {
    const { store } = fixture.open();
    const { sale, invoice } = anySale();
    const storedSale = store.submit(sale);
    const storedInvoice = store.submit(invoice);
    expect(storedSale).toMatchObject({ kind: 'sale', state: 'queued', place: { kind: 'sale' }, request: sale.request });
    expect(storedInvoice).toMatchObject({ kind: 'invoice', after: sale.id, request: invoice.request });
    // The same draft again (its answer was lost): stored once.
    expect(store.submit(invoice).seq).toBe(storedInvoice.seq);
    expect(sendableEntries(store.pending(), { inFlight: new Set(), now: clock.now(), capacity: 5 }).map((e) => e.id)).toEqual([sale.id]);
  });

  it('refuses what cannot be a shop sale', () => {
    const { store } = fixture.open();
    const { sale, invoice, totalCents } = anySale();
    expect(refusal(() => store.submit({ ...invoice, after: null }))).toBe('an invoice waits for its sale');
    expect(refusal(() => store.submit(invoice))).toMatch(/is not in the queue/);
    expect(refusal(() => store.submit({ ...sale, tableIds: [4] }))).toBe('a sale has no table');
    expect(refusal(() => store.submit({ ...sale, totalCents: totalCents + 1 }))).toBe('the sale says another total than the order sent');
    expect(refusal(() => store.submit({ ...sale, kind: 'takeaway' }))).toBe("a takeaway cannot send a shop's request");
    expect(refusal(() => store.submit({ ...sale, request: invoice.request }))).toBe('a sale must send a retail order');
    expect(refusal(() => store.submit({ ...sale, after: sale.id }))).toBe('a sale waits for no other entry');

    store.submit(sale);
    // Payments that do not add up to the order's total to the cent (Σ amount − Σ change).
    const short = cardAndCash(totalCents - 1, { card: 1, cash: 2 });
    expect(refusal(() => store.submit({ ...invoice, request: { kind: 'retail-invoice', invoice: { payments: short } } }))).toMatch(
      /add up to \d+ cents, the sale's total is \d+/,
    );
    // An invoice waits for a sale, nothing else.
    const customer = store.submit(customerDraft('Ona'));
    expect(refusal(() => store.submit({ ...invoice, after: customer.id }))).toBe('an invoice waits for its sale');
    expect(store.submit(invoice)).toMatchObject({ state: 'queued', after: sale.id });
  });

  it('refuses an invoice for a sale that ended unsent', () => {
    const { store } = fixture.open();
    const { sale, invoice } = anySale();
    store.submit(sale);
    store.discard(sale.id);
    expect(refusal(() => store.submit(invoice))).toMatch(/ended discarded/);
  });
});

describe('shop sales through the dispatcher', () => {
  it('sends the sale, then its invoice with the order id the sale was accepted with, and keeps the invoice number', async () => {
    const { store } = fixture.open();
    const { sale, invoice } = anySale();
    store.submit(sale);
    store.submit(invoice);
    const { dispatcher, delivery } = run(store);
    await delivery.waitForCalls(1);
    // Two may leave at once (different tables or none): the invoice was not chosen with its sale.
    expect(delivery.calls).toHaveLength(1);
    expect(delivery.calls[0]).toMatchObject({ request: sale.request, context: { afterOrderId: null, afterUnconfirmed: false } });
    delivery.calls[0]!.answer({ outcome: 'accepted', orderId: 4711 });
    await delivery.waitForCalls(2);
    expect(delivery.calls[1]).toMatchObject({ request: invoice.request, context: { afterOrderId: 4711, afterUnconfirmed: false } });
    delivery.calls[1]!.answer({ outcome: 'accepted', orderId: 4711, invoice: { id: 9, number: 'E-9' } });
    await dispatcher.idle();
    expect(store.get(sale.id)).toMatchObject({ state: 'accepted', orderId: 4711, pending: 0 });
    expect(store.get(invoice.id)).toMatchObject({ state: 'accepted', orderId: 4711, acceptedBy: 'server', answer: { invoiceId: 9, invoiceNumber: 'E-9' } });
    expect(store.pending()).toEqual([]);
  });

  it('a sale refused by the shop takes its invoice with it: never sent', async () => {
    const { store } = fixture.open();
    const first = anySale();
    const second = anySale();
    for (const draft of [first.sale, first.invoice, second.sale, second.invoice]) store.submit(draft);
    const { dispatcher, delivery } = run(store);
    await delivery.waitForCalls(2);
    expect(delivery.calls.map((c) => c.request)).toEqual([first.sale.request, second.sale.request]);
    delivery.calls[0]!.answer({
      outcome: 'rejected',
      reason: 'invalid',
      code: 'server-rejected',
      params: { status: 422, said: 'The given data was invalid.' },
    });
    delivery.calls[1]!.answer({ outcome: 'accepted', orderId: 8 });
    await delivery.waitForCalls(3);
    expect(delivery.calls[2]).toMatchObject({ request: second.invoice.request, context: { afterOrderId: 8 } });
    delivery.calls[2]!.answer({ outcome: 'accepted', orderId: 8, invoice: { id: 2, number: 'E-2' } });
    await dispatcher.idle();
    await clock.advance(60_000);
    expect(delivery.calls).toHaveLength(3);
    expect(store.get(first.sale.id)).toMatchObject({ state: 'rejected', pending: 1 });
    expect(store.get(first.invoice.id)).toMatchObject({ pending: 0, resolution: 'discarded', lastError: { kind: 'discarded-with' } });
    expect(store.pending().map((e) => e.id)).toEqual([first.sale.id]);
  });

  it('an invoice whose answer was lost waits for a person; resent, "already invoiced" is evidence it arrived', async () => {
    const { store } = fixture.open();
    const { sale, invoice } = anySale();
    store.submit(sale);
    store.submit(invoice);
    const { dispatcher, delivery } = run(store);
    await delivery.waitForCalls(1);
    delivery.calls[0]!.answer({ outcome: 'accepted', orderId: 31 });
    await delivery.waitForCalls(2);
    delivery.calls[1]!.answer({ outcome: 'unknown', code: 'order-unconfirmed', detail: 'POST orders/{id}/invoices — timeout' });
    await dispatcher.idle();
    await clock.advance(120_000);
    expect(delivery.calls).toHaveLength(2); // never resent by itself
    expect(store.get(invoice.id)).toMatchObject({ state: 'unconfirmed', pending: 1, afterUnconfirmed: true });

    store.resend(invoice.id);
    await delivery.waitForCalls(3);
    expect(delivery.calls[2]).toMatchObject({ request: invoice.request, context: { afterOrderId: 31, afterUnconfirmed: true } });
    delivery.calls[2]!.answer({ outcome: 'accepted', orderId: 31, evidence: 'already-invoiced' });
    await dispatcher.idle();
    expect(store.get(invoice.id)).toMatchObject({
      state: 'accepted',
      pending: 0,
      orderId: 31,
      acceptedBy: 'already-invoiced-evidence',
      lastError: { kind: 'already-invoiced', code: 'invoice-confirmed-by-already-invoiced' },
    });
  });

  it('a sale marked done by a person without an order id: its invoice leaves with none (the delivery refuses it)', async () => {
    const { store } = fixture.open();
    const { sale, invoice } = anySale();
    store.submit(sale);
    store.submit(invoice);
    const { dispatcher, delivery } = run(store);
    await delivery.waitForCalls(1);
    delivery.calls[0]!.answer({ outcome: 'unknown', code: 'order-unconfirmed' });
    await dispatcher.idle();
    store.markDone(sale.id);
    await delivery.waitForCalls(2);
    expect(delivery.calls[1]).toMatchObject({ request: invoice.request, context: { afterOrderId: null, afterUnconfirmed: false } });
  });

  it("leaves the venue's entries as they were: a round still gets no order id handed over", async () => {
    const { store } = fixture.open();
    const service = newService([{ id: 5, name: 'T5' }]);
    store.seat(service, [seatingDraft(service)]);
    store.submit(roundDraft(service));
    const { delivery } = run(store);
    await delivery.waitForCalls(1);
    delivery.calls[0]!.answer({ outcome: 'accepted', orderId: 1 });
    await delivery.waitForCalls(2);
    expect(delivery.calls[1]!.context).toEqual({ afterOrderId: null, afterUnconfirmed: false });
  });

  it('a sale from a basket with a discount-free order and cash only adds up to the cent', () => {
    const { store } = fixture.open();
    const order = retailOrder([{ productId: 7, name: 'Taza', priceCents: 333, taxPercentHundredths: 2100, quantity: 3 }]);
    const { sale, invoice } = saleDrafts(order, [{ amount: 10, change: 0.01, extra: 0, payment_method_id: 2 }]);
    store.submit(sale);
    expect(store.submit(invoice)).toMatchObject({ kind: 'invoice' });
  });
});
