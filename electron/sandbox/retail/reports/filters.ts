// Query parameters of the reports (retail-api.md §4.6, clarifications "Reports"): read and checked
// (a malformed value → 422 naming it), defaults applied. An empty value counts as absent (as
// Laravel's `filled()` reads it). Decisions (docs/sandbox.md, "Reports"): `start_date` after
// `end_date` → 422; `start_time` after `end_time` is a window over midnight; `warehouse` (not in
// the spec's table) narrows the stock reports; `room`, `cashier` and `priceRate` are checked and
// ignored (no order of this API carries a room, a cashier or the price rate it was sold at).
import { z } from 'zod';
import { invalidData } from '../errors';
import { isCalendarDate, issuesText } from '../input';
import { shopToday } from './time';

export const DATE_FIELDS = ['created_at', 'updated_at', 'closed_at', 'opened_at'] as const;
export type DateField = (typeof DATE_FIELDS)[number];

export interface ReportFilters {
  startDate: string;
  endDate: string;
  /** `HH:mm`, or null for the whole day. */
  startTime: string | null;
  endTime: string | null;
  dateField: DateField;
  /** Sunday = 1 … Saturday = 7. */
  dayOfWeek: number | null;
  employee: number | null;
  discount: number | null;
  warehouse: number | null;
}

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const date = z.string().refine(isCalendarDate, { message: 'expected a date YYYY-mm-dd' });
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a time HH:mm');
const recordId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'expected a positive integer id')
  .transform(Number);

const querySchema = z.object({
  start_date: z.preprocess(blankIsAbsent, date.optional()),
  end_date: z.preprocess(blankIsAbsent, date.optional()),
  start_time: z.preprocess(blankIsAbsent, time.optional()),
  end_time: z.preprocess(blankIsAbsent, time.optional()),
  dateField: z.preprocess(blankIsAbsent, z.enum(DATE_FIELDS, { message: `expected one of ${DATE_FIELDS.join(', ')}` }).optional()),
  dayofweek: z.preprocess(
    blankIsAbsent,
    z
      .string()
      .regex(/^[1-7]$/, 'expected 1 (Sunday) to 7 (Saturday)')
      .transform(Number)
      .optional(),
  ),
  employee: z.preprocess(blankIsAbsent, recordId.optional()),
  room: z.preprocess(blankIsAbsent, recordId.optional()),
  priceRate: z.preprocess(blankIsAbsent, recordId.optional()),
  cashier: z.preprocess(blankIsAbsent, recordId.optional()),
  discount: z.preprocess(blankIsAbsent, recordId.optional()),
  warehouse: z.preprocess(blankIsAbsent, recordId.optional()),
});

/** The filters of a report request (`query`: each parameter's first value); throws a 422 refusal. */
export function parseReportFilters(query: Record<string, string | undefined>, now: Date = new Date()): ReportFilters {
  const known: Record<string, string | undefined> = {};
  for (const key of Object.keys(querySchema.shape)) known[key] = query[key];
  const parsed = querySchema.safeParse(known);
  if (!parsed.success) throw invalidData(issuesText(parsed.error));
  const q = parsed.data;
  const today = shopToday(now);
  const startDate = q.start_date ?? `${today.slice(0, 8)}01`;
  const endDate = q.end_date ?? today;
  if (startDate > endDate) throw invalidData(`end_date: ${endDate} is before start_date ${startDate}`);
  return {
    startDate,
    endDate,
    startTime: q.start_time ?? null,
    endTime: q.end_time ?? null,
    dateField: q.dateField ?? 'created_at',
    dayOfWeek: q.dayofweek ?? null,
    employee: q.employee ?? null,
    discount: q.discount ?? null,
    warehouse: q.warehouse ?? null,
  };
}
