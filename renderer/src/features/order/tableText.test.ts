import { describe, expect, it } from 'vitest';
import { clearTableWarning, roundTitle, serviceSummary } from './tableText';

describe('serviceSummary', () => {
  const seatedAt = new Date(2026, 10, 22, 13, 5).toISOString();

  it('guests, seated since (local clock), and the customer in one line', () => {
    expect(serviceSummary({ guests: 3, seatedAt, customer: { name: 'Ana García', phone: '600 123 456', email: '' } })).toEqual({
      guests: '3 guests',
      since: 'since 13:05',
      customer: 'Ana García · 600 123 456',
    });
  });

  it('one guest; no customer', () => {
    expect(serviceSummary({ guests: 1, seatedAt, customer: null })).toEqual({ guests: '1 guest', since: 'since 13:05', customer: null });
  });
});

describe('roundTitle', () => {
  it('the seating, then rounds numbered', () => {
    expect(roundTitle({ kind: 'seating' }, 0)).toBe('Seating');
    expect(roundTitle({ kind: 'round' }, 2)).toBe('Round 2');
  });
});

describe('clearTableWarning', () => {
  it('says the bill must be settled, and names entries still pending', () => {
    expect(clearTableWarning('T5', [{ pending: 0 }])).toBe('Clear T5 only when the bill is settled at the POS: the table becomes free on this terminal.');
    expect(clearTableWarning('T5', [{ pending: 1 }, { pending: 0 }])).toMatch(/1 order of this table has not reached the POS yet/);
    expect(clearTableWarning('T5 + T6', [{ pending: 1 }, { pending: 1 }])).toMatch(/^Clear T5 \+ T6 .* 2 orders of this table have/);
  });
});
