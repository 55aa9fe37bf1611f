import { describe, expect, it } from 'vitest';
import type { BridgeEvent, OutboxEntry } from '../../../../../shared/bridge';
import type { Receipt } from './receiptModel';
import { createReceiptStore, KEPT_RECEIPTS, receiptSelectors, startInvoiceFollower } from './receiptStore';

const receipt = (n: number, fields: Partial<Receipt> = {}): Receipt => ({
  saleId: `sale-${n}`,
  invoiceEntryId: `invoice-${n}`,
  accountKey: 'shop:demo',
  shop: { demo: true, name: '' },
  closedAt: 0,
  customerName: null,
  lines: [],
  sumCents: 100,
  discountCents: 0,
  orderDiscountCents: 0,
  totalCents: 100,
  taxCents: 17,
  subtotalCents: 83,
  taxes: [],
  payments: [],
  tenderedCents: 0,
  changeCents: 0,
  invoice: { state: 'pending' },
  ...fields,
});

/** A queue entry as getEntries answers it: only the fields the follower reads matter. */
const entry = (id: string, fields: Partial<OutboxEntry>): OutboxEntry => ({ id, state: 'queued', resolution: null, answer: null, ...fields }) as OutboxEntry;

/** A bridge whose invoice entries the test changes, with events it fires. */
function fakeBridge() {
  const entries = new Map<string, OutboxEntry>();
  const listeners = new Set<(event: BridgeEvent) => void>();
  const reopen = new Set<() => void>();
  const calls: string[][] = [];
  let failNext = false;
  return {
    entries,
    calls,
    listeners,
    failOnce: () => (failNext = true),
    bridge: {
      getEntries: async ({ ids }: { ids: string[] }) => {
        calls.push(ids);
        if (failNext) {
          failNext = false;
          throw new Error('not answering');
        }
        return { entries: ids.flatMap((id) => (entries.has(id) ? [entries.get(id)!] : [])) };
      },
      onEvent: (listener: (event: BridgeEvent) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    onReopen: (listener: () => void) => {
      reopen.add(listener);
      return () => reopen.delete(listener);
    },
    queueChanged: () => {
      for (const listener of [...listeners]) listener({ type: 'queue-changed', revision: 1, storageProblem: null });
    },
    reopened: () => {
      for (const listener of [...reopen]) listener();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the receipts store', () => {
  it('keeps the newest receipts first, at most KEPT_RECEIPTS, one per sale', () => {
    const store = createReceiptStore();
    for (let n = 1; n <= KEPT_RECEIPTS + 2; n++) store.getState().record(receipt(n));
    store.getState().record(receipt(KEPT_RECEIPTS + 2, { totalCents: 5 }));
    const { receipts } = store.getState();
    expect(receipts).toHaveLength(KEPT_RECEIPTS);
    expect(receipts[0]).toMatchObject({ saleId: `sale-${KEPT_RECEIPTS + 2}`, totalCents: 5 });
    expect(receipts.at(-1)!.saleId).toBe('sale-3');
  });

  it('offers as "last" only a receipt of the account in use', () => {
    const store = createReceiptStore();
    store.getState().record(receipt(1, { accountKey: 'shop:a' }));
    store.getState().record(receipt(2, { accountKey: 'shop:b' }));
    expect(receiptSelectors.last('shop:a')(store.getState())?.saleId).toBe('sale-1');
    expect(receiptSelectors.last('shop:b')(store.getState())?.saleId).toBe('sale-2');
    expect(receiptSelectors.last('shop:c')(store.getState())).toBeNull();
    expect(receiptSelectors.byId('sale-1')(store.getState())?.accountKey).toBe('shop:a');
  });
});

describe('following the invoice', () => {
  it('says pending until the invoice is accepted, then shows its number; listens only while something is pending', async () => {
    const fake = fakeBridge();
    const store = createReceiptStore();
    const follower = startInvoiceFollower({ bridge: fake.bridge, store, onReopen: fake.onReopen });
    expect(fake.listeners.size).toBe(0);

    store.getState().record(receipt(1));
    await settle();
    expect(fake.listeners.size).toBe(1);
    expect(fake.calls).toEqual([['invoice-1']]);
    expect(store.getState().receipts[0]!.invoice).toEqual({ state: 'pending' });

    // Offline: queued, then sending… still pending.
    fake.entries.set('invoice-1', entry('invoice-1', { state: 'sending' }));
    fake.queueChanged();
    await settle();
    expect(store.getState().receipts[0]!.invoice).toEqual({ state: 'pending' });

    fake.entries.set('invoice-1', entry('invoice-1', { state: 'accepted', pending: 0, answer: { invoiceId: 4, invoiceNumber: 'E-12' } }));
    fake.queueChanged();
    await settle();
    expect(store.getState().receipts[0]!.invoice).toEqual({ state: 'numbered', number: 'E-12' });
    // Nothing pending: no more events listened to.
    expect(fake.listeners.size).toBe(0);
    follower.stop();
  });

  it('reads an invoice accepted before it listened, after a failed read, and when the stream reopens', async () => {
    const fake = fakeBridge();
    const store = createReceiptStore();
    store.getState().record(receipt(1));
    fake.failOnce();
    const follower = startInvoiceFollower({ bridge: fake.bridge, store, onReopen: fake.onReopen, retryAfterMs: 1 });
    await settle();
    expect(store.getState().receipts[0]!.invoice).toEqual({ state: 'pending' });

    // A second sale while the first is pending: both are read.
    fake.entries.set('invoice-2', entry('invoice-2', { state: 'accepted', acceptedBy: 'already-invoiced-evidence', answer: null }));
    store.getState().record(receipt(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().receipts.find((r) => r.saleId === 'sale-2')!.invoice).toEqual({ state: 'issued' });
    expect(fake.calls.some((ids) => ids.includes('invoice-1') && ids.includes('invoice-2'))).toBe(true);

    // An event missed while the stream was down: read again when it reopens.
    fake.entries.set('invoice-1', entry('invoice-1', { state: 'queued', resolution: 'discarded' }));
    fake.reopened();
    await settle();
    expect(store.getState().receipts.find((r) => r.saleId === 'sale-1')!.invoice).toEqual({ state: 'none' });
    expect(fake.listeners.size).toBe(0);
    follower.stop();
  });

  it('stops for good', async () => {
    const fake = fakeBridge();
    const store = createReceiptStore();
    const follower = startInvoiceFollower({ bridge: fake.bridge, store, onReopen: fake.onReopen });
    store.getState().record(receipt(1));
    await settle();
    follower.stop();
    expect(fake.listeners.size).toBe(0);
    fake.entries.set('invoice-1', entry('invoice-1', { state: 'accepted', answer: { invoiceNumber: 'E-1' } }));
    fake.queueChanged();
    await settle();
    expect(store.getState().receipts[0]!.invoice).toEqual({ state: 'pending' });
  });
});
