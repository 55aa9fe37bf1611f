import { z } from 'zod';
import { MAX_QUANTITY } from '../domain/line';
import { deliveryRequestSchema } from './delivery';
import { errorTextShape, type ErrorCode } from './errorCodes';

// The order queue and the table services as they cross the bridge: the main side keeps
// them in its per-account SQLite database (electron/services/queue) and delivers the entries; the
// renderer builds each entry's request from its catalog copy (prices, rules), submits it, and
// follows the queue through a snapshot read plus `queue-changed` events.

/** `queued → sending → accepted | rejected | unconfirmed` (ARCHITECTURE §5). */
export const outboxStates = ['queued', 'sending', 'accepted', 'rejected', 'unconfirmed'] as const;
export type OutboxState = (typeof outboxStates)[number];

/**
 * seating = Flow newOrder; round / takeaway / delivery = loyalty orders.
 * Payments: payment = a loyalty order paying the table's open order (`contents: []`, clarifications), maybe
 * carrying the bill's discount; gift-redeem = `POST V2/giftCards/{uuid}` discounting a card, whose
 * payment entry follows it (`after`); customer = `POST V2/customers` of a customer created offline.
 * A shop: sale = `POST R/orders`; invoice = its `POST R/orders/{id}/invoices`, `after`
 * its sale, sent with the order id the sale was accepted with. Manager mode: stock-receipt = one line
 * of a purchase order received, `POST V2/warehouses/{id}/addStock` (its `receipt` says which line).
 */
export const outboxKinds = ['seating', 'round', 'takeaway', 'delivery', 'payment', 'gift-redeem', 'customer', 'sale', 'invoice', 'stock-receipt'] as const;
export type OutboxKind = (typeof outboxKinds)[number];

/** What the waiter decided about an entry that needed them; null while it is the dispatcher's. */
export const outboxResolutions = ['marked-done', 'discarded', 'sent-as-round', 'moved'] as const;
export type OutboxResolution = (typeof outboxResolutions)[number];

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const entryId = z.string().uuid();
const isoTime = z.string().min(1).max(40);
const cents = z.number().int().min(-1_000_000_000).max(1_000_000_000);
const text = (max: number) => z.string().max(max);

export const dishChoiceSchema = z.strictObject({
  pivotId: id,
  modifierIds: z.array(id).max(200).optional(),
  formatPivotId: id.optional(),
});

/** shared/domain/line.ts `LineChoice`: what was chosen, enough to price and encode the line again. */
export const lineChoiceSchema = z.strictObject({
  itemId: id,
  quantity: z.number().positive().max(MAX_QUANTITY),
  formatPivotId: id.optional(),
  modifierIds: z.array(id).max(200).optional(),
  dishes: z.array(dishChoiceSchema).max(100).optional(),
  note: text(500).optional(),
});

export const outboxErrorSchema = z.strictObject({
  /** `not-sent:offline`, `rejected:invalid`, `table-busy`, `unknown`, … (outcome and reason). */
  kind: text(100),
  /** For the waiter: a code the renderer words (errorCodes.ts). Rows stored with `message` were upgraded (queue migration 2). */
  ...errorTextShape,
  /** For the engineer: endpoint, status, body excerpt. */
  detail: text(4_000).optional(),
  at: isoTime,
});
export type OutboxError = z.infer<typeof outboxErrorSchema>;

/** One ticket line as shown in Pending orders and the table's rounds. */
export const outboxLineSchema = z.strictObject({
  name: text(300),
  quantity: z.number().positive().max(MAX_QUANTITY),
  details: z.array(text(300)).max(200),
  note: text(500),
  unitCents: cents,
  totalCents: cents,
  /** What was chosen: lets a seating's items be sent again as a round. */
  choice: lineChoiceSchema,
});
export type OutboxLine = z.infer<typeof outboxLineSchema>;

export const seatCustomerSchema = z.strictObject({
  /** A synced customer's id when one was picked from the list. */
  customerId: id.optional(),
  name: text(200),
  email: text(200).optional(),
  phone: text(50).optional(),
  notes: text(1_000).optional(),
});
export type SeatCustomer = z.infer<typeof seatCustomerSchema>;

/** Guests at one service (the spec names no range; the main side and the seat dialog hold to this one). */
export const MIN_GUESTS = 1;
export const MAX_GUESTS = 99;

/**
 * Where an entry goes: the renderer words it in the terminal's language ("Mesa 5",
 * "Takeaway · Ana"). Table and customer names are the venue's and the customer's own words.
 */
export const entryPlaceSchema = z.discriminatedUnion('kind', [
  /** A service's tables as the venue named them, the primary last. */
  z.strictObject({ kind: z.literal('tables'), names: z.array(text(100)).min(1).max(50) }),
  /** The name the order is called by. */
  z.strictObject({ kind: z.literal('takeaway'), customer: text(200).optional() }),
  /** The customer's name, else their phone. */
  z.strictObject({ kind: z.literal('delivery'), customer: text(200).optional() }),
  /** Stored before places, in words this version cannot read back: shown as they were written. */
  z.strictObject({ kind: z.literal('legacy'), text: text(300) }),
  /** A shop's sale (and its invoice) at the counter, maybe for a customer (their name). */
  z.strictObject({ kind: z.literal('sale'), customer: text(200).optional() }),
  /** Goods of a purchase order (its reference) received into a warehouse (its name). */
  z.strictObject({ kind: z.literal('purchase-order'), reference: text(200), warehouse: text(200) }),
]);
export type EntryPlace = z.infer<typeof entryPlaceSchema>;

/**
 * A discount on the bill: an amount in cents or a percentage in basis points
 * (1000 = 10 %), with the reason the waiter gave. It is kept with the service until the next
 * payment carries it to the POS as that loyalty order's `orderDiscount` (negative amount).
 */
export const billDiscountSchema = z.strictObject({
  kind: z.enum(['amount', 'percent']),
  /** Cents (`amount`) or basis points, 1–10000 (`percent`). */
  value: z.number().int().positive().max(1_000_000_000),
  reason: text(200),
});
export type BillDiscount = z.infer<typeof billDiscountSchema>;

/** A table service: guests seated at one or several tables, from seating until the table is cleared. */
export const tableServiceSchema = z.strictObject({
  id: entryId,
  /** All its tables, the primary last (spec 2.9). */
  tableIds: z.array(id).min(1).max(50),
  primaryTableId: id,
  tableNames: z.array(text(100)).min(1).max(50),
  guests: z.number().int().min(MIN_GUESTS).max(MAX_GUESTS),
  customer: seatCustomerSchema.nullable(),
  notes: text(1_000),
  seatedAt: isoTime,
  /** 1 until the table is cleared. */
  open: z.union([z.literal(0), z.literal(1)]),
  closedAt: isoTime.nullable(),
  /** A bill discount not yet carried by a payment; absent in services stored before. */
  billDiscount: billDiscountSchema.nullable().optional(),
});
export type TableService = z.infer<typeof tableServiceSchema>;

/**
 * How a payment was taken, for the bill, the receipt and Pending orders: the
 * request holds what the POS gets; this holds what the waiter saw (cash tendered, change given).
 */
export const tenderSchema = z.strictObject({
  /** The synced payment method (1 Card, 2 Cash exist in every account); null: none chosen. */
  methodId: id.nullable(),
  /** The method's name as the venue wrote it (a payment taken offline still shows it). */
  methodName: text(200),
  /** Applied to the bill (the loyalty payment's `amount`). */
  amountCents: cents,
  tipCents: cents,
  /** Cash handed over and the change given back; absent for other methods. */
  tenderedCents: cents.optional(),
  changeCents: cents.optional(),
  /** A gift card paying (its redeem entry goes first), the card's uuid. */
  giftCardUuid: text(255).optional(),
  /** The bill discount this payment carries (cents, positive), when it carries one. */
  discountCents: cents.optional(),
  discountReason: text(200).optional(),
});
export type Tender = z.infer<typeof tenderSchema>;

/**
 * Which purchase order line a stock receipt entry receives (its request says the
 * warehouse, item and quantity): the purchase order screen adds what this terminal received.
 */
export const stockReceiptSchema = z.strictObject({
  purchaseOrderId: id,
  lineId: id,
  itemName: text(300),
});

/**
 * What an entry carries, as data: a code (the entry's kind) with the values the renderer words in
 * the terminal's language (features/pending/pendingText.ts `entrySummary`), never words: a number
 * of guests or items, cents, a method's or customer's name as written. Values by code: seating
 * `guests, items, totalCents`; round, takeaway, delivery `items, totalCents`; payment `method,
 * amountCents, tipCents, discountCents, card?`; gift-redeem `uuid, amountCents`; customer `name`;
 * sale `totalCents`; invoice `payments, totalCents`; stock-receipt `item, quantity`.
 */
export const structuredSummarySchema = z.strictObject({
  code: z.enum(outboxKinds),
  params: z
    .record(z.string().max(40), z.union([z.string().max(300), z.number().finite()]))
    .refine((params) => Object.keys(params).length <= 12, 'field-too-long' satisfies ErrorCode),
});
export type StructuredSummary = z.infer<typeof structuredSummarySchema>;

/**
 * An entry's summary: structured; or, in entries stored by earlier versions, English words
 * ("Round · 3 items · 23,50 €"), still read (the renderer then words the entry from its request).
 */
export const entrySummarySchema = z.union([structuredSummarySchema, text(500)]);

/** What the renderer submits for one entry: the request exactly as it will be sent, and how to show it. */
export const entryDraftSchema = z.strictObject({
  /** A random UUID; a loyalty order's `extraId`. Submitting the same id twice stores it once. */
  id: entryId,
  kind: z.enum(outboxKinds),
  /** Tables it concerns (a seating: all of them, the primary last); [] for takeaway / delivery. */
  tableIds: z.array(id).max(50),
  /** Its tables, or the takeaway's / delivery's customer. */
  place: entryPlaceSchema,
  serviceId: entryId.nullable(),
  request: deliveryRequestSchema,
  lines: z.array(outboxLineSchema).max(500),
  /** What it carries, as data the renderer words (`{ code: 'round', params: { items: 4, totalCents: 2350 } }`). */
  summary: entrySummarySchema,
  totalCents: cents,
  /**
   * This entry leaves only after that one was accepted (or marked done by a person); when
   * that one ends rejected or discarded, this one is discarded with it (a gift card's payment
   * waits for the card's redeem). Absent or null: no such wait.
   */
  after: entryId.nullable().optional(),
  /** A payment's tender (kind `payment`; a takeaway's or delivery's payment may carry one too). */
  tender: tenderSchema.optional(),
  /** A stock receipt's purchase order line (kind `stock-receipt` only). */
  receipt: stockReceiptSchema.optional(),
});
export type EntryDraft = z.infer<typeof entryDraftSchema>;

/** A queue entry as the main side keeps it. */
export const outboxEntrySchema = entryDraftSchema.extend({
  /** Commit order on this terminal: per table, entries leave in this order. */
  seq: z.number().int().positive(),
  state: z.enum(outboxStates),
  /** 1 while the entry needs the dispatcher or a person; 0 once accepted or resolved. */
  pending: z.union([z.literal(0), z.literal(1)]),
  createdAt: isoTime,
  updatedAt: isoTime,
  attempts: z.number().int().nonnegative(),
  lastAttemptAt: isoTime.nullable(),
  lastError: outboxErrorSchema.nullable(),
  /** Not before this time (Retry-After); null: as soon as the connection allows. */
  retryAt: isoTime.nullable(),
  /** The order id the server gave (Flow data.id / loyalty order_id). */
  orderId: z.number().int().nullable(),
  /** The attempt under way follows an unconfirmed attempt of the same entry (open-order evidence, §5). */
  afterUnconfirmed: z.boolean(),
  /** `already-invoiced-evidence`: a retail "already invoiced" after an unconfirmed attempt of this invoice. */
  acceptedBy: z.enum(['server', 'open-order-evidence', 'already-invoiced-evidence']).nullable(),
  /** A seating refused because a table has an open order on a fresh attempt: the waiter decides. */
  conflict: z.boolean(),
  resolution: z.enum(outboxResolutions).nullable(),
  /** What an accepted non-order entry answered: a card's balance left, a created customer. */
  answer: z
    .strictObject({
      balanceCents: cents.optional(),
      customer: z.strictObject({ id, name: text(300), email: text(200).optional(), phone: text(50).optional() }).optional(),
      /** A shop invoice's id and number ("E-12", for the receipt); absent when accepted on evidence. */
      invoiceId: id.optional(),
      invoiceNumber: text(100).optional(),
    })
    .nullable()
    .optional(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** The main side's queue database refuses writes: new orders are not saved and queued ones cannot leave. */
export const queueStorageProblemSchema = z.strictObject({
  /** `queue-cannot-save`, worded in the header and on Pending orders. */
  ...errorTextShape,
  /** What the database said (e.g. "SqliteError: database or disk is full"): for the engineer. */
  detail: text(2_000),
  since: isoTime,
});
export type QueueStorageProblem = z.infer<typeof queueStorageProblemSchema>;

/** A draft as the main side commits it: queued, never tried (the one definition; stores and fakes use it). */
export function queuedEntry(draft: EntryDraft, seq: number, at: string): OutboxEntry {
  return {
    ...draft,
    seq,
    state: 'queued',
    pending: 1,
    createdAt: at,
    updatedAt: at,
    attempts: 0,
    lastAttemptAt: null,
    lastError: null,
    retryAt: null,
    orderId: null,
    afterUnconfirmed: false,
    acceptedBy: null,
    conflict: false,
    resolution: null,
  };
}

/**
 * Upgrade: until this version an entry said where it went in English words,
 * `label` ("Table 5", "Tables 3 + 4", "Takeaway · Ana", "Delivery · 600 123 456"). An entry record
 * with `label` and no `place` gets the place those words name, checked against the entry's kind
 * and tables; words that do not read back become a `legacy` place with the words. The tables of
 * the entry's service (`serviceTableNames`) settle names that hold " + ". Anything else is
 * returned as it is. Used by queue migration 3 and the old outbox's hand-off: the formats read
 * here are the previous version's, never to change.
 */
export function upgradeLegacyLabel(value: unknown, serviceTableNames: (serviceId: string) => readonly string[] | undefined): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if (!('label' in record) || 'place' in record) return value;
  const { label, ...rest } = record;
  const words = typeof label === 'string' ? label : String(label);
  const names = typeof record.serviceId === 'string' ? serviceTableNames(record.serviceId) : undefined;
  const tableCount = Array.isArray(record.tableIds) ? record.tableIds.length : -1;
  return { ...rest, place: placeOfLabel(words, record.kind, tableCount, names) };
}

const LEGACY_TABLES = (names: readonly string[]) => `${names.length === 1 ? 'Table' : 'Tables'} ${names.join(' + ')}`;

function placeOfLabel(label: string, kind: unknown, tableCount: number, serviceNames: readonly string[] | undefined): EntryPlace {
  const legacy: EntryPlace = { kind: 'legacy', text: label.slice(0, 300) };
  const customer = (prefix: string) => {
    const name = label.startsWith(prefix) ? label.slice(prefix.length) : '';
    return name.trim() === '' || name.length > 200 ? null : name;
  };
  if (kind === 'takeaway' || kind === 'delivery') {
    const name = customer(kind === 'takeaway' ? 'Takeaway · ' : 'Delivery · ');
    return name === null ? legacy : { kind, customer: name };
  }
  if (kind !== 'seating' && kind !== 'round') return legacy;
  let names: string[] | null = null;
  if (serviceNames && serviceNames.length > 0 && LEGACY_TABLES(serviceNames) === label) names = [...serviceNames];
  else if (label.startsWith('Table ')) names = [label.slice('Table '.length)];
  else if (label.startsWith('Tables ')) names = label.slice('Tables '.length).split(' + ');
  if (names === null || names.length > 50 || names.some((name) => name.trim() === '' || name.length > 100)) return legacy;
  // "Tables" names two or more; a seating names each of its tables (a round only its primary).
  if (label.startsWith('Tables ') !== names.length > 1) return legacy;
  if (kind === 'seating' && names.length !== tableCount) return legacy;
  return { kind: 'tables', names };
}

/** The queue as a window needs it: every pending entry, the open services and every entry of theirs. */
export const queueSnapshotSchema = z.strictObject({
  /** Grows with every committed change; `queue-changed` events carry it. */
  revision: z.number().int().nonnegative(),
  services: z.array(tableServiceSchema),
  entries: z.array(outboxEntrySchema),
  /**
   * Non-null while the database refuses writes; null once a write works again. Not part of the
   * revision (a database that refuses writes cannot count them): `queue-changed` carries it too.
   */
  storageProblem: queueStorageProblemSchema.nullable(),
});
export type QueueSnapshot = z.infer<typeof queueSnapshotSchema>;

/** "Most sold": items this terminal sent in the last MOST_SOLD_DAYS days, most first. */
export const MOST_SOLD_DAYS = 14;
export const mostSoldSchema = z.strictObject({
  /** The start of the window counted (ISO time). */
  since: isoTime,
  /** Item id and the quantity sent (accepted or marked done), most first. */
  items: z.array(z.strictObject({ itemId: id, quantity: z.number().positive().finite() })).max(200),
});
export type MostSold = z.infer<typeof mostSoldSchema>;

const entryRef = z.strictObject({ entryId });
const seatTableSchema = z.strictObject({ id, name: text(100) });

/** The queue's bridge operations (merged into shared/bridge/operations.ts). */
export const queueOperations = {
  /** Every pending entry, the open table services and all their entries (a window starting or reconnecting). */
  getQueue: { input: z.strictObject({}), output: queueSnapshotSchema },
  /**
   * Seats a service: the service and its entries (the seating, maybe a first round) in ONE
   * transaction. Refused (`conflict`) when one of its tables already has an open service.
   */
  seatService: {
    input: z.strictObject({ service: tableServiceSchema, drafts: z.array(entryDraftSchema).min(1).max(2) }),
    output: z.strictObject({ service: tableServiceSchema, entries: z.array(outboxEntrySchema) }),
  },
  /**
   * Entries by id, whatever their state: a window that saw an entry leave the snapshot
   * (an accepted customer or gift card redeem has no open service to keep it there) reads its
   * outcome and answer. Ids not in the queue are left out.
   */
  getEntries: {
    input: z.strictObject({ ids: z.array(entryId).min(1).max(100) }),
    output: z.strictObject({ entries: z.array(outboxEntrySchema) }),
  },
  /** A round (for an open service), a takeaway or a delivery, committed as queued. */
  submitEntry: { input: z.strictObject({ draft: entryDraftSchema }), output: z.strictObject({ entry: outboxEntrySchema }) },
  /** A shop's sale and its invoice (which waits for it), committed together: both or neither. */
  submitSale: {
    input: z.strictObject({ sale: entryDraftSchema, invoice: entryDraftSchema }),
    output: z.strictObject({ sale: outboxEntrySchema, invoice: outboxEntrySchema }),
  },
  /** A queued entry: forget its Retry-After wait and try now. */
  retryEntry: { input: entryRef, output: z.strictObject({ entry: outboxEntrySchema }) },
  /** An unconfirmed entry, after the waiter checked the POS: send it again. */
  resendEntry: { input: entryRef, output: z.strictObject({ entry: outboxEntrySchema }) },
  /** An unconfirmed or rejected entry the waiter dealt with at the POS: no longer pending. */
  markEntryDone: { input: entryRef, output: z.strictObject({ entry: outboxEntrySchema }) },
  /** A queued, unconfirmed or rejected entry dropped after the waiter confirmed. */
  discardEntry: { input: entryRef, output: z.strictObject({ entry: outboxEntrySchema }) },
  /** A seating in conflict: its items (priced by the renderer) go as a round to the open order instead. */
  sendSeatingAsRound: {
    input: z.strictObject({ entryId, round: entryDraftSchema.nullable() }),
    output: z.strictObject({ entry: outboxEntrySchema }),
  },
  /** A seating in conflict: the same guests at other tables (a new seating draft for them). */
  moveSeating: {
    input: z.strictObject({ entryId, tables: z.array(seatTableSchema).min(1).max(50), seating: entryDraftSchema }),
    output: z.strictObject({ entry: outboxEntrySchema }),
  },
  /**
   * Sets (or with null removes) the bill discount of an open service, kept until
   * the next payment carries it. Refused (`invalid-input`) once it would exceed what is left.
   */
  setBillDiscount: {
    input: z.strictObject({ serviceId: entryId, discount: billDiscountSchema.nullable() }),
    output: z.strictObject({ service: tableServiceSchema }),
  },
  /** The bill is settled at the POS: the table is free again on this terminal. */
  clearTable: { input: z.strictObject({ serviceId: entryId }), output: z.strictObject({ cleared: z.boolean() }) },
  /** Pending entries as a JSON document (export to a file). */
  exportPending: { input: z.strictObject({}), output: z.strictObject({ json: z.string() }) },
  /** The items this terminal sent most lately (the catalog's first tab). */
  getMostSold: { input: z.strictObject({ limit: z.number().int().min(1).max(200) }), output: mostSoldSchema },
  /**
   * Upgrade: entries and services of the renderer's old IndexedDB outbox handed
   * over once; ids already present are skipped, so a repeated hand-off duplicates nothing. Only
   * entries still pending are taken (`skipped` counts the others). `last` ends the hand-off: after
   * it, the account's queue answers every import `queue-import-closed`.
   */
  importQueue: {
    input: z.strictObject({
      entries: z.array(outboxEntrySchema).max(100_000),
      services: z.array(tableServiceSchema).max(100_000),
      last: z.boolean().optional(),
    }),
    output: z.strictObject({ entries: z.number().int(), services: z.number().int(), skipped: z.number().int() }),
  },
} as const;

/**
 * The queue operations that commit something. Their answer still counts when the account switched
 * while they ran: the write was committed to the account the call named, and an error in its place
 * would tell the waiter a saved order was not saved (sent again: twice). The core answers them
 * after a switch and the renderer's account scope keeps their answers after it closed.
 */
export const queueWriteOperations: ReadonlySet<string> = new Set([
  ...Object.keys(queueOperations).filter((name) => name !== 'getQueue' && name !== 'getEntries' && name !== 'exportPending' && name !== 'getMostSold'),
  // A purchase order's receipt is committed to the queue as its entries.
  'receivePurchaseOrder',
]);
