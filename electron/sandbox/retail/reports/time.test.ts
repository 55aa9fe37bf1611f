import { describe, expect, it } from 'vitest';
import { dayOfWeek, instantOfLocal, localDateTime, localOfIso, shopToday } from './time';

describe("the shop's local time (Europe/Madrid)", () => {
  it('reads UTC instants as Madrid wall-clock time, summer (UTC+2) and winter (UTC+1)', () => {
    expect(localOfIso('2026-07-01T08:30:00.000Z')).toBe('2026-07-01 10:30:00');
    expect(localOfIso('2026-11-23T23:30:00Z')).toBe('2026-11-24 00:30:00');
    expect(localOfIso('not a date')).toBeNull();
    expect(shopToday(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });

  it('turns wall-clock times back into instants, on both sides of the DST changes', () => {
    for (const [date, time] of [
      ['2026-03-28', '10:00:00'], // the day before the change to summer time (29 March)
      ['2026-03-29', '10:00:00'],
      ['2026-10-24', '19:59:59'],
      ['2026-10-25', '20:30:00'], // the day of the change back (25 October)
      ['2027-01-06', '10:00:00'],
    ] as const) {
      expect(localDateTime(instantOfLocal(date, time))).toBe(`${date} ${time}`);
    }
    expect(instantOfLocal('2026-08-01', '12:00:00').toISOString()).toBe('2026-08-01T10:00:00.000Z');
    expect(instantOfLocal('2026-12-01', '12:00').toISOString()).toBe('2026-12-01T11:00:00.000Z');
  });

  it('numbers the days of the week as §4.6 does: Sunday 1 … Saturday 7', () => {
    expect(dayOfWeek('2026-11-22')).toBe(1); // a Sunday
    expect(dayOfWeek('2026-11-23')).toBe(2);
    expect(dayOfWeek('2026-11-28')).toBe(7);
  });
});
