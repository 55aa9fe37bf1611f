import type { TFunction } from 'i18next';

// The lock's words that depend on values: how long PINs are refused, counted
// down in words ("1 minute and 30 seconds"), never as a bare timer.

/** "30 seconds", "2 minutes", "1 minute and 5 seconds": a wait, rounded up to the second. */
export function waitWords(t: TFunction<'lock'>, ms: number): string {
  const total = Math.max(1, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  if (minutes === 0) return t('seconds', { count: seconds });
  if (seconds === 0) return t('minutes', { count: minutes });
  return t('minutesAndSeconds', { minutes: t('minutes', { count: minutes }), seconds: t('seconds', { count: seconds }) });
}

/** What the PIN pad says while PINs are refused. */
export function refusedText(t: TFunction<'lock'>, ms: number): string {
  return t('tooManyTries', { time: waitWords(t, ms) });
}
