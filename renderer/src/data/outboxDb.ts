import Dexie, { type EntityTable } from 'dexie';
import type { DeliveryRequest } from '../../../shared/bridge';
import type { LineChoice } from '../../../shared/domain/line';

// The outbox (ARCHITECTURE §5, issue 6): a database of its own per account, opened with strict
// durability, so an entry is on disk before the waiter is told "saved". It also keeps the table
// services (who is seated where): the terminal's own record of its tables, written in the same
// transaction as the seating's entry so the two can never disagree.

/** `queued → sending → accepted | rejected | unconfirmed` (ARCHITECTURE §5). */
export type OutboxState = 'queued' | 'sending' | 'accepted' | 'rejected' | 'unconfirmed';

/** seating = Flow newOrder; round / takeaway / delivery = loyalty orders. */
export type OutboxKind = 'seating' | 'round' | 'takeaway' | 'delivery';

/** What the waiter decided about an entry that needed them; null while it is the dispatcher's. */
export type OutboxResolution = 'marked-done' | 'discarded' | 'sent-as-round' | 'moved';

export interface OutboxError {
  /** `not-sent:offline`, `rejected:invalid`, `table-busy`, `unknown`, … (outcome and reason). */
  kind: string;
  /** For the waiter. */
  message: string;
  /** For the engineer: endpoint, status, body excerpt. */
  detail?: string;
  at: string;
}

/** One ticket line as shown in the pending-orders list and the table's rounds. */
export interface OutboxLine {
  name: string;
  quantity: number;
  details: readonly string[];
  note: string;
  unitCents: number;
  totalCents: number;
  /** What was chosen (quantity and note included): lets a seating's items be re-sent as a round. */
  choice: LineChoice;
}

export interface OutboxEntry {
  /** A random UUID; a loyalty order's `extraId`. */
  id: string;
  /** Commit order on this terminal: per table, entries leave in this order. */
  seq: number;
  kind: OutboxKind;
  state: OutboxState;
  /** 1 while the entry needs the dispatcher or a person (indexed); 0 once accepted or resolved. */
  pending: 0 | 1;
  /** Tables it concerns (a seating: all of them, the primary last); [] for takeaway / delivery. */
  tableIds: number[];
  /** "T5", "T5 + T6", "Takeaway · Ana", "Delivery · 600 123 456". */
  label: string;
  /** The table service it belongs to (seating and rounds); null for takeaway / delivery. */
  serviceId: string | null;
  /** Exactly what goes to the bridge's deliverOrder; validated before it is stored. */
  request: DeliveryRequest;
  lines: OutboxLine[];
  /** "3 guests · 2 items", "4 items · 23,50 €". */
  summary: string;
  totalCents: number;
  createdAt: string;
  updatedAt: string;
  attempts: number;
  lastAttemptAt: string | null;
  lastError: OutboxError | null;
  /** Not before this time (Retry-After); null: as soon as the connection allows. */
  retryAt: string | null;
  /** The order id the server gave (Flow data.id / loyalty order_id). */
  orderId: number | null;
  /**
   * The attempt under way (or the last one) follows an unconfirmed attempt of the same entry: a
   * Flow "table already has an open order" answer then confirms the first attempt (§5).
   */
  afterUnconfirmed: boolean;
  /** How it was accepted when not by a plain success: the open-order evidence. */
  acceptedBy: 'server' | 'open-order-evidence' | null;
  /** A seating refused because a table has an open order on a fresh attempt: the waiter decides. */
  conflict: boolean;
  resolution: OutboxResolution | null;
}

export interface SeatCustomer {
  /** A synced customer's id when one was picked from the list. */
  customerId?: number;
  name: string;
  email?: string;
  phone?: string;
  notes?: string;
}

/** A table service: guests seated at one or several tables, from seating until the table is cleared. */
export interface TableService {
  id: string;
  /** All its tables, the primary last (spec 2.9). */
  tableIds: number[];
  primaryTableId: number;
  tableNames: string[];
  guests: number;
  customer: SeatCustomer | null;
  notes: string;
  seatedAt: string;
  /** 1 until the table is cleared (indexed). */
  open: 0 | 1;
  closedAt: string | null;
}

export type OutboxDb = Dexie & {
  entries: EntityTable<OutboxEntry, 'id'>;
  services: EntityTable<TableService, 'id'>;
};

/**
 * Version 1 (2026-11-22, issue 6). A shipped version is never edited; a change adds a version
 * with a dated, commented upgrade().
 */
const OUTBOX_SCHEMA_V1 = {
  entries: 'id, &seq, state, pending, serviceId, *tableIds',
  services: 'id, open, *tableIds',
} as const;

export function outboxDbName(accountKey: string): string {
  return `comanda-${accountKey}-outbox`;
}

/**
 * Strict durability: Chromium's IndexedDB then flushes to disk before a write transaction
 * completes (the default, "relaxed", may lose the last writes on power loss — an order a waiter
 * was told was saved).
 */
export function openOutboxDb(accountKey: string): OutboxDb {
  const db = new Dexie(outboxDbName(accountKey), { chromeTransactionDurability: 'strict' }) as OutboxDb;
  db.version(1).stores(OUTBOX_SCHEMA_V1);
  return db;
}
