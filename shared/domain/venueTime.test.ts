import { describe, expect, it } from 'vitest';
import { venueClock, venueDayNumber, venueMoment, venueTimeZone } from './venueTime';

describe('the venue’s clock (Europe/Madrid by default)', () => {
  it('reads a moment as the venue’s wall clock, summer and winter time', () => {
    expect(venueTimeZone()).toBe('Europe/Madrid');
    expect(venueClock(new Date('2026-07-01T10:00:00Z'))).toMatchObject({ year: 2026, month: 7, day: 1, hour: 12, minute: 0 });
    expect(venueClock(new Date('2026-12-31T23:30:00Z'))).toMatchObject({ year: 2027, month: 1, day: 1, hour: 0, minute: 30 });
  });

  it('turns a wall time back into the moment, across the changes of time', () => {
    expect(venueMoment(2026, 7, 1, 12, 0).toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(venueMoment(2026, 11, 22, 14, 32).toISOString()).toBe('2026-11-22T13:32:00.000Z');
    // 29 March 2026: 02:00 → 03:00 (02:30 does not exist: an hour later); 25 October: 03:00 → 02:00.
    expect(venueMoment(2026, 3, 29, 3, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(venueMoment(2026, 10, 25, 1, 30).toISOString()).toBe('2026-10-24T23:30:00.000Z');
    for (const iso of ['2026-01-15T08:00:00Z', '2026-06-15T21:59:00Z', '2026-10-25T03:00:00Z']) {
      const c = venueClock(new Date(iso));
      expect(venueMoment(c.year, c.month, c.day, c.hour, c.minute).toISOString()).toBe(new Date(iso).toISOString());
    }
  });

  it('numbers the venue’s days: 23:30 UTC on New Year’s Eve is already the next day', () => {
    expect(venueDayNumber(new Date('2026-12-31T23:30:00Z')) - venueDayNumber(new Date('2026-12-31T12:00:00Z'))).toBe(1);
  });
});
