// The shop's local time (Europe/Madrid): §2.5 `closed_at`, and the records the reports filter on
// (the clarifications' report dates are local dates). `created_at` / `updated_at` are stored as UTC ISO instants,
// `closed_at` already as the shop's `YYYY-MM-DD HH:mm:ss`. One cached formatter (building an
// Intl.DateTimeFormat per record would dominate a report over thousands of orders) and a memo of
// the instants already converted.

const FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const memo = new Map<string, string | null>();
const MEMO_LIMIT = 200_000;

/** An instant as the shop's local `YYYY-MM-DD HH:mm:ss`. */
export function localDateTime(instant: Date): string {
  const parts: Record<string, string> = {};
  for (const part of FORMAT.formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** A stored UTC ISO instant as the shop's local `YYYY-MM-DD HH:mm:ss` (null when unreadable). */
export function localOfIso(iso: string): string | null {
  const known = memo.get(iso);
  if (known !== undefined) return known;
  const time = Date.parse(iso);
  const local = Number.isNaN(time) ? null : localDateTime(new Date(time));
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(iso, local);
  return local;
}

/** The shop's local date today, `YYYY-MM-DD`. */
export function shopToday(now: Date = new Date()): string {
  return localDateTime(now).slice(0, 10);
}

/** §4.6 `dayofweek` of a `YYYY-MM-DD` date: Sunday = 1 … Saturday = 7. */
export function dayOfWeek(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 1;
}

/** The UTC instant of a shop-local wall-clock time (the seed builds its history in local time). */
export function instantOfLocal(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss = 0] = time.split(':').map(Number) as [number, number, number?];
  const wall = Date.UTC(y, m - 1, d, hh, mm, ss);
  // Madrid is UTC+1 or +2: start from the wall time read as UTC, correct by the offset seen there,
  // then once more in case the first guess fell on the other side of a DST change.
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const seen = localDateTime(new Date(guess));
    const [sd, st] = seen.split(' ') as [string, string];
    const [sy, sm, sday] = sd.split('-').map(Number) as [number, number, number];
    const [sh, smin, ssec] = st.split(':').map(Number) as [number, number, number];
    guess += wall - Date.UTC(sy, sm - 1, sday, sh, smin, ssec);
  }
  return new Date(guess);
}
