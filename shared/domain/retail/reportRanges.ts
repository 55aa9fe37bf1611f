import { shopMoment } from './schedule';

// The date ranges of the shop's Reports screen, in the shop's own calendar
// (Europe/Madrid, the reports' dates: clarifications "Reports"), and how one range becomes the
// report requests that read it exactly (retail-api.md §4.6 `start_date`, `end_date`, `start_time`,
// `end_time`). Pure: dates are `YYYY-MM-DD` strings, times `HH:mm`, arithmetic on UTC days.
//
// Times: §4.6 does not say whether `start_time`/`end_time` cut a window out of EVERY day of the
// range or only the two ends, nor what a start after the end means. A business day that ends
// after midnight (Friday 10:00 → Saturday 02:00) is one continuous stretch, so it is read as
// pieces whose meaning does not depend on that reading: each piece with times covers ONE day with
// its start before its end (Friday 10:00–23:59, Saturday 00:00–02:00), the whole days between
// come without times. The reports the screen shows are sums over orders, so the pieces' lines add
// up to the lines of the stretch (reportLines.ts `mergeReportLines`).

export type PresetRange = 'today' | 'yesterday' | 'week' | 'month';

/** What the manager chose: a preset, or a stretch from a date and time to a date and time. */
export type RangeChoice =
  { kind: PresetRange } | { kind: 'custom'; startDate: string; endDate: string; startTime?: string | undefined; endTime?: string | undefined };

/** A stretch of the shop's time: from `startDate` `startTime` to `endDate` `endTime` (both ends included, to the minute). */
export interface ReportRange {
  startDate: string;
  endDate: string;
  /** `HH:mm`; absent: from the start of `startDate`. */
  startTime?: string | undefined;
  /** `HH:mm`; absent: to the end of `endDate`. */
  endTime?: string | undefined;
}

/** One report request's dates (§4.6): either whole days, or one day with a start time before its end time. */
export interface ReportPiece {
  startDate: string;
  endDate: string;
  startTime?: string;
  endTime?: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;

export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return at.toISOString().slice(0, 10) === value;
}

export function isClockTime(value: string): boolean {
  return TIME.test(value);
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The stretch a choice means at `now` (the shop's today; a week starts on Monday; "this week/month" end today). */
export function resolveRange(choice: RangeChoice, now: Date | number = Date.now()): ReportRange {
  const today = shopMoment(now).date;
  switch (choice.kind) {
    case 'today':
      return { startDate: today, endDate: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { startDate: yesterday, endDate: yesterday };
    }
    case 'week':
      return { startDate: addDays(today, 1 - isoWeekday(today)), endDate: today };
    case 'month':
      return { startDate: `${today.slice(0, 8)}01`, endDate: today };
    case 'custom':
      return {
        startDate: choice.startDate,
        endDate: choice.endDate,
        ...(choice.startTime ? { startTime: choice.startTime } : {}),
        ...(choice.endTime ? { endTime: choice.endTime } : {}),
      };
  }
}

/** Why a stretch cannot be read, or null: dates and times well formed, the end not before the start. */
export function rangeProblem(range: ReportRange): 'date' | 'time' | 'order' | null {
  if (!isCalendarDate(range.startDate) || !isCalendarDate(range.endDate)) return 'date';
  if ((range.startTime !== undefined && !isClockTime(range.startTime)) || (range.endTime !== undefined && !isClockTime(range.endTime))) return 'time';
  const start = `${range.startDate} ${range.startTime ?? '00:00'}`;
  const end = `${range.endDate} ${range.endTime ?? '23:59'}`;
  return start > end ? 'order' : null;
}

/** Whether the stretch includes the shop's today (what a new sale changes). */
export function includesToday(range: ReportRange, now: Date | number = Date.now()): boolean {
  const today = shopMoment(now).date;
  return range.startDate <= today && today <= range.endDate;
}

/** The same stretch `days` later (−7: a week before, same weekdays). */
export function shiftRange(range: ReportRange, days: number): ReportRange {
  return { ...range, startDate: addDays(range.startDate, days), endDate: addDays(range.endDate, days) };
}

/**
 * The requests that read a stretch exactly (see the note at the top): whole days need no times; a
 * start or end time cuts its own day into a piece of its own.
 */
export function rangePieces(range: ReportRange): ReportPiece[] {
  const problem = rangeProblem(range);
  if (problem !== null) throw new RangeError(`cannot read the range ${JSON.stringify(range)}: ${problem}`);
  const startTime = range.startTime === '00:00' ? undefined : range.startTime;
  const endTime = range.endTime === '23:59' ? undefined : range.endTime;
  if (range.startDate === range.endDate) {
    if (startTime === undefined && endTime === undefined) return [{ startDate: range.startDate, endDate: range.endDate }];
    return [{ startDate: range.startDate, endDate: range.endDate, startTime: startTime ?? '00:00', endTime: endTime ?? '23:59' }];
  }
  const pieces: ReportPiece[] = [];
  let firstWhole = range.startDate;
  let lastWhole = range.endDate;
  if (startTime !== undefined) {
    pieces.push({ startDate: range.startDate, endDate: range.startDate, startTime, endTime: '23:59' });
    firstWhole = addDays(range.startDate, 1);
  }
  if (endTime !== undefined) lastWhole = addDays(range.endDate, -1);
  if (firstWhole <= lastWhole) pieces.push({ startDate: firstWhole, endDate: lastWhole });
  if (endTime !== undefined) pieces.push({ startDate: range.endDate, endDate: range.endDate, startTime: '00:00', endTime });
  return pieces;
}
