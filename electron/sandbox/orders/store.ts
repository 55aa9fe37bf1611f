// Orders of an account and the sandbox-wide ledger: the only code that writes them.
import { nextId, type AccountState, type SandboxState } from '../state';
import { formatCents, toCents } from './money';
import type { LedgerEntry, OrderRecord } from './model';

/** Open orders of an account holding `tableId` (merged tables included), oldest first. */
export function openOrdersOnTable(account: AccountState, tableId: number): OrderRecord[] {
  return account.orders.orders.filter((o) => o.status === 'open' && o.tableIds.includes(tableId));
}

/** What a new order starts with; id, status and timestamps are filled in by openOrder(). */
export type NewOrder = Omit<OrderRecord, 'id' | 'status' | 'createdAt' | 'updatedAt' | 'extraIds'> & { extraIds?: string[] };

/** Opens an order in the account (status open) and returns it. */
export function openOrder(account: AccountState, order: NewOrder, now: Date = new Date()): OrderRecord {
  const stamp = now.toISOString();
  const record: OrderRecord = {
    ...order,
    extraIds: order.extraIds ?? [],
    id: nextId(account, 'orders', account.orders.orders),
    status: 'open',
    createdAt: stamp,
    updatedAt: stamp,
  };
  account.orders.orders.push(record);
  return record;
}

/** Adds cents to an order's decimal `total`. */
export function addToTotal(order: OrderRecord, cents: number): void {
  order.total = formatCents((toCents(order.total) ?? 0) + cents);
}

/** Sum of the `amount` (decimal string) of an order's payments, in cents. */
export function paidCents(order: OrderRecord): number {
  return order.payments.reduce((sum, p) => {
    const cents = typeof p.amount === 'string' || typeof p.amount === 'number' ? toCents(p.amount) : null;
    return sum + (cents ?? 0);
  }, 0);
}

/**
 * Settled checks (docs/decisions.md "Bill discount and settled checks"): a TABLE order whose
 * payments reach its total (above 0) is closed, as a POS closes a settled ticket; its tables are
 * free again. Orders without a table (deliveries, takeaways) stay open. Returns whether it closed.
 */
export function closeIfSettled(order: OrderRecord, now: Date = new Date()): boolean {
  if (order.status !== 'open' || order.tableIds.length === 0) return false;
  const total = toCents(order.total) ?? 0;
  if (total <= 0 || paidCents(order) < total) return false;
  order.status = 'closed';
  order.updatedAt = now.toISOString();
  return true;
}

/** Records an order the sandbox committed (control API: GET /__sandbox/ledger). */
export function appendLedger(state: SandboxState, entry: LedgerEntry): void {
  state.ledger.push(entry);
}
