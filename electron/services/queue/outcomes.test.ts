import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outboxStates, queuedEntry, type OutboxEntry } from '../../../shared/bridge';
import { paymentDraft, redeemDraft, roundDraft } from './dispatcher.testing';
import {
  applyOutcome,
  discardedWith,
  endedUnsent,
  localRetryDelayMs,
  nextRetryAt,
  outcomeOfDeliveryFailure,
  sendableEntries,
  storageProblemOf,
  waitsFor,
} from './outcomes';

const AT = new Date('2026-11-22T12:00:00Z');

let ids = 0;
function entry(fields: Partial<OutboxEntry> & Pick<OutboxEntry, 'seq'>): OutboxEntry {
  const id = `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;
  return { ...queuedEntry(roundDraft(null, { id, kind: 'round' }), fields.seq, AT.toISOString()), ...fields };
}

describe('sendableEntries', () => {
  const pick = (pending: OutboxEntry[], capacity = 10, inFlight: string[] = []) =>
    sendableEntries(pending, { inFlight: new Set(inFlight), now: AT.getTime(), capacity }).map((e) => e.id);

  it('keeps per-table order: a round never overtakes its table’s seating; other tables and takeaways go', () => {
    const pending = [
      entry({ seq: 1, kind: 'seating', tableIds: [5, 6] }),
      entry({ seq: 2, tableIds: [6] }),
      entry({ seq: 3, tableIds: [7] }),
      entry({ seq: 4, kind: 'takeaway', tableIds: [] }),
      entry({ seq: 5, tableIds: [7] }),
    ];
    const [seat5, , round7, takeaway] = pending.map((e) => e.id);
    expect(pick(pending)).toEqual([seat5, round7, takeaway]);
    expect(pick(pending, 2)).toEqual([seat5, round7]);
    // While the seating is in flight (sending), its tables stay held.
    expect(pick([{ ...pending[0]!, state: 'sending' }, ...pending.slice(1)], 10, [seat5!])).toEqual([round7, takeaway]);
    // Commit order decides, not the order the store listed them in.
    expect(pick([...pending].reverse())).toEqual([seat5, round7, takeaway]);
  });

  it('holds a table’s rounds behind a seating that needs a person, but not behind an unconfirmed round', () => {
    expect(pick([entry({ seq: 1, kind: 'seating', state: 'unconfirmed', tableIds: [2] }), entry({ seq: 2, tableIds: [2] })])).toEqual([]);
    expect(pick([entry({ seq: 1, kind: 'seating', state: 'rejected', conflict: true, tableIds: [2] }), entry({ seq: 2, tableIds: [2] })])).toEqual([]);
    const after = entry({ seq: 2, tableIds: [2] });
    expect(pick([entry({ seq: 1, state: 'unconfirmed', tableIds: [2] }), after])).toEqual([after.id]);
  });

  it('waits for Retry-After, and a waiting entry still holds the ones behind it', () => {
    const later = new Date(AT.getTime() + 5_000).toISOString();
    const other = entry({ seq: 3, tableIds: [4] });
    const pending = [entry({ seq: 1, tableIds: [3], retryAt: later }), entry({ seq: 2, tableIds: [3] }), other];
    expect(pick(pending)).toEqual([other.id]);
    expect(nextRetryAt(pending, AT.getTime())).toBe(AT.getTime() + 5_000);
    expect(nextRetryAt([other], AT.getTime())).toBeNull();
  });

  it('never picks an entry that is resolved or no longer pending', () => {
    expect(pick([entry({ seq: 1, resolution: 'discarded' }), entry({ seq: 2, pending: 0 })])).toEqual([]);
  });
});

describe('entries that wait for another (`after`)', () => {
  const pick = (pending: OutboxEntry[]) => sendableEntries(pending, { inFlight: new Set(), now: AT.getTime(), capacity: 10 }).map((e) => e.id);
  const SERVICE = '00000000-0000-4000-8000-00000000aaaa';
  const redeem = (fields: Partial<OutboxEntry> & Pick<OutboxEntry, 'seq'>) =>
    ({ ...queuedEntry(redeemDraft(3, 1000, { serviceId: SERVICE }), fields.seq, AT.toISOString()), ...fields }) as OutboxEntry;
  const payment = (after: string, fields: Partial<OutboxEntry> & Pick<OutboxEntry, 'seq'>) =>
    ({ ...queuedEntry(paymentDraft(3, 1000, { serviceId: SERVICE, after }), fields.seq, AT.toISOString()), ...fields }) as OutboxEntry;

  it('a payment waits while its card’s redeem is pending, and goes once the redeem is no longer pending (accepted or marked done)', () => {
    const card = redeem({ seq: 1 });
    const pay = payment(card.id, { seq: 2 });
    expect(pick([card, pay])).toEqual([card.id]);
    expect(waitsFor(pay, [card, pay])?.id).toBe(card.id);
    for (const state of ['sending', 'unconfirmed', 'rejected'] as const) expect(pick([{ ...card, state }, pay])).toEqual([]);
    // Accepted or marked done: no longer pending, so not among the entries the dispatcher reads.
    expect(pick([pay])).toEqual([pay.id]);
    expect(waitsFor(pay, [pay])).toBeNull();
  });

  it('a table’s card redeem waits until its payment is committed; a person’s resend does not wait', () => {
    const card = redeem({ seq: 1 });
    expect(pick([card])).toEqual([]);
    expect(pick([card, payment(card.id, { seq: 2 })])).toEqual([card.id]);
    expect(pick([{ ...card, attempts: 1, afterUnconfirmed: true }])).toEqual([card.id]);
    // A takeaway's card (no service) goes at once: its payment may come later.
    const loose = { ...card, serviceId: null, tableIds: [] };
    expect(pick([loose])).toEqual([loose.id]);
  });

  it('an entry waiting for a person’s decision about a card does not hold its table’s rounds', () => {
    const card = redeem({ seq: 1, state: 'unconfirmed', attempts: 1 });
    const pay = payment(card.id, { seq: 2 });
    const round = entry({ seq: 3, tableIds: [3] });
    expect(pick([card, pay, round])).toEqual([round.id]);
    // While the card is queued or in flight, its table keeps its order.
    expect(pick([{ ...card, state: 'queued' }, pay, round])).toEqual([card.id]);
  });

  it('discardedWith: what waited for an entry that ended unsent goes with it, with the reason; nothing when it reached the POS', () => {
    const card = redeem({ seq: 1 });
    const pay = payment(card.id, { seq: 2 });
    const other = entry({ seq: 3, tableIds: [3] });
    const rejected = applyOutcome(
      { ...card, state: 'sending' },
      { outcome: 'rejected', reason: 'invalid', code: 'gift-card-redeem-refused', params: { said: 'Insufficient balance' } },
      AT,
    );
    expect(endedUnsent(rejected)).toBe(true);
    const gone = discardedWith(rejected, [rejected, pay, other], AT);
    expect(gone).toEqual([
      {
        ...pay,
        pending: 0,
        resolution: 'discarded',
        retryAt: null,
        updatedAt: AT.toISOString(),
        lastError: expect.objectContaining({ kind: 'discarded-with', code: 'payment-card-not-charged' }),
      },
    ]);
    expect(discardedWith({ ...card, pending: 0, resolution: 'discarded' }, [pay], AT).map((e) => e.id)).toEqual([pay.id]);
    expect(discardedWith({ ...card, state: 'accepted', pending: 0 }, [pay], AT)).toEqual([]);
    expect(discardedWith({ ...rejected, pending: 0, resolution: 'marked-done' }, [pay], AT)).toEqual([]);
    expect(discardedWith({ ...card, state: 'unconfirmed' }, [pay], AT)).toEqual([]);
  });

  it('property: never sends an entry while what it waits for is pending; discardedWith takes exactly the entries that waited, transitively', () => {
    const arbitraryQueue = fc.array(
      fc.record({
        state: fc.constantFrom(...outboxStates),
        pending: fc.constantFrom(0 as const, 1 as const),
        afterIndex: fc.option(fc.nat(30), { nil: undefined }),
        table: fc.nat(3),
      }),
      { minLength: 1, maxLength: 30 },
    );
    fc.assert(
      fc.property(arbitraryQueue, fc.nat(29), (specs, endedIndex) => {
        const entries = specs.map((spec, i) => entry({ seq: i + 1, state: spec.state, pending: spec.pending, tableIds: [spec.table] }));
        // `after` only names an earlier entry (the store refuses anything else).
        const withAfter = entries.map((e, i) => {
          const target = specs[i]!.afterIndex;
          return target !== undefined && target < i ? { ...e, after: entries[target]!.id } : e;
        });
        const pending = withAfter.filter((e) => e.pending === 1);
        const pendingIds = new Set(pending.map((e) => e.id));
        for (const sent of sendableEntries(withAfter, { inFlight: new Set(), now: AT.getTime(), capacity: 100 })) {
          expect(!sent.after || !pendingIds.has(sent.after)).toBe(true);
        }
        const ended = { ...withAfter[endedIndex % withAfter.length]!, pending: 0 as const, resolution: 'discarded' as const };
        const gone = discardedWith(ended, withAfter, AT);
        const expected = new Set<string>();
        let grew = true;
        while (grew) {
          grew = false;
          for (const e of withAfter) {
            if (
              e.pending === 1 &&
              e.state !== 'sending' &&
              e.after &&
              (e.after === ended.id || expected.has(e.after)) &&
              !expected.has(e.id) &&
              e.id !== ended.id
            ) {
              expected.add(e.id);
              grew = true;
            }
          }
        }
        expect(new Set(gone.map((e) => e.id))).toEqual(expected);
        expect(gone.every((e) => e.pending === 0 && e.resolution === 'discarded')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('applyOutcome', () => {
  const sending = entry({ seq: 1, state: 'sending', attempts: 1 });

  it('records every outcome as ARCHITECTURE §5 says', () => {
    expect(applyOutcome(sending, { outcome: 'accepted', orderId: 42 }, AT)).toMatchObject({ state: 'accepted', pending: 0, orderId: 42, acceptedBy: 'server' });
    expect(applyOutcome(sending, { outcome: 'not-sent', reason: 'offline', code: 'order-offline' }, AT)).toMatchObject({
      state: 'queued',
      pending: 1,
      retryAt: null,
      lastError: { kind: 'not-sent:offline' },
    });
    expect(applyOutcome(sending, { outcome: 'not-sent', reason: 'rate-limited', retryAfterSeconds: 7, code: 'order-slow-down' }, AT)).toMatchObject({
      state: 'queued',
      retryAt: '2026-11-22T12:00:07.000Z',
    });
    expect(applyOutcome(sending, { outcome: 'not-sent', reason: 'unavailable', code: 'order-server-unavailable' }, AT)).toMatchObject({
      state: 'queued',
      retryAt: '2026-11-22T12:00:05.000Z',
    });
    expect(applyOutcome(sending, { outcome: 'not-sent', reason: 'unauthorised', code: 'order-credentials-refused' }, AT)).toMatchObject({
      state: 'queued',
      retryAt: '2026-11-22T12:00:30.000Z',
    });
    expect(
      applyOutcome(sending, { outcome: 'rejected', reason: 'invalid', code: 'server-rejected', params: { status: 422, said: 'The total does not match' } }, AT),
    ).toMatchObject({
      state: 'rejected',
      pending: 1,
      lastError: { kind: 'rejected:invalid', code: 'server-rejected', params: { status: 422, said: 'The total does not match' } },
    });
    expect(applyOutcome(sending, { outcome: 'unknown', code: 'order-unconfirmed' }, AT)).toMatchObject({
      state: 'unconfirmed',
      pending: 1,
      afterUnconfirmed: true,
    });
  });

  it('keeps what a card’s redeem or a created customer answered', () => {
    expect(applyOutcome(sending, { outcome: 'accepted', orderId: null, balanceCents: 1500 }, AT)).toMatchObject({
      state: 'accepted',
      pending: 0,
      orderId: null,
      answer: { balanceCents: 1500 },
    });
    expect(applyOutcome(sending, { outcome: 'accepted', orderId: null, customer: { id: 9, name: 'Ana' } }, AT)).toMatchObject({
      answer: { customer: { id: 9, name: 'Ana' } },
    });
    expect(applyOutcome(sending, { outcome: 'accepted', orderId: 4 }, AT)).not.toHaveProperty('answer');
  });

  it('takes "table already has an open order" as evidence only right after an unconfirmed attempt', () => {
    const busy = { outcome: 'table-busy', code: 'order-table-busy', params: { said: 'Table 5 already has an open order' } } as const;
    expect(applyOutcome({ ...sending, kind: 'seating' }, busy, AT)).toMatchObject({ state: 'rejected', conflict: true, pending: 1 });
    expect(applyOutcome({ ...sending, kind: 'seating', afterUnconfirmed: true }, busy, AT)).toMatchObject({
      state: 'accepted',
      pending: 0,
      acceptedBy: 'open-order-evidence',
      lastError: { kind: 'table-busy', code: 'order-confirmed-by-open-order', params: { said: 'Table 5 already has an open order' } },
    });
  });

  it('takes an exception from delivery as unknown: the request may have left', () => {
    const outcome = outcomeOfDeliveryFailure(new TypeError('secret-token-1234 in a stack'));
    expect(outcome).toMatchObject({ outcome: 'unknown', detail: expect.stringContaining('TypeError') });
    expect(JSON.stringify(outcome)).not.toContain('secret-token-1234');
    expect(applyOutcome(sending, outcome, AT)).toMatchObject({ state: 'unconfirmed', afterUnconfirmed: true, pending: 1 });
  });
});

describe('a failing local write', () => {
  it('waits 1 s, doubling, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(localRetryDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('is said to the waiter plainly and to the engineer with the database’s error', () => {
    const error = Object.assign(new Error('database or disk is full'), { name: 'SqliteError' });
    expect(storageProblemOf(error, AT)).toEqual({ code: 'queue-cannot-save', detail: 'SqliteError: database or disk is full', since: AT.toISOString() });
  });
});
