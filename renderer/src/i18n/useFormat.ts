import { useTranslation } from 'react-i18next';
import { formattersFor, type Formatters } from './format';
import { isLanguage } from './languages';

/** Money, numbers, dates and times in the terminal's current language; re-renders when it changes. */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  return formattersFor(isLanguage(i18n.language) ? i18n.language : 'es');
}
