// When a promotion is on (clarifications "Retail", "Promotions"): `active`, today within
// `start_date`..`end_date` (inclusive, either may be missing), the time within
// `start_time`..`end_time`, and the weekday (1 Monday … 7 Sunday) in `weekdays` (missing = every
// day), all in the shop's time zone, Europe/Madrid, read through Intl (no date library).
// Decisions (docs/decisions.md, 2026-11-23 "Promotions engine"):
// - times are compared to the minute and both ends are included (09:00–14:00 is on at 14:00:59);
//   a window whose end is before its start runs past midnight (22:00–02:00: on from 22:00 to
//   02:00 of the next day, the date and weekday being those of the moment itself);
// - only `start_time`: from then to the end of the day; only `end_time`: from midnight to then;
// - an empty `weekdays` list is taken as missing (every day); `active` missing or null is on;
// - a date or time that cannot be read (not `YYYY-MM-DD`, not `H:i` / `H:i:s`) keeps the
//   promotion off: a broken record never gives money away.

import { venueTimeZone } from '../venueTime';

/** The shop's local calendar date, minute of the day and ISO weekday at one instant. */
export interface LocalMoment {
  /** `YYYY-MM-DD`. */
  date: string;
  /** 0 … 1439. */
  minuteOfDay: number;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
}

let formatter: Intl.DateTimeFormat | null = null;
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The moment in Europe/Madrid (daylight saving time included, from the platform's time-zone data). */
export function shopMoment(at: Date | number): LocalMoment {
  formatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: venueTimeZone(),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  });
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(at)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minuteOfDay: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
  };
}

/** The fields of a promotion that say when it is on (retail-api.md §2.8). */
export interface PromotionSchedule {
  active?: boolean | null;
  start_date?: string | null;
  end_date?: string | null;
  start_time?: string | null;
  end_time?: string | null;
  weekdays?: readonly number[] | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;

/** `H:i` (or `H:i:s`) as a minute of the day; null when unreadable. */
export function minuteOfDay(time: string): number | null {
  const match = TIME.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

const given = (value: string | null | undefined): value is string => value != null && value !== '';

export function isPromotionOn(promotion: PromotionSchedule, moment: LocalMoment): boolean {
  if (promotion.active === false) return false;
  const { start_date: startDate, end_date: endDate, start_time: startTime, end_time: endTime, weekdays } = promotion;
  if (given(startDate) && (!DATE.test(startDate) || moment.date < startDate)) return false;
  if (given(endDate) && (!DATE.test(endDate) || moment.date > endDate)) return false;
  if (weekdays != null && weekdays.length > 0 && !weekdays.includes(moment.weekday)) return false;
  const from = given(startTime) ? minuteOfDay(startTime) : 0;
  const to = given(endTime) ? minuteOfDay(endTime) : 1439;
  if (from === null || to === null) return false;
  const now = moment.minuteOfDay;
  return from <= to ? from <= now && now <= to : now >= from || now <= to;
}
