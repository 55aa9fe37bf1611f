import {
  BridgeError,
  coded,
  MAX_GUESTS,
  MIN_GUESTS,
  type BridgeClient,
  type BridgeErrorKind,
  type DeliveryRequest,
  type EntryDraft,
  type EntryPlace,
  type OutboxEntry,
  type OutboxLine,
  type SeatCustomer,
  type TableService,
} from '../../../../shared/bridge';
import { indexCatalog, type CatalogIndex, type CatalogRecords } from '../../../../shared/domain/catalog';
import type { CatalogDb } from '../catalog/catalogDb';
import { itemRecordsOnce } from '../catalog/itemRecords';
import { itemsIn, loyaltyRequest, outboxLines, prepaymentOfSeating, seatingRequest, splitSeatingLines, type LoyaltyRequestInput } from './orderRequests';
import {
  OutboxInputError,
  type DeliveryInput,
  type Outbox,
  type RoundInput,
  type SeatInput,
  type SeatPrepayment,
  type SeatResult,
  type SeatTable,
  type TakeawayInput,
  type TicketLineInput,
} from './outboxTypes';
import type { QueueStoreApi } from './queueStore';

// The renderer's side of the order queue: it builds each entry from its catalog
// copy (prices, rules, the Flow URL limit), checks what a waiter must fix, and submits it; the main
// side commits it to the account's queue database (that is "saved") and delivers it. Waiter
// decisions on the pending-orders screen are bridge operations too. What was committed is merged
// into the queue store at once; the next snapshot (queueFeed.ts) replaces it.

/** The queue's bridge operations this client calls. */
export type QueueBridge = Pick<
  BridgeClient,
  | 'seatService'
  | 'submitEntry'
  | 'retryEntry'
  | 'resendEntry'
  | 'markEntryDone'
  | 'discardEntry'
  | 'sendSeatingAsRound'
  | 'moveSeating'
  | 'clearTable'
  | 'exportPending'
>;

export interface OutboxClientDeps {
  bridge: QueueBridge;
  /** The current catalog generation (prices, rules); null before the first sync. */
  catalogDb: () => CatalogDb | null;
  /** Where the screens read the queue: committed writes are merged in, storage problems shown. */
  store: QueueStoreApi;
  /** Read the queue again (after a conflict: another window's seating). */
  refresh?: () => void;
  now?: () => Date;
  newId?: () => string;
}

/**
 * Longest Flow request line we send: the message is URL-encoded into the query (spec 4.7), and
 * common servers refuse request lines or headers past 8–16 KB (Node: 16 KB in all).
 */
export const MAX_FLOW_URL_CHARS = 6_000;

/** Characters the seating's data takes in the URL (credentials add a few dozen). */
export function flowUrlLength(request: DeliveryRequest): number {
  return request.kind === 'seating' ? encodeURIComponent(JSON.stringify(request.data)).length : 0;
}

/** The records every line of a ticket needs, read narrowly (one item at a time) and indexed once. */
export async function ticketCatalog(db: CatalogDb, lines: readonly { choice: { itemId: number } }[]): Promise<CatalogIndex> {
  const merged: { [K in keyof CatalogRecords]: Map<number, CatalogRecords[K][number]> } = {
    categories: new Map(),
    items: new Map(),
    sellingFormats: new Map(),
    sellingFormatPivots: new Map(),
    modifiers: new Map(),
    modifierCategories: new Map(),
    modifierGroups: new Map(),
    modifierPivots: new Map(),
    menuMenuCategories: new Map(),
    menuMenuItemCategoryPivots: new Map(),
  };
  for (const itemId of new Set(lines.map((l) => l.choice.itemId))) {
    const records = await itemRecordsOnce(db, itemId);
    if (!records) continue;
    for (const key of Object.keys(merged) as (keyof CatalogRecords)[]) {
      const target = merged[key] as Map<number, { id: number }>;
      for (const record of records[key] as readonly { id: number }[]) target.set(record.id, record);
    }
  }
  const records = Object.fromEntries(Object.entries(merged).map(([key, map]) => [key, [...map.values()]])) as unknown as CatalogRecords;
  return indexCatalog(records);
}

const EMPTY_CATALOG = (): CatalogIndex =>
  indexCatalog({
    categories: [],
    items: [],
    sellingFormats: [],
    sellingFormatPivots: [],
    modifiers: [],
    modifierCategories: [],
    modifierGroups: [],
    modifierPivots: [],
    menuMenuCategories: [],
    menuMenuItemCategoryPivots: [],
  });

/** The ids one submit uses, kept for the next identical submit when its answer never came. */
interface SubmitIds {
  next(): string;
  /** No answer came back: the main side may have stored it, so the same ticket reuses these ids. */
  keep(): void;
  /** Answered (stored or refused): the next submit is a new order. */
  settle(): void;
}

/** Failures that say nothing about whether the main side committed the submit. */
const UNANSWERED: ReadonlySet<BridgeErrorKind> = new Set<BridgeErrorKind>(['unreachable', 'internal']);

/**
 * Runs one bridge write. Its conflict answer ("Table 5 was just seated") is the waiter's to read,
 * and the queue is read again so the table shows seated. "Cannot save orders" is the main side's
 * to say (a `storage` refusal sets it there; queueFeed.ts brings it to every window).
 */
async function committing<T>(refresh: (() => void) | undefined, write: () => Promise<T>, ids?: SubmitIds): Promise<T> {
  try {
    const written = await write();
    ids?.settle();
    return written;
  } catch (error) {
    if (error instanceof BridgeError && error.kind === 'conflict') {
      ids?.settle();
      refresh?.();
      throw new OutboxInputError(coded(error.code, error.params), error.detail);
    }
    if (error instanceof BridgeError && UNANSWERED.has(error.kind)) ids?.keep();
    else ids?.settle();
    throw error;
  }
}

/**
 * Ids of submits whose answer never came back: the main side may have committed them. Sending
 * the same ticket again reuses the same ids, and the main side stores an id once, so the order
 * cannot be doubled by the waiter's second tap.
 */
function submitIds(newId: () => string): (what: unknown) => SubmitIds {
  const unanswered = new Map<string, string[]>();
  return (what) => {
    const fingerprint = JSON.stringify(what);
    const reused = unanswered.get(fingerprint) ?? [];
    const used: string[] = [];
    return {
      next() {
        const id = reused[used.length] ?? newId();
        used.push(id);
        return id;
      },
      keep: () => void unanswered.set(fingerprint, used),
      settle: () => void unanswered.delete(fingerprint),
    };
  };
}

function roundDraft(
  service: TableService,
  lines: readonly TicketLineInput[],
  catalog: CatalogIndex,
  extra: Pick<LoyaltyRequestInput, 'notes' | 'payment' | 'discount' | 'skipMerge' | 'warehouseId'>,
  nextId: () => string,
): EntryDraft {
  const id = nextId();
  const { request, totalCents } = loyaltyRequest({ entryId: id, lines, tableId: service.primaryTableId, guests: service.guests, ...extra }, catalog);
  return {
    id,
    kind: 'round',
    tableIds: [service.primaryTableId],
    place: { kind: 'tables', names: [...service.tableNames] },
    serviceId: service.id,
    request,
    lines: outboxLines(lines),
    summary: { code: 'round', params: { items: itemsIn(lines), totalCents } },
    totalCents,
  };
}

function seatingDraft(
  service: TableService,
  lines: readonly TicketLineInput[],
  catalog: CatalogIndex,
  prepayment: SeatPrepayment | undefined,
  nextId: () => string,
): EntryDraft {
  const { request, totalCents } = seatingRequest(
    { tableIds: service.tableIds, guests: service.guests, customer: service.customer, notes: service.notes, lines, prepayment },
    catalog,
  );
  return {
    id: nextId(),
    kind: 'seating',
    tableIds: [...service.tableIds],
    place: { kind: 'tables', names: [...service.tableNames] },
    serviceId: service.id,
    request,
    lines: outboxLines(lines),
    summary: { code: 'seating', params: { guests: service.guests, items: itemsIn(lines), totalCents } },
    totalCents,
    // The bill names the deposit's method as the waiter chose it (shared/domain/bill.ts).
    ...(prepayment ? { tender: { methodId: prepayment.methodId, methodName: prepayment.methodName, amountCents: prepayment.amountCents, tipCents: 0 } } : {}),
  };
}

function validateTables(tables: readonly SeatTable[]) {
  if (tables.length === 0) throw new OutboxInputError(coded('choose-a-table'));
  if (new Set(tables.map((t) => t.id)).size !== tables.length) throw new OutboxInputError(coded('table-chosen-twice'));
}

function validateGuests(guests: number) {
  if (!Number.isInteger(guests) || guests < MIN_GUESTS || guests > MAX_GUESTS)
    throw new OutboxInputError(coded('guests-range', { min: MIN_GUESTS, max: MAX_GUESTS }));
}

function validateCustomer(customer: SeatCustomer | null) {
  if (customer && customer.name.trim() === '') throw new OutboxInputError(coded('customer-needs-name'));
}

function customerOf(name: string | undefined, email: string | undefined, phone: string | undefined) {
  // clarifications: a loyalty customer needs name AND email; without an email none is sent.
  if (!email?.trim()) return undefined;
  return { name: name?.trim() || email.trim(), email: email.trim(), ...(phone?.trim() ? { phone: phone.trim() } : {}) };
}

type StandalonePlace = Extract<EntryPlace, { kind: 'takeaway' | 'delivery' }>;
type StandaloneFields = Omit<LoyaltyRequestInput, 'entryId' | 'lines'>;

/** The service a seating opens: its tables (the last one is the primary), guests, customer and notes. */
function serviceOf(input: SeatInput, primary: SeatTable, id: string, seatedAt: Date): TableService {
  return {
    id,
    tableIds: input.tables.map((t) => t.id),
    primaryTableId: primary.id,
    tableNames: input.tables.map((t) => t.name),
    guests: input.guests,
    customer: input.customer ? { ...input.customer, name: input.customer.name.trim() } : null,
    notes: input.notes.trim(),
    seatedAt: seatedAt.toISOString(),
    open: 1,
    closedAt: null,
  };
}

/** A takeaway or delivery order's queue entry: no table, no service. */
function standaloneDraft(
  id: string,
  kind: StandalonePlace['kind'],
  place: StandalonePlace,
  lines: readonly TicketLineInput[],
  { request, totalCents }: ReturnType<typeof loyaltyRequest>,
): EntryDraft {
  return {
    id,
    kind,
    tableIds: [],
    place,
    serviceId: null,
    request,
    lines: outboxLines(lines),
    summary: { code: kind, params: { items: itemsIn(lines), totalCents } },
    totalCents,
  };
}

/** A takeaway: its name is required; a phone makes it a pickup the venue can call. */
function takeawayOrder(input: TakeawayInput): { place: StandalonePlace; fields: StandaloneFields } {
  const name = input.name.trim();
  if (name === '') throw new OutboxInputError(coded('takeaway-needs-name'));
  const phone = input.phone?.trim();
  return {
    place: { kind: 'takeaway', customer: name },
    fields: {
      tableName: name,
      notes: input.notes,
      payment: input.payment,
      warehouseId: input.warehouseId,
      customer: customerOf(name, input.email, phone),
      // clarifications: a delivery without an address is a pickup.
      ...(phone ? { delivery: { phone } } : {}),
    },
  };
}

/** A delivery: a phone and an address are required. */
function deliveryOrder(input: DeliveryInput): { place: StandalonePlace; fields: StandaloneFields } {
  const phone = input.phone.trim();
  const address = input.address.trim();
  if (phone === '') throw new OutboxInputError(coded('delivery-needs-phone'));
  if (address === '') throw new OutboxInputError(coded('delivery-needs-address'));
  const name = input.name?.trim();
  return {
    place: { kind: 'delivery', customer: name || phone },
    fields: {
      tableName: name || `Delivery ${phone}`,
      notes: input.notes,
      payment: input.payment,
      warehouseId: input.warehouseId,
      customer: customerOf(name, input.email, phone),
      delivery: { phone, address, ...(input.city?.trim() ? { city: input.city.trim() } : {}), ...(input.date ? { date: input.date } : {}) },
    },
  };
}

export function openOutbox(deps: OutboxClientDeps): Outbox {
  const { bridge, store } = deps;
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const idsFor = submitIds(newId);

  async function catalogFor(lines: readonly TicketLineInput[]): Promise<CatalogIndex> {
    if (lines.length === 0) return EMPTY_CATALOG();
    const catalog = deps.catalogDb();
    if (!catalog) throw new OutboxInputError(coded('menu-not-here'));
    return ticketCatalog(catalog, lines);
  }

  /** An entry of the queue as this window last saw it, for the decisions that need its lines. */
  function conflictedSeating(entryId: string, what: string): OutboxEntry {
    const entry = store.getState().queue?.entries.find((e) => e.id === entryId);
    if (!entry || entry.kind !== 'seating' || !entry.conflict || entry.pending !== 1) {
      throw new OutboxInputError(coded('seating-not-in-conflict'), `cannot be ${what}`);
    }
    return entry;
  }

  async function seat(input: SeatInput): Promise<SeatResult> {
    const tables = input.tables;
    validateTables(tables);
    validateGuests(input.guests);
    validateCustomer(input.customer);
    const lines = input.lines ?? [];
    const catalog = await catalogFor(lines);
    const split = splitSeatingLines(lines, catalog);
    const primary = tables[tables.length - 1]!;
    const ids = idsFor({ seat: input });
    const service = serviceOf(input, primary, ids.next(), now());
    const seatingId = ids.next();
    let seating = seatingDraft(service, split.flow, catalog, input.prepayment, () => seatingId);
    let round: readonly TicketLineInput[] = split.round;
    // Flow's message travels in the URL (spec 4.7): a seating with many items would pass what
    // servers accept in a request line, so its items then go as the first round instead.
    if (split.flow.length > 0 && flowUrlLength(seating.request) > MAX_FLOW_URL_CHARS) {
      seating = seatingDraft(service, [], catalog, input.prepayment, () => seatingId);
      round = lines;
    }
    const drafts = [seating];
    if (round.length > 0) drafts.push(roundDraft(service, round, catalog, {}, ids.next));
    const result = await committing(deps.refresh, () => bridge.seatService({ service, drafts }), ids);
    store.getState().applyWrite({ services: [result.service], entries: result.entries });
    const seated = result.entries.find((e) => e.id === seating.id) ?? result.entries[0]!;
    return { service: result.service, seating: seated, firstRound: result.entries.find((e) => e.id !== seated.id) ?? null };
  }

  async function submit(draft: EntryDraft, ids: SubmitIds): Promise<OutboxEntry> {
    const { entry } = await committing(deps.refresh, () => bridge.submitEntry({ draft }), ids);
    store.getState().applyWrite({ entries: [entry] });
    return entry;
  }

  async function sendRound(input: RoundInput): Promise<OutboxEntry> {
    const service = store.getState().queue?.serviceById.get(input.serviceId);
    if (!service) throw new OutboxInputError(coded('table-cleared'));
    const catalog = await catalogFor(input.lines);
    const ids = idsFor({ round: input });
    const { notes, payment, discount, skipMerge, warehouseId } = input;
    return submit(roundDraft(service, input.lines, catalog, { notes, payment, discount, skipMerge, warehouseId }, ids.next), ids);
  }

  async function sendStandalone(place: StandalonePlace, lines: readonly TicketLineInput[], fields: StandaloneFields): Promise<OutboxEntry> {
    const kind = place.kind;
    const catalog = await catalogFor(lines);
    const ids = idsFor({ place, lines, fields });
    const id = ids.next();
    return submit(standaloneDraft(id, kind, place, lines, loyaltyRequest({ entryId: id, lines, ...fields }, catalog)), ids);
  }

  async function sendTakeaway(input: TakeawayInput): Promise<OutboxEntry> {
    const { place, fields } = takeawayOrder(input);
    return sendStandalone(place, input.lines, fields);
  }

  async function sendDelivery(input: DeliveryInput): Promise<OutboxEntry> {
    const { place, fields } = deliveryOrder(input);
    return sendStandalone(place, input.lines, fields);
  }

  /** A waiter's decision about one entry: the main side checks its state in its transaction. */
  async function decide(call: () => Promise<{ entry: OutboxEntry }>): Promise<void> {
    const { entry } = await committing(deps.refresh, call);
    store.getState().applyWrite({ entries: [entry] });
  }

  return {
    seat,
    sendRound,
    sendTakeaway,
    sendDelivery,
    prepare(lines) {
      const catalog = deps.catalogDb();
      if (catalog) void ticketCatalog(catalog, lines).catch(() => undefined);
    },
    retryNow: (entryId) => decide(() => bridge.retryEntry({ entryId })),
    resend: (entryId) => decide(() => bridge.resendEntry({ entryId })),
    markDone: (entryId) => decide(() => bridge.markEntryDone({ entryId })),
    discard: (entryId) => decide(() => bridge.discardEntry({ entryId })),
    async sendSeatingAsRound(entryId) {
      const entry = conflictedSeating(entryId, 'sent as a round');
      const lines = entry.lines.map(lineInputOf);
      const service = entry.serviceId ? store.getState().queue?.serviceById.get(entry.serviceId) : undefined;
      // A deposit taken at seating goes with the round as its payment (a loyalty order's payment
      // may not be above its total: clarifications "Loyalty order"); with nothing to send it with,
      // the seating must be moved to a free table instead, never dropped with the money.
      const prepayment = prepaymentOfSeating(entry.request, entry.tender);
      if (prepayment && (!service || lines.length === 0)) throw new OutboxInputError(coded('prepayment-needs-free-table'));
      const payment = prepayment ? { paymentMethodId: prepayment.methodId, amountCents: prepayment.amountCents, tipCents: 0 } : undefined;
      // Its items (if any) join the open order as a round; without items there is nothing to send.
      const drafted = service && lines.length > 0 ? roundDraft(service, lines, await catalogFor(lines), payment ? { payment } : {}, newId) : null;
      const round =
        drafted && prepayment
          ? { ...drafted, tender: { methodId: prepayment.methodId, methodName: prepayment.methodName, amountCents: prepayment.amountCents, tipCents: 0 } }
          : drafted;
      await decide(() => bridge.sendSeatingAsRound({ entryId, round }));
    },
    async moveSeating(entryId, tables) {
      const entry = conflictedSeating(entryId, 'moved');
      validateTables(tables);
      const service = entry.serviceId ? store.getState().queue?.serviceById.get(entry.serviceId) : undefined;
      if (!service) throw new OutboxInputError(coded('service-gone'));
      const lines = entry.lines.map(lineInputOf);
      const moved: TableService = {
        ...service,
        tableIds: tables.map((t) => t.id),
        primaryTableId: tables[tables.length - 1]!.id,
        tableNames: tables.map((t) => t.name),
      };
      const seating = seatingDraft(moved, lines, await catalogFor(lines), prepaymentOfSeating(entry.request, entry.tender), newId);
      await decide(() => bridge.moveSeating({ entryId, tables: tables.map(({ id, name }) => ({ id, name })), seating }));
    },
    async clearTable(serviceId) {
      await committing(deps.refresh, () => bridge.clearTable({ serviceId }));
      store.getState().applyWrite({ closedServiceIds: [serviceId] });
    },
    async exportPending() {
      return (await bridge.exportPending({})).json;
    },
  };
}

/** A stored line as the ticket line it was built from (to price it again as a round). */
function lineInputOf(line: OutboxLine): TicketLineInput {
  return { choice: line.choice, name: line.name, details: line.details, quantity: line.quantity, note: line.note, unitCents: line.unitCents };
}
