import type { DeliveryRequest } from '../../../shared/bridge';
import { indexCatalog, type CatalogIndex, type CatalogRecords } from '../../../shared/domain/catalog';
import type { CatalogDb } from './catalogDb';
import { startDispatcher, type Dispatcher, type OutboxBridge } from './dispatcher';
import { loadItemRecords } from './itemRecords';
import { openOutboxDb, type OutboxDb, type OutboxEntry, type OutboxKind, type OutboxLine, type SeatCustomer, type TableService } from './outboxDb';
import { linesSummary, loyaltyRequest, outboxLines, seatingRequest, splitSeatingLines, type LoyaltyRequestInput } from './orderRequests';
import {
  CANNOT_SAVE_MESSAGE,
  OutboxInputError,
  type DeliveryInput,
  type Observable,
  type Outbox,
  type OutboxStorageProblem,
  type RoundInput,
  type SeatInput,
  type SeatResult,
  type SeatTable,
  type TakeawayInput,
  type TicketLineInput,
} from './outboxTypes';

// The outbox (ARCHITECTURE §5, issue 6 item 4): every seating, round, takeaway and delivery is
// committed here — in ONE transaction with the table service it changes — before the screen says
// "saved"; the dispatcher (dispatcher.ts) delivers the entries. Waiter decisions about entries
// that need a person (resend, mark done, discard, conflicts) are transactions here too.

export interface OutboxDeps {
  accountKey: string;
  bridge: OutboxBridge;
  /** The current catalog generation (prices, rules); null before the first sync. */
  catalogDb: () => CatalogDb | null;
  /** An already open database (tests); default: the account's outbox database. */
  db?: OutboxDb;
  now?: () => Date;
  newId?: () => string;
  log?: (line: string) => void;
  /** Start the dispatcher (default true; tests of the data alone pass false). */
  dispatch?: boolean;
}

export const MIN_GUESTS = 1;
export const MAX_GUESTS = 99;
/** Said by the seat dialog while typing and by the outbox when it seats. */
export const GUESTS_MESSAGE = `Guests must be a whole number from ${MIN_GUESTS} to ${MAX_GUESTS}.`;

/**
 * Longest Flow request line we send: the message is URL-encoded into the query (spec 4.7), and
 * common servers refuse request lines or headers past 8–16 KB (Node: 16 KB in all).
 */
export const MAX_FLOW_URL_CHARS = 6_000;

/** Characters the seating's data takes in the URL (credentials add a few dozen). */
export function flowUrlLength(request: DeliveryRequest): number {
  return request.kind === 'seating' ? encodeURIComponent(JSON.stringify(request.data)).length : 0;
}

/** The part of the Web Locks API the outbox uses (navigator.locks). */
interface WebLocks {
  request(name: string, callback: () => Promise<void>): Promise<unknown>;
}

export type Draft = Pick<OutboxEntry, 'kind' | 'tableIds' | 'label' | 'serviceId' | 'request' | 'lines' | 'summary' | 'totalCents'> & { id: string };

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
    const records = await loadItemRecords(db, itemId);
    if (!records) continue;
    for (const key of Object.keys(merged) as (keyof CatalogRecords)[]) {
      const target = merged[key] as Map<number, { id: number }>;
      for (const record of records[key] as readonly { id: number }[]) target.set(record.id, record);
    }
  }
  const records = Object.fromEntries(Object.entries(merged).map(([key, map]) => [key, [...map.values()]])) as unknown as CatalogRecords;
  return indexCatalog(records);
}

/** A new entry as committed: queued, never tried. */
export function queuedEntry(draft: Draft, seq: number, at: string): OutboxEntry {
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

/** "Table 5", "Tables 3 + 4": how entries and screens name a service's tables. */
export function tablesLabel(names: readonly string[]): string {
  return `${names.length === 1 ? 'Table' : 'Tables'} ${names.join(' + ')}`;
}

export function openOutbox(deps: OutboxDeps): Outbox {
  const db = deps.db ?? openOutboxDb(deps.accountKey);
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? (() => crypto.randomUUID());
  // One dispatcher per account even with the terminal open twice (two browser tabs): it runs
  // while holding a Web Lock, so a second tab neither sends nor "recovers" the first one's
  // in-flight entries; it takes over when the first closes. (No Web Locks, e.g. Node: start now.)
  let dispatcher: Dispatcher | null = null;
  let releaseLock = () => {};
  let closed = false;

  // Whether the database takes writes: the header and Pending orders show it (issue 10 item 9).
  let storageProblem: OutboxStorageProblem | null = null;
  const storageListeners = new Set<() => void>();
  const reportLocalWrite = (failure: unknown) => {
    if (failure === null ? storageProblem === null : storageProblem !== null) return;
    storageProblem =
      failure === null
        ? null
        : { message: CANNOT_SAVE_MESSAGE, detail: failure instanceof Error ? `${failure.name}: ${failure.message}` : String(failure), since: now().toISOString() };
    for (const listener of storageListeners) listener();
  };
  const storage: Observable<OutboxStorageProblem | null> = {
    current: () => storageProblem,
    subscribe(listener) {
      storageListeners.add(listener);
      return () => storageListeners.delete(listener);
    },
  };
  /** A write of a new order: its failure (not a waiter's mistake) means the storage refuses writes. */
  async function saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      const written = await write();
      reportLocalWrite(null);
      return written;
    } catch (error) {
      if (!(error instanceof OutboxInputError)) reportLocalWrite(error);
      throw error;
    }
  }

  const startOwn = () => startDispatcher({ db, bridge: deps.bridge, now, log: deps.log, onLocalWrite: reportLocalWrite });
  if (deps.dispatch !== false) {
    const locks = (globalThis as { navigator?: { locks?: WebLocks } }).navigator?.locks;
    if (locks) {
      const released = new Promise<void>((resolve) => (releaseLock = resolve));
      void locks.request(`comanda-outbox-${deps.accountKey}`, async () => {
        if (closed) return;
        dispatcher = startOwn();
        await released;
      });
    } else dispatcher = startOwn();
  }

  async function catalogFor(lines: readonly TicketLineInput[]): Promise<CatalogIndex> {
    if (lines.length === 0) return indexCatalog({ categories: [], items: [], sellingFormats: [], sellingFormatPivots: [], modifiers: [], modifierCategories: [], modifierGroups: [], modifierPivots: [], menuMenuCategories: [], menuMenuItemCategoryPivots: [] });
    const catalog = deps.catalogDb();
    if (!catalog) throw new OutboxInputError('The menu is not on this terminal yet: wait for the first update from the server.');
    return ticketCatalog(catalog, lines);
  }

  /** Writes drafts as queued entries with the next sequence numbers (inside the caller's transaction). */
  async function addEntries(drafts: readonly Draft[]): Promise<OutboxEntry[]> {
    const last = await db.entries.orderBy('seq').last();
    let seq = last?.seq ?? 0;
    const at = now().toISOString();
    const entries = drafts.map((draft) => queuedEntry(draft, ++seq, at));
    await db.entries.bulkAdd(entries);
    return entries;
  }

  function validateGuests(guests: number) {
    if (!Number.isInteger(guests) || guests < MIN_GUESTS || guests > MAX_GUESTS) throw new OutboxInputError(GUESTS_MESSAGE);
  }

  function validateCustomer(customer: SeatCustomer | null) {
    if (customer && customer.name.trim() === '') throw new OutboxInputError('The customer needs a name (or leave the customer out).');
  }

  function roundDraft(service: TableService, lines: readonly TicketLineInput[], catalog: CatalogIndex, extra: Pick<LoyaltyRequestInput, 'notes' | 'payment'> = {}): Draft {
    const id = newId();
    const { request, totalCents } = loyaltyRequest(
      { entryId: id, lines, tableId: service.primaryTableId, guests: service.guests, ...extra },
      catalog,
    );
    return {
      id,
      kind: 'round',
      tableIds: [service.primaryTableId],
      label: tablesLabel(service.tableNames),
      serviceId: service.id,
      request,
      lines: outboxLines(lines),
      summary: `Round · ${linesSummary(lines, totalCents)}`,
      totalCents,
    };
  }

  function seatingDraft(service: TableService, lines: readonly TicketLineInput[], catalog: CatalogIndex): Draft {
    const { request, totalCents } = seatingRequest(
      { tableIds: service.tableIds, guests: service.guests, customer: service.customer, notes: service.notes, lines },
      catalog,
    );
    const guests = `${service.guests} ${service.guests === 1 ? 'guest' : 'guests'}`;
    return {
      id: newId(),
      kind: 'seating',
      tableIds: [...service.tableIds],
      label: tablesLabel(service.tableNames),
      serviceId: service.id,
      request,
      lines: outboxLines(lines),
      summary: lines.length > 0 ? `Seating · ${guests} · ${linesSummary(lines, totalCents)}` : `Seating · ${guests}`,
      totalCents,
    };
  }

  async function openServiceAt(tableIds: readonly number[]): Promise<TableService | undefined> {
    return db.services.where('tableIds').anyOf([...tableIds]).filter((s) => s.open === 1).first();
  }

  async function seat(input: SeatInput): Promise<SeatResult> {
    const tables = input.tables;
    if (tables.length === 0) throw new OutboxInputError('Choose at least one table.');
    if (new Set(tables.map((t) => t.id)).size !== tables.length) throw new OutboxInputError('A table is chosen twice.');
    validateGuests(input.guests);
    validateCustomer(input.customer);
    const lines = input.lines ?? [];
    const catalog = await catalogFor(lines);
    const split = splitSeatingLines(lines, catalog);
    const primary = tables[tables.length - 1]!;
    const service: TableService = {
      id: newId(),
      tableIds: tables.map((t) => t.id),
      primaryTableId: primary.id,
      tableNames: tables.map((t) => t.name),
      guests: input.guests,
      customer: input.customer ? { ...input.customer, name: input.customer.name.trim() } : null,
      notes: input.notes.trim(),
      seatedAt: now().toISOString(),
      open: 1,
      closedAt: null,
    };
    let seating = seatingDraft(service, split.flow, catalog);
    let round: readonly TicketLineInput[] = split.round;
    // Flow's message travels in the URL (spec 4.7): a seating with many items would pass what
    // servers accept in a request line, so its items then go as the first round instead.
    if (split.flow.length > 0 && flowUrlLength(seating.request) > MAX_FLOW_URL_CHARS) {
      seating = seatingDraft(service, [], catalog);
      round = lines;
    }
    const drafts = [seating];
    if (round.length > 0) drafts.push(roundDraft(service, round, catalog));
    const entries = await saving(() => db.transaction('rw', db.entries, db.services, async () => {
      const busy = await openServiceAt(service.tableIds);
      if (busy) throw new OutboxInputError(`${tablesLabel(busy.tableNames)} is already seated on this terminal: open it from the floor plan.`);
      await db.services.add(service);
      return addEntries(drafts);
    }));
    dispatcher?.kick();
    return { service, seating: entries[0]!, firstRound: entries[1] ?? null };
  }

  async function sendRound(input: RoundInput): Promise<OutboxEntry> {
    const lines = input.lines;
    const catalog = await catalogFor(lines);
    const entry = await saving(() => db.transaction('rw', db.entries, db.services, async () => {
      const service = await db.services.get(input.serviceId);
      if (!service || service.open !== 1) throw new OutboxInputError('This table has been cleared: seat it again to send a round.');
      const [added] = await addEntries([roundDraft(service, lines, catalog, { notes: input.notes, payment: input.payment })]);
      return added!;
    }));
    dispatcher?.kick();
    return entry;
  }

  async function sendStandalone(kind: Extract<OutboxKind, 'takeaway' | 'delivery'>, label: string, lines: readonly TicketLineInput[], fields: Omit<LoyaltyRequestInput, 'entryId' | 'lines'>): Promise<OutboxEntry> {
    const catalog = await catalogFor(lines);
    const id = newId();
    const { request, totalCents } = loyaltyRequest({ entryId: id, lines, ...fields }, catalog);
    const title = kind === 'takeaway' ? 'Takeaway' : 'Delivery';
    const draft: Draft = { id, kind, tableIds: [], label, serviceId: null, request, lines: outboxLines(lines), summary: `${title} · ${linesSummary(lines, totalCents)}`, totalCents };
    const [entry] = await saving(() => db.transaction('rw', db.entries, () => addEntries([draft])));
    dispatcher?.kick();
    return entry!;
  }

  function customerOf(name: string | undefined, email: string | undefined, phone: string | undefined) {
    // clarifications: a loyalty customer needs name AND email; without an email none is sent.
    if (!email?.trim()) return undefined;
    return { name: name?.trim() || email.trim(), email: email.trim(), ...(phone?.trim() ? { phone: phone.trim() } : {}) };
  }

  async function sendTakeaway(input: TakeawayInput): Promise<OutboxEntry> {
    const name = input.name.trim();
    if (name === '') throw new OutboxInputError('A takeaway needs the name of who collects it.');
    const phone = input.phone?.trim();
    return sendStandalone('takeaway', `Takeaway · ${name}`, input.lines, {
      tableName: name,
      notes: input.notes,
      payment: input.payment,
      customer: customerOf(name, input.email, phone),
      // clarifications: a delivery without an address is a pickup.
      ...(phone ? { delivery: { phone } } : {}),
    });
  }

  async function sendDelivery(input: DeliveryInput): Promise<OutboxEntry> {
    const phone = input.phone.trim();
    const address = input.address.trim();
    if (phone === '') throw new OutboxInputError('A delivery needs a phone number.');
    if (address === '') throw new OutboxInputError('A delivery needs an address.');
    const name = input.name?.trim();
    return sendStandalone('delivery', `Delivery · ${name || phone}`, input.lines, {
      tableName: name || `Delivery ${phone}`,
      notes: input.notes,
      payment: input.payment,
      customer: customerOf(name, input.email, phone),
      delivery: { phone, address, ...(input.city?.trim() ? { city: input.city.trim() } : {}), ...(input.date ? { date: input.date } : {}) },
    });
  }

  /** Changes one entry in a transaction after checking its state; returns the updated entry. */
  async function change(entryId: string, allowed: readonly OutboxEntry['state'][], what: string, update: (entry: OutboxEntry) => Partial<OutboxEntry>): Promise<OutboxEntry> {
    const updated = await db.transaction('rw', db.entries, db.services, async () => {
      const entry = await db.entries.get(entryId);
      if (!entry) throw new OutboxInputError('This order is no longer in the outbox.');
      if (entry.pending !== 1 || !allowed.includes(entry.state)) {
        throw new OutboxInputError(`This order cannot be ${what} now: it is ${entry.pending === 1 ? entry.state : 'no longer pending'}.`);
      }
      const next = { ...entry, ...update(entry), updatedAt: now().toISOString() };
      await db.entries.put(next);
      return next;
    });
    dispatcher?.kick();
    return updated;
  }

  /** A seating dropped by the waiter: its service goes too when nothing else of it was sent or is pending. */
  async function closeServiceIfEmpty(entry: OutboxEntry) {
    if (entry.kind !== 'seating' || !entry.serviceId) return;
    const others = await db.entries.where('serviceId').equals(entry.serviceId).filter((e) => e.id !== entry.id && (e.pending === 1 || e.state === 'accepted')).count();
    if (others === 0) await db.services.update(entry.serviceId, { open: 0, closedAt: now().toISOString() });
  }

  const outbox: Outbox = {
    db,
    storage,
    seat,
    sendRound,
    sendTakeaway,
    sendDelivery,
    async retryNow(entryId) {
      await change(entryId, ['queued'], 'retried', () => ({ retryAt: null }));
      dispatcher?.retryNow();
    },
    async resend(entryId) {
      // The waiter checked the POS: the next attempt follows an unconfirmed one (ARCHITECTURE §5).
      await change(entryId, ['unconfirmed'], 'resent', () => ({ state: 'queued', retryAt: null, afterUnconfirmed: true }));
    },
    async markDone(entryId) {
      await change(entryId, ['unconfirmed', 'rejected'], 'marked done', () => ({ pending: 0, resolution: 'marked-done' }));
    },
    async discard(entryId) {
      await db.transaction('rw', db.entries, db.services, async () => {
        const entry = await change(entryId, ['queued', 'unconfirmed', 'rejected'], 'discarded', () => ({ pending: 0, resolution: 'discarded' }));
        await closeServiceIfEmpty(entry);
      });
    },
    async sendSeatingAsRound(entryId) {
      const entry = await db.entries.get(entryId);
      if (!entry || entry.kind !== 'seating' || !entry.conflict || entry.pending !== 1) throw new OutboxInputError('Only a seating refused because the table already has an open order can be sent as a round.');
      const lines = entry.lines.map(lineInputOf);
      const catalog = await catalogFor(lines);
      await db.transaction('rw', db.entries, db.services, async () => {
        await change(entryId, ['rejected'], 'sent as a round', () => ({ pending: 0, resolution: 'sent-as-round' }));
        const service = entry.serviceId ? await db.services.get(entry.serviceId) : undefined;
        // Its items (if any) join the open order as a round; without items there is nothing to send.
        if (service && lines.length > 0) await addEntries([roundDraft(service, lines, catalog)]);
      });
      dispatcher?.kick();
    },
    async moveSeating(entryId, tables) {
      const entry = await db.entries.get(entryId);
      if (!entry || entry.kind !== 'seating' || !entry.conflict || entry.pending !== 1 || !entry.serviceId) throw new OutboxInputError('Only a seating refused because the table already has an open order can be moved.');
      if (tables.length === 0) throw new OutboxInputError('Choose at least one table.');
      const lines = entry.lines.map(lineInputOf);
      const catalog = await catalogFor(lines);
      await db.transaction('rw', db.entries, db.services, async () => {
        const service = await db.services.get(entry.serviceId!);
        if (!service) throw new OutboxInputError('This table service no longer exists.');
        const busy = await openServiceAt(tables.map((t) => t.id));
        if (busy && busy.id !== service.id) throw new OutboxInputError(`${tablesLabel(busy.tableNames)} is already seated on this terminal.`);
        const moved: TableService = { ...service, tableIds: tables.map((t) => t.id), primaryTableId: tables[tables.length - 1]!.id, tableNames: tables.map((t) => t.name) };
        await change(entryId, ['rejected'], 'moved', () => ({ pending: 0, resolution: 'moved' }));
        await db.services.put(moved);
        // Its rounds still waiting follow it to the new primary table.
        const waiting = await db.entries.where('serviceId').equals(service.id).filter((e) => e.kind === 'round' && e.state === 'queued' && e.pending === 1).toArray();
        for (const round of waiting) await db.entries.put(retarget(round, moved));
        await addEntries([seatingDraft(moved, lines, catalog)]);
      });
      dispatcher?.kick();
    },
    async clearTable(serviceId) {
      await db.transaction('rw', db.services, async () => {
        const service = await db.services.get(serviceId);
        if (!service || service.open !== 1) return;
        await db.services.update(serviceId, { open: 0, closedAt: now().toISOString() });
      });
    },
    async exportPending() {
      const entries = await db.entries.where('pending').equals(1).sortBy('seq');
      return JSON.stringify({ exportedAt: now().toISOString(), account: deps.accountKey, count: entries.length, entries }, null, 2);
    },
    kick: () => dispatcher?.kick(),
    close() {
      closed = true;
      dispatcher?.stop();
      releaseLock();
      db.close();
    },
  };
  return outbox;
}

function lineInputOf(line: OutboxLine): TicketLineInput {
  return { choice: line.choice, name: line.name, details: line.details, quantity: line.quantity, note: line.note, unitCents: line.unitCents };
}

/** A queued round re-aimed at its service's new primary table. */
function retarget(entry: OutboxEntry, service: TableService): OutboxEntry {
  const request = entry.request as Extract<DeliveryRequest, { kind: 'order' }>;
  return {
    ...entry,
    tableIds: [service.primaryTableId],
    label: tablesLabel(service.tableNames),
    request: { ...request, order: { ...request.order, order: { ...request.order.order, table_id: service.primaryTableId } } },
  };
}

export type { SeatTable };
