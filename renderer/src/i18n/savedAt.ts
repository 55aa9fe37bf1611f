import { venueDayNumber } from '../../../shared/domain/venueTime';
import type { Formatters } from './format';

/** When something was saved, for a sentence: "today at 14:32", "yesterday at 09:05", "21 Nov at 18:00". */
export type SavedWhen = { day: 'today' | 'yesterday'; time: string } | { day: 'date'; date: string; time: string } | { day: 'unknown' };

/**
 * The parts of a saved time a waiter reads at a glance, in the terminal's language (fmt): each
 * screen words them in its own sentence (the grammar around "today" differs between languages).
 */
export function savedWhen(savedAtIso: string, now: Date, fmt: Formatters): SavedWhen {
  const savedAt = new Date(savedAtIso);
  if (Number.isNaN(savedAt.getTime())) return { day: 'unknown' };
  const time = fmt.time(savedAt);
  // Today and yesterday on the venue's calendar, as its clock shows the time.
  const days = venueDayNumber(now) - venueDayNumber(savedAt);
  if (days === 0) return { day: 'today', time };
  if (days === 1) return { day: 'yesterday', time };
  return { day: 'date', date: fmt.date(savedAt, now), time };
}
