import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntryDraft, OutboxLine, TableService } from '../../../shared/bridge/queue';
import { openQueueDatabase } from './database';
import { createQueueStore, type QueueStore, type QueueStoreOptions } from './store';

// Test helpers of the queue store (not used by the app): a store on a fresh file in a temporary
// folder, and drafts shaped as the renderer builds them (renderer/src/data/queue/orderRequests.ts) for
// the demo catalog's Caña (item 10, 2,50 €).

/** Temporary folders and the stores opened in them; `cleanUp()` closes and removes all of them. */
export function queueStoreFixture(options: Partial<QueueStoreOptions> = {}) {
  const folders: string[] = [];
  const stores: QueueStore[] = [];
  const start = Date.parse('2026-11-23T12:00:00Z');
  let clock = start;
  const now = options.now ?? (() => new Date(clock));
  const folder = (): string => {
    const created = mkdtempSync(join(tmpdir(), 'comanda-queue-'));
    folders.push(created);
    return created;
  };
  return {
    /** Advances the default clock. */
    tick(ms = 1_000) {
      clock += ms;
    },
    folder,
    /** A store on `file` (default: a new file); several on one file are several connections. */
    open(file = join(folder(), 'queue.sqlite')): { store: QueueStore; file: string } {
      const store = createQueueStore(openQueueDatabase(file), { now, ...(options.log ? { log: options.log } : {}) });
      stores.push(store);
      return { store, file };
    },
    cleanUp() {
      clock = start;
      for (const store of stores.splice(0)) {
        try {
          store.close();
        } catch {
          // closed by the test already
        }
      }
      for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface TestTable {
  id: number;
  name: string;
}

export function newService(tables: readonly TestTable[], guests = 2): TableService {
  return {
    id: randomUUID(),
    tableIds: tables.map((t) => t.id),
    primaryTableId: tables[tables.length - 1]!.id,
    tableNames: tables.map((t) => t.name),
    guests,
    customer: null,
    notes: '',
    seatedAt: '2026-11-23T12:00:00.000Z',
    open: 1,
    closedAt: null,
  };
}

export function canaLine(quantity = 1): OutboxLine {
  return { name: 'Caña', quantity, details: [], note: '', unitCents: 250, totalCents: 250 * quantity, choice: { itemId: 10, quantity: 1 } };
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** The Flow seating of `service` (its items, if any, in the seating's contents). */
export function seatingDraft(service: TableService, canas = 0): EntryDraft {
  const lines = canas > 0 ? [canaLine(canas)] : [];
  return {
    id: randomUUID(),
    kind: 'seating',
    tableIds: [...service.tableIds],
    place: { kind: 'tables', names: [...service.tableNames] },
    serviceId: service.id,
    request: {
      kind: 'seating',
      data: {
        customer: null,
        table_id: [...service.tableIds],
        guests: service.guests,
        contents: canas > 0 ? [{ item_id: 10, itemPrice: '2.50', quantity: canas, itemName: 'Caña' }] : null,
        payments: null,
      },
    },
    lines,
    summary: `Seating · ${service.guests} guests`,
    totalCents: 250 * canas,
  };
}

/** A round of `canas` Cañas for the service's primary table (as the window saw the service). */
export function roundDraft(service: TableService, canas = 1): EntryDraft {
  const id = randomUUID();
  return {
    id,
    kind: 'round',
    tableIds: [service.primaryTableId],
    place: { kind: 'tables', names: [...service.tableNames] },
    serviceId: service.id,
    request: {
      kind: 'order',
      order: {
        order: {
          total: money(250 * canas),
          contents: [{ item_id: 10, itemPrice: '2.50', quantity: canas, modifiers: [] }],
          table_id: service.primaryTableId,
          guests: service.guests,
          extraId: id,
        },
      },
    },
    lines: [canaLine(canas)],
    summary: `Round · ${canas} items`,
    totalCents: 250 * canas,
  };
}

export function takeawayDraft(name: string, canas = 1): EntryDraft {
  const id = randomUUID();
  return {
    id,
    kind: 'takeaway',
    tableIds: [],
    place: { kind: 'takeaway', customer: name },
    serviceId: null,
    request: {
      kind: 'order',
      order: {
        order: { total: money(250 * canas), contents: [{ item_id: 10, itemPrice: '2.50', quantity: canas, modifiers: [] }], tableName: name, extraId: id },
      },
    },
    lines: [canaLine(canas)],
    summary: `Takeaway · ${canas} items`,
    totalCents: 250 * canas,
  };
}

export function deliveryDraft(phone: string): EntryDraft {
  const id = randomUUID();
  return {
    id,
    kind: 'delivery',
    tableIds: [],
    place: { kind: 'delivery', customer: phone },
    serviceId: null,
    request: {
      kind: 'order',
      order: {
        order: { total: '2.50', contents: [{ item_id: 10, itemPrice: '2.50', quantity: 1, modifiers: [] }], tableName: `Delivery ${phone}`, extraId: id },
        delivery: { phone, address: 'Calle Mayor 1' },
      },
    },
    lines: [canaLine()],
    summary: 'Delivery · 1 item',
    totalCents: 250,
  };
}

/**
 * A payment of the service's open order (a loyalty order with no contents) of `cents`,
 * with a tip, maybe carrying the bill's discount (`discountCents` off) and waiting for a card's redeem.
 */
export function paymentDraft(
  service: Pick<TableService, 'id' | 'primaryTableId' | 'tableNames'>,
  cents: number,
  options: { tipCents?: number; discountCents?: number; after?: string; giftCardUuid?: string; methodId?: number } = {},
): EntryDraft {
  const id = randomUUID();
  const tipCents = options.tipCents ?? 0;
  const methodId = options.methodId ?? (options.giftCardUuid ? 3 : 1);
  return {
    id,
    kind: 'payment',
    tableIds: [service.primaryTableId],
    place: { kind: 'tables', names: [...service.tableNames] },
    serviceId: service.id,
    request: {
      kind: 'order',
      order: {
        order: {
          total: 0,
          contents: [],
          table_id: service.primaryTableId,
          extraId: id,
          payment: {
            amount: money(cents),
            payment_method_id: methodId,
            ...(tipCents > 0 ? { tip: money(tipCents) } : {}),
            ...(options.giftCardUuid ? { payment_reference: options.giftCardUuid } : {}),
          },
          ...(options.discountCents ? { orderDiscount: { name: 'Bill discount', amount: money(-options.discountCents) } } : {}),
        },
      },
    },
    lines: [],
    summary: 'Payment',
    totalCents: cents,
    ...(options.after ? { after: options.after } : {}),
    tender: {
      methodId,
      methodName: options.giftCardUuid ? 'Gift card' : 'Card',
      amountCents: cents,
      tipCents,
      ...(options.giftCardUuid ? { giftCardUuid: options.giftCardUuid } : {}),
      ...(options.discountCents ? { discountCents: options.discountCents, discountReason: 'Bill discount' } : {}),
    },
  };
}

/** A gift card's redeem of `cents` (for a service's bill, or none: a takeaway's). */
export function redeemDraft(service: Pick<TableService, 'id' | 'primaryTableId' | 'tableNames'> | null, cents: number, uuid = 'CARD-1'): EntryDraft {
  return {
    id: randomUUID(),
    kind: 'gift-redeem',
    tableIds: service ? [service.primaryTableId] : [],
    place: service ? { kind: 'tables', names: [...service.tableNames] } : { kind: 'takeaway' },
    serviceId: service?.id ?? null,
    request: { kind: 'gift-redeem', uuid, redeem: { amount: money(cents) } },
    lines: [],
    summary: `Gift card ${uuid}`,
    totalCents: cents,
  };
}

/** A customer created offline. */
export function customerDraft(name: string): EntryDraft {
  return {
    id: randomUUID(),
    kind: 'customer',
    tableIds: [],
    place: { kind: 'legacy', text: name },
    serviceId: null,
    request: { kind: 'customer', customer: { name, active: 1 } },
    lines: [],
    summary: name,
    totalCents: 0,
  };
}
