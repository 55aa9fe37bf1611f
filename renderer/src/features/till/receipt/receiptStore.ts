import { create } from 'zustand';
import type { BridgeClient } from '../../../../../shared/bridge';
import { bridgeReopened } from '../../../bridge/reopened';
import { invoiceOf, saleReceipt, type Receipt, type ReceiptInvoice, type SaleReceiptInput } from './receiptModel';

// The receipts of this window's last sales, newest first, in memory: the receipt
// can be shown, printed and saved again after the pay dialog closed ("Last receipt" on the till).
//
// Why a store and not the queue entry: the sale's entry holds the order as sent, where a line with
// several promotions has one `discountObject` naming them together, its invoice's payments carry
// method ids (not the names the cashier saw) and cash handed over only as `amount`; and an accepted
// entry leaves the queue's snapshot. The receipt keeps what the cashier saw, and follows the invoice
// entry (getEntries on every `queue-changed`) for the number the shop's system gives it — offline
// the receipt says "pending" until the sale arrives. A reload forgets the receipts (the sale itself
// is in the main side's queue).

/** How many receipts a window keeps. */
export const KEPT_RECEIPTS = 10;

export interface ReceiptState {
  receipts: readonly Receipt[];
  record: (receipt: Receipt) => void;
  setInvoice: (saleId: string, invoice: ReceiptInvoice) => void;
}

export const createReceiptStore = () =>
  create<ReceiptState>()((set) => ({
    receipts: [],
    record: (receipt) => set((state) => ({ receipts: [receipt, ...state.receipts.filter((r) => r.saleId !== receipt.saleId)].slice(0, KEPT_RECEIPTS) })),
    setInvoice: (saleId, invoice) =>
      set((state) => {
        const index = state.receipts.findIndex((r) => r.saleId === saleId);
        const held = state.receipts[index];
        if (held === undefined || sameInvoice(held.invoice, invoice)) return state;
        const receipts = [...state.receipts];
        receipts[index] = { ...held, invoice };
        return { receipts };
      }),
  }));

export type ReceiptStoreApi = ReturnType<typeof createReceiptStore>;

/** The window's receipts. */
export const useReceiptStore: ReceiptStoreApi = createReceiptStore();

function sameInvoice(a: ReceiptInvoice, b: ReceiptInvoice): boolean {
  return a.state === b.state && (a.state !== 'numbered' || (b.state === 'numbered' && a.number === b.number));
}

export const receiptSelectors = {
  byId: (saleId: string) => (state: ReceiptState) => state.receipts.find((r) => r.saleId === saleId) ?? null,
  /** The newest receipt of this account (receipts of an account the window no longer shows are never offered). */
  last: (accountKey: string | null) => (state: ReceiptState) =>
    state.receipts.find((r) => accountKey === null || r.accountKey === null || r.accountKey === accountKey) ?? null,
};

export interface InvoiceFollowerDeps {
  bridge: Pick<BridgeClient, 'getEntries' | 'onEvent'>;
  store: ReceiptStoreApi;
  /** The event stream reconnected (browser shell): events may have been missed. */
  onReopen?: (listener: () => void) => () => void;
  /** Wait before reading again after a failed read. */
  retryAfterMs?: number;
  log?: (line: string) => void;
}

export interface InvoiceFollower {
  /** Reads the pending invoices now. */
  refresh(): Promise<void>;
  stop(): void;
}

/**
 * Follows the invoice entries of the receipts whose invoice is pending: reads them (getEntries) at
 * once, on every `queue-changed` or connection event and when the event stream reopens, and writes
 * the outcome to the store. Listens to events only while some invoice is pending.
 */
export function startInvoiceFollower(deps: InvoiceFollowerDeps): InvoiceFollower {
  const { bridge, store } = deps;
  const retryAfterMs = deps.retryAfterMs ?? 5_000;
  let stopped = false;
  let reading: Promise<void> | null = null;
  let again = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let listening: (() => void) | null = null;

  const pending = () => store.getState().receipts.filter((r) => r.invoice.state === 'pending');

  async function readLoop(): Promise<void> {
    do {
      again = false;
      const waiting = pending().slice(0, 100);
      if (waiting.length === 0) return;
      let entries;
      try {
        ({ entries } = await bridge.getEntries({ ids: waiting.map((r) => r.invoiceEntryId) }));
      } catch (error) {
        if (stopped) return;
        deps.log?.(`receipt: reading the invoices failed, trying again: ${error instanceof Error ? error.message : String(error)}`);
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => void refresh(), retryAfterMs);
        return;
      }
      if (stopped) return;
      const byId = new Map(entries.map((entry) => [entry.id, entry]));
      for (const receipt of waiting) {
        const invoice = invoiceOf(byId.get(receipt.invoiceEntryId));
        if (invoice.state !== 'pending') store.getState().setInvoice(receipt.saleId, invoice);
      }
    } while (again && !stopped);
  }

  function refresh(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (reading) {
      // One more read after the one under way: it may have started before what prompted this one.
      again = true;
      return reading;
    }
    reading = readLoop().finally(() => (reading = null));
    return reading;
  }

  /** Events only while something is pending: no event stream kept open for nothing. */
  function listen() {
    const want = !stopped && pending().length > 0;
    if (want && listening === null) {
      const offEvent = bridge.onEvent((event) => {
        if (event.type === 'queue-changed' || event.type === 'connection') void refresh();
      });
      const offReopen = (deps.onReopen ?? bridgeReopened.subscribe)(() => void refresh());
      listening = () => {
        offEvent();
        offReopen();
      };
      void refresh();
    } else if (!want && listening !== null) {
      listening();
      listening = null;
      clearTimeout(retryTimer);
    }
  }

  let known = store.getState().receipts;
  const offStore = store.subscribe((state) => {
    if (state.receipts === known) return;
    const added = state.receipts.some((r) => !known.includes(r) && r.invoice.state === 'pending' && !known.some((k) => k.saleId === r.saleId));
    known = state.receipts;
    const wasListening = listening !== null;
    listen();
    // A receipt recorded while already listening: read its invoice too (it may be accepted already).
    if (added && wasListening && listening !== null) void refresh();
  });
  listen();

  return {
    refresh,
    stop() {
      stopped = true;
      offStore();
      listening?.();
      listening = null;
      clearTimeout(retryTimer);
    },
  };
}

/** Records a paid sale's receipt in the window's store; the shop terminal's follower (App.tsx) follows its invoice. */
export function recordReceipt(receipt: Receipt): void {
  useReceiptStore.getState().record(receipt);
}

/**
 * The pay dialog's hand-over: the paid sale's receipt recorded and followed. Never throws: the sale
 * is saved whatever happens to its receipt.
 */
export function recordSaleReceipt(input: SaleReceiptInput): void {
  try {
    recordReceipt(saleReceipt(input));
  } catch (error) {
    console.warn(`receipt: the receipt of sale ${input.ids.sale} could not be made: ${error instanceof Error ? error.message : String(error)}`);
  }
}
