/**
 * "today at 14:32", "yesterday at 09:05", "21 Nov at 18:00" — when the local floor plan was saved,
 * in words a waiter reads at a glance.
 */
export function describeSavedAt(savedAtIso: string, now: Date = new Date(), locale?: string): string {
  const savedAt = new Date(savedAtIso);
  if (Number.isNaN(savedAt.getTime())) return 'at an unknown time';
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(savedAt);
  const days = dayNumber(now) - dayNumber(savedAt);
  if (days === 0) return `today at ${time}`;
  if (days === 1) return `yesterday at ${time}`;
  const sameYear = savedAt.getFullYear() === now.getFullYear();
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) }).format(savedAt);
  return `${date} at ${time}`;
}

function dayNumber(date: Date): number {
  return Math.floor(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000);
}
