import { describe, expect, it } from 'vitest';
import { formattersFor } from './format';

// Intl output uses no-break spaces; compare with them normalised.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formattersFor', () => {
  it('writes euros the way each language does', () => {
    expect(plain(formattersFor('es').money(12.5))).toBe('12,50 €');
    expect(plain(formattersFor('ca').money(1234.5))).toBe('1.234,50 €');
    expect(formattersFor('en').money(12.5)).toBe('€12.50');
  });

  it('groups thousands even for four-digit numbers (Spanish omits it by default)', () => {
    expect(formattersFor('es').number(2000)).toBe('2.000');
    expect(formattersFor('en').number(20000)).toBe('20,000');
  });

  it('writes 24-hour times and adds the year only when it is not this year', () => {
    const at = new Date('2026-11-23T13:05:00Z');
    expect(formattersFor('en').time(at)).toBe('14:05');
    expect(formattersFor('es').date(at, new Date('2026-12-01T12:00:00Z'))).not.toMatch(/2026/);
    expect(formattersFor('es').date(at, new Date('2027-01-01T12:00:00Z'))).toMatch(/2026/);
  });

  it('shows the venue’s wall clock (Europe/Madrid), as its receipts do, whatever zone the machine is in', () => {
    // Summer (UTC+2) and winter (UTC+1) time.
    expect(formattersFor('en').time(new Date('2026-07-01T10:00:00Z'))).toBe('12:00');
    expect(formattersFor('es').time(new Date('2026-01-15T22:30:00Z'))).toBe('23:30');
    // 23:30 UTC on New Year's Eve is already 1 January in Madrid: the day and the year are Madrid's.
    const newYear = new Date('2026-12-31T23:30:00Z');
    expect(formattersFor('en').dateTime(newYear)).toBe('01/01/2027, 00:30');
    expect(formattersFor('en').date(newYear, new Date('2027-01-02T12:00:00Z'))).toBe('1 Jan');
  });

  it('sorts names in the language order and numbers by value', () => {
    const sorted = ['Mesa 10', 'Mesa 2', 'Ñandú', 'Nube'].sort(formattersFor('es').collator.compare);
    expect(sorted).toEqual(['Mesa 2', 'Mesa 10', 'Nube', 'Ñandú']);
  });

  it('builds each language once', () => {
    expect(formattersFor('ca')).toBe(formattersFor('ca'));
  });
});
