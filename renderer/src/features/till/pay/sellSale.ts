import type { BridgeClient } from '../../../../../shared/bridge';
import { useQueueStore, type QueueStoreApi } from '../../../data/queue/queueStore';
import type { ShopCatalogDb } from '../../../data/shop/shopDb';
import { dropStockAfterSale } from '../../../data/shop/shopStock';
import { useBasketStore, type CheckoutDraft } from '../basketStore';
import { recordSaleReceipt } from '../receipt/receiptStore';
import type { SaleReceiptInput } from '../receipt/receiptModel';
import { saleEntryDrafts, shopDateTime, type PayCheck, type SaleIds } from './salePay';

// The till's "Pay" as a user action: the sale (queue kind `sale`, retail §2.5 POST R/orders) and
// its invoice (kind `invoice`, after it) go to the main side in ONE call, which commits both in one
// transaction or neither — "Saved" at once, offline too — and delivers them once, the invoice with
// the order's id. Then the local stock drops, the basket empties and the receipt is recorded.

export interface SellSaleInput {
  /** Kept across the dialog's retries: a second tap after an unanswered one stores nothing twice. */
  ids: SaleIds;
  /** The sale as it was when the dialog opened. */
  draft: CheckoutDraft;
  /** The dialog's check of its payment rows; `payments` is set (no problem). */
  check: PayCheck & { payments: NonNullable<PayCheck['payments']> };
  /** Epoch ms of `closed_at`. */
  closedAt: number;
  customerName: string | null;
  shop: SaleReceiptInput['shop'];
}

export interface SellSaleDeps {
  bridge: Pick<BridgeClient, 'submitSale'>;
  /** The shop's catalog, whose local stock drops at once; null before the first download. */
  db: ShopCatalogDb | null;
  /** Where the screens read the queue; default the window's. */
  queue?: QueueStoreApi;
  /** The basket emptied once the sale is saved; default the till's. */
  basket?: { getState(): { clear(): void } };
  /** Default: the window's receipt store (receipt/receiptStore.ts). */
  recordReceipt?: (input: SaleReceiptInput) => void;
}

export interface SoldSale {
  saleId: string;
  changeCents: number;
}

/** Submits the sale with its invoice and does the follow-ups; throws (a BridgeError) when it was not saved. */
export async function sellSale(input: SellSaleInput, deps: SellSaleDeps): Promise<SoldSale> {
  const { ids, draft, check, closedAt, customerName, shop } = input;
  const [sale, invoice] = saleEntryDrafts({ ids, draft, payments: check.payments, closedAt: shopDateTime(closedAt), customerName });
  const saved = await deps.bridge.submitSale({ sale, invoice });
  (deps.queue ?? useQueueStore).getState().applyWrite({ entries: [saved.sale, saved.invoice] });
  // The sold products' local stock drops at once (data/shop/shopStock.ts); the next sync brings the shop's count.
  if (deps.db !== null) {
    const sold = draft.lines.map((line) => ({ product_id: line.productId, quantity: line.quantity, weight: line.weight }));
    void dropStockAfterSale(deps.db, sold).catch((error: unknown) => console.warn(`stock: the local stock was not lowered after the sale: ${String(error)}`));
  }
  (deps.basket ?? useBasketStore).getState().clear();
  // The receipt, kept for "Last receipt"; it follows the invoice for its number.
  (deps.recordReceipt ?? recordSaleReceipt)({ ids, draft, check, closedAt, customerName, shop });
  return { saleId: ids.sale, changeCents: check.changeCents };
}
