import { venueTimeZone } from '../../../shared/domain/venueTime';
import { localeOf, type Language } from './languages';

// Numbers, money, dates and times in the terminal's language, with Intl. Times
// and dates are the venue's wall clock (shared/domain/venueTime.ts), as on its receipts, whatever
// zone the machine is set to.
// Formatters are built once per language and kind: they are costly to create and used in lists.

export interface Formatters {
  /** "12,50 €" (es, ca) / "€12.50" (en): an amount in euros. */
  money(amount: number): string;
  /** "20.000" (es, ca) / "20,000" (en). */
  number(value: number): string;
  /** "14:05": hours and minutes, 24-hour clock. */
  time(at: Date): string;
  /** "23 nov." (es) / "23 de nov." (ca) / "23 Nov" (en); the year when it is not this year's. */
  date(at: Date, now?: Date): string;
  /** "23/11/2026, 14:05": a full date and time, e.g. for exports and logs shown to a person. */
  dateTime(at: Date): string;
  /** Names in this language's alphabetical order, numbers by value ("Table 2" before "Table 10"). */
  collator: Intl.Collator;
}

const cache = new Map<Language, Formatters>();

export function formattersFor(language: Language): Formatters {
  const known = cache.get(language);
  if (known) return known;
  const locale = localeOf[language];
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const number = new Intl.NumberFormat(locale, { useGrouping: 'always' });
  const timeZone = venueTimeZone();
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone });
  const dayOfYear = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23', timeZone });
  const year = new Intl.DateTimeFormat('en', { year: 'numeric', timeZone });
  const formatters: Formatters = {
    money: (amount) => money.format(amount),
    number: (value) => number.format(value),
    time: (at) => time.format(at),
    date: (at, now = new Date()) => (year.format(at) === year.format(now) ? day : dayOfYear).format(at),
    dateTime: (at) => dateTime.format(at),
    collator: new Intl.Collator(locale, { sensitivity: 'base', numeric: true }),
  };
  cache.set(language, formatters);
  return formatters;
}
