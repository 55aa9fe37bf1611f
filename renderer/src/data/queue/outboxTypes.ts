import type { ErrorCode, ErrorParams, ErrorText, OutboxEntry, SeatCustomer, TableService } from '../../../../shared/bridge';
import type { LineChoice } from '../../../../shared/domain/line';

// What the screens call to seat, send and resolve. Implemented by outboxClient.ts:
// the renderer builds each entry from its catalog and submits it; the main side commits it to the
// account's queue database before the call resolves, so "saved" is true when it returns. Screens
// read the queue itself from queueStore.ts.

/** One ticket line as the order builder holds it (features/order/orderStore.ts TicketLine). */
export interface TicketLineInput {
  choice: LineChoice;
  name: string;
  details: readonly string[];
  quantity: number;
  note: string;
  unitCents: number;
}

/** A payment sent with an order (clarifications: `payment { amount, payment_method_id?, tip? }`). */
export interface PaymentInput {
  paymentMethodId: number;
  amountCents: number;
  tipCents: number;
  reference?: string;
}

/**
 * A reservation's deposit taken at seating: the Flow order's `payments` entry (spec 2.9 `amount`;
 * clarifications "Flow": `payment_method_id`). The method's name is kept for the bill.
 */
export interface SeatPrepayment {
  amountCents: number;
  methodId: number;
  methodName: string;
}

export interface SeatTable {
  id: number;
  name: string;
}

export interface SeatInput {
  /** One or several tables; the primary (last selected) LAST (spec 2.9). */
  tables: readonly SeatTable[];
  guests: number;
  customer: SeatCustomer | null;
  notes: string;
  /**
   * Lines already on the ticket when seating: plain items (no modifiers, not menus, not formats)
   * go with the Flow newOrder; the others follow as the first loyalty round.
   */
  lines?: readonly TicketLineInput[];
  /** A deposit taken at seating, sent with the Flow newOrder. */
  prepayment?: SeatPrepayment;
}

export interface SeatResult {
  service: TableService;
  seating: OutboxEntry;
  firstRound: OutboxEntry | null;
}

export interface RoundInput {
  serviceId: string;
  lines: readonly TicketLineInput[];
  notes?: string;
  payment?: PaymentInput;
  /** Cents off the round (positive), with its reason. */
  discount?: { cents: number; reason: string };
  /** The round opens a new check at the table. */
  skipMerge?: boolean;
  /** The warehouse the POS discounts stock from (the terminal's setting). */
  warehouseId?: number;
}

export interface TakeawayInput {
  /** Who collects it: sent as `tableName`. */
  name: string;
  phone?: string;
  email?: string;
  lines: readonly TicketLineInput[];
  notes?: string;
  payment?: PaymentInput;
  /** The warehouse the POS discounts stock from (the terminal's setting). */
  warehouseId?: number;
}

export interface DeliveryInput {
  name?: string;
  email?: string;
  phone: string;
  address: string;
  city?: string;
  /** When to deliver, local time "YYYY-MM-DD HH:MM:SS"; absent: now. */
  date?: string;
  lines: readonly TicketLineInput[];
  notes?: string;
  payment?: PaymentInput;
  /** The warehouse the POS discounts stock from (the terminal's setting). */
  warehouseId?: number;
}

/** A request the waiter must correct: the message says what (e.g. "Guests must be 1 to 99"). */
export class OutboxInputError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;
  /** What the person must change, as a code renderer/src/i18n/errorText.ts words; `detail` for the log. */
  constructor(
    text: ErrorText,
    readonly detail?: string,
  ) {
    super(detail ? `${text.code}: ${detail}` : text.code);
    this.name = 'OutboxInputError';
    this.code = text.code;
    this.params = text.params;
  }
}

export interface Outbox {
  seat(input: SeatInput): Promise<SeatResult>;
  sendRound(input: RoundInput): Promise<OutboxEntry>;
  sendTakeaway(input: TakeawayInput): Promise<OutboxEntry>;
  sendDelivery(input: DeliveryInput): Promise<OutboxEntry>;
  /**
   * Reads, ahead of Send, what pricing these ticket lines needs from the catalog, so the tap on
   * Send goes straight to the main side (tap → "Saved" p95 ≤ 50 ms). Never fails.
   */
  prepare(lines: readonly Pick<TicketLineInput, 'choice'>[]): void;
  /** A queued entry: forget its Retry-After wait and try now. */
  retryNow(entryId: string): Promise<void>;
  /** An unconfirmed entry, after the waiter checked the POS: send it again. */
  resend(entryId: string): Promise<void>;
  /** An unconfirmed or rejected entry the waiter dealt with at the POS: no longer pending. */
  markDone(entryId: string): Promise<void>;
  /** A queued, unconfirmed or rejected entry dropped after the waiter confirmed. */
  discard(entryId: string): Promise<void>;
  /** A seating in conflict (the table already has an open order): send its items as a round instead. */
  sendSeatingAsRound(entryId: string): Promise<void>;
  /** A seating in conflict: seat the same guests at other tables. */
  moveSeating(entryId: string, tables: readonly SeatTable[]): Promise<void>;
  /** The bill is settled at the POS: the table is free again on this terminal. */
  clearTable(serviceId: string): Promise<void>;
  /** Pending entries as a JSON document (export to a file). */
  exportPending(): Promise<string>;
}
