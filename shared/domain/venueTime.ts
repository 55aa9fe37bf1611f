// The venue's time zone: every time the terminal shows (the header's "Catalog synced 14:05", a
// table's "since", receipts) and every local time it sends (a sale's `closed_at`, a promotion's
// schedule) is the venue's wall clock, never the machine's. Neither API names a zone; the
// vendor's venues and shops keep Spanish time (clarifications "Retail": dates in Europe/Madrid),
// so that is the default. One helper, so a setting for it later changes every use at once.

export const DEFAULT_VENUE_TIME_ZONE = 'Europe/Madrid';

/** The IANA time zone the venue's clock runs in. */
export function venueTimeZone(): string {
  return DEFAULT_VENUE_TIME_ZONE;
}

/** A moment's wall clock at the venue: month 1–12. */
export interface VenueClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** What the venue's clocks read at `at` (daylight saving time included, from the platform's zone data). */
export function venueClock(at: Date, timeZone = venueTimeZone()): VenueClock {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/**
 * The moment the venue's clocks read this wall time (month 1–12; days and hours past their range
 * roll over, as Date.UTC does). In the hour a clock is put back, the first of the two; in the hour
 * it skips, the time an hour later.
 */
export function venueMoment(year: number, month: number, day: number, hour: number, minute: number, second = 0, timeZone = venueTimeZone()): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // The zone's offset at a guess, then at the corrected guess (they differ only across a change).
  let at = wall;
  for (let i = 0; i < 2; i++) {
    const c = venueClock(new Date(at), timeZone);
    const offset = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - at;
    at = wall - offset;
  }
  return new Date(at);
}

/** Whole days since 1970 on the venue's calendar: two moments on the same venue day share it. */
export function venueDayNumber(at: Date): number {
  const c = venueClock(at);
  return Math.floor(Date.UTC(c.year, c.month - 1, c.day) / 86_400_000);
}
