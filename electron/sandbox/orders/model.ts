// Orders received through Flow (spec 4.7) and loyalty (spec 4.8 + clarifications).

/**
 * An order the venue's point of sale holds. Open until closed at the POS: in the sandbox, by the
 * control API, or a table order once a loyalty order leaves its payments at its total.
 */
export interface OrderRecord {
  id: number;
  source: 'flow' | 'loyalty';
  status: 'open' | 'closed';
  /** Tables of the order; the last is the primary table (spec 2.9). Empty for deliveries. */
  tableIds: number[];
  tableName: string;
  guests: number;
  customer: Record<string, unknown> | null;
  notes: string | null;
  /** Every contents entry received for this order, merged rounds included, in arrival order. */
  contents: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  delivery: Record<string, unknown> | null;
  /** Sum of the order's contents as the sandbox prices them (decimal string, 2 places). */
  total: string;
  extraIds: string[];
  /** Order discounts received (loyalty `orderDiscount`, `amount` negative), already in `total`. */
  discounts?: Record<string, unknown>[];
  /** Loyalty `invoiceInfo` objects received, kept as sent. */
  invoiceInfo?: Record<string, unknown>[];
  createdAt: string;
  updatedAt: string;
}

export interface OrdersState {
  orders: OrderRecord[];
}

export function emptyOrders(): OrdersState {
  return { orders: [] };
}

/** One Flow or loyalty order the sandbox received and committed (control API: GET /__sandbox/ledger). */
export interface LedgerEntry {
  kind: 'flow' | 'loyalty';
  tenant: string;
  receivedAt: string;
  orderId: number;
  payload: unknown;
}
