import type { BridgeEvent, DeliveryOutcome, DeliveryRequest } from '../../../shared/bridge';
import { demoRecords } from '../../../shared/domain/testing';
import { openGenerationDb, type CatalogDb } from './catalogDb';
import type { OutboxDeps } from './outbox';
import { openOutboxDb, type OutboxDb } from './outboxDb';
import type { TicketLineInput } from './outboxTypes';

// Test helpers of the outbox (not used by the app): the domain's demo catalog in a generation
// database, a bridge whose deliveries a test answers, and ticket lines.

let counter = 0;

export async function demoCatalogDb(): Promise<CatalogDb> {
  const db = openGenerationDb(`outbox-test-${++counter}`, 1);
  const r = demoRecords();
  await db.transaction('rw', db.tables, async () => {
    await db.categories.bulkPut([...r.categories]);
    await db.items.bulkPut([...r.items]);
    await db.sellingFormats.bulkPut([...r.sellingFormats]);
    await db.sellingFormatPivots.bulkPut([...r.sellingFormatPivots]);
    await db.modifiers.bulkPut([...r.modifiers]);
    await db.modifierCategories.bulkPut([...r.modifierCategories]);
    await db.modifierGroups.bulkPut([...r.modifierGroups]);
    await db.modifierPivots.bulkPut([...r.modifierPivots]);
    await db.menuMenuCategories.bulkPut([...r.menuMenuCategories]);
    await db.menuMenuItemCategoryPivots.bulkPut([...r.menuMenuItemCategoryPivots]);
  });
  return db;
}

export function testOutboxDb(): OutboxDb {
  return openOutboxDb(`test-${++counter}`);
}

/** Ticket lines of the demo catalog (shared/domain/testing.ts demoRecords). */
export const demoLines = {
  cana: (quantity = 1, note = ''): TicketLineInput => ({ choice: { itemId: 10, quantity: 1 }, name: 'Caña', details: [], quantity, note, unitCents: 250 }),
  entrecot: (quantity = 1): TicketLineInput => ({ choice: { itemId: 11, quantity: 1, modifierIds: [2, 3] }, name: 'Entrecot', details: ['Al punto', 'Huevo'], quantity, note: '', unitCents: 2010 }),
  jamon: (): TicketLineInput => ({ choice: { itemId: 20, quantity: 1, formatPivotId: 1 }, name: 'Jamón', details: ['½ ración'], quantity: 1, note: '', unitCents: 1350 }),
};

export interface DeliveryCall {
  request: DeliveryRequest;
  answer: (outcome: DeliveryOutcome) => void;
  fail: (error: unknown) => void;
}

/** A bridge whose deliverOrder calls wait until the test answers them; connection events on demand. */
export function scriptedBridge(): OutboxDeps['bridge'] & { calls: DeliveryCall[]; emit: (event: BridgeEvent) => void; waitForCalls: (n: number) => Promise<void> } {
  const calls: DeliveryCall[] = [];
  const listeners = new Set<(event: BridgeEvent) => void>();
  const waiters: Array<() => void> = [];
  return {
    calls,
    deliverOrder: (request) =>
      new Promise<DeliveryOutcome>((answer, fail) => {
        calls.push({ request, answer, fail });
        for (const wake of waiters.splice(0)) wake();
      }),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event) {
      for (const listener of listeners) listener(event);
    },
    async waitForCalls(n) {
      while (calls.length < n) await new Promise<void>((wake) => waiters.push(wake));
    },
  };
}
