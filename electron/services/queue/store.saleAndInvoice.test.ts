// A shop's sale and its invoice are committed together (store.ts `submitSale`): a failure while
// either is stored leaves neither, and the same call again (its answer was lost) stores them once.
// The failure is the database's own: a trigger refuses the insert of one kind, as a full disk
// would refuse it halfway through the transaction.
import { afterEach, describe, expect, it } from 'vitest';
import { anySale, cardAndCash } from '../retail/delivery.testing';
import { openQueueDatabase } from './database';
import { QueueInputError } from './store';
import { queueStoreFixture } from './store.testing';

const fixture = queueStoreFixture();
afterEach(() => fixture.cleanUp());

/** Makes the database refuse to store an entry of `kind` until the returned function is called. */
function failInsertsOf(file: string, kind: 'sale' | 'invoice'): () => void {
  const db = openQueueDatabase(file);
  db.exec(`CREATE TRIGGER refuse_${kind} BEFORE INSERT ON entries WHEN NEW.kind = '${kind}' BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
  return () => {
    db.exec(`DROP TRIGGER refuse_${kind}`);
    db.close();
  };
}

describe('a sale and its invoice in one transaction', () => {
  it('stores both, the invoice after its sale', () => {
    const { store } = fixture.open();
    const { sale, invoice } = anySale();
    const stored = store.submitSale(sale, invoice);
    expect(stored.sale).toMatchObject({ id: sale.id, kind: 'sale', state: 'queued' });
    expect(stored.invoice).toMatchObject({ id: invoice.id, kind: 'invoice', after: sale.id });
    expect(stored.invoice.seq).toBeGreaterThan(stored.sale.seq);
    expect(store.pending().map((e) => e.id)).toEqual([sale.id, invoice.id]);
  });

  it('keeps no sale when storing its invoice fails', () => {
    const { store, file } = fixture.open();
    const { sale, invoice } = anySale();
    const restore = failInsertsOf(file, 'invoice');
    const revision = store.revision();
    expect(() => store.submitSale(sale, invoice)).toThrow(/full/);
    expect(store.get(sale.id)).toBeNull();
    expect(store.get(invoice.id)).toBeNull();
    expect(store.revision()).toBe(revision);
    restore();
  });

  it('keeps no invoice when storing its sale fails', () => {
    const { store, file } = fixture.open();
    const { sale, invoice } = anySale();
    const restore = failInsertsOf(file, 'sale');
    expect(() => store.submitSale(sale, invoice)).toThrow(/full/);
    expect(store.pending()).toEqual([]);
    restore();
  });

  it('keeps no sale when its invoice is refused (payments short of the total)', () => {
    const { store } = fixture.open();
    const { sale, invoice, totalCents } = anySale();
    const short = { ...invoice, request: { kind: 'retail-invoice' as const, invoice: { payments: cardAndCash(totalCents - 1, { card: 1, cash: 2 }) } } };
    expect(() => store.submitSale(sale, short)).toThrow(QueueInputError);
    expect(store.pending()).toEqual([]);
  });

  it('stores the pair once when the same call comes again, after a failure or after a lost answer', () => {
    const { store, file } = fixture.open();
    const { sale, invoice } = anySale();
    const restore = failInsertsOf(file, 'invoice');
    expect(() => store.submitSale(sale, invoice)).toThrow(/full/);
    restore();
    const first = store.submitSale(sale, invoice);
    const again = store.submitSale(sale, invoice);
    expect(again).toEqual(first);
    expect(store.pending().map((e) => e.id)).toEqual([sale.id, invoice.id]);
  });

  it('refuses what is not a sale with its own invoice', () => {
    const { store } = fixture.open();
    const { sale, invoice } = anySale();
    const other = anySale([201, 202]);
    expect(() => store.submitSale(invoice, sale)).toThrow('a sale comes with its invoice');
    expect(() => store.submitSale(sale, other.invoice)).toThrow('the invoice waits for another sale');
    expect(store.pending()).toEqual([]);
  });
});
