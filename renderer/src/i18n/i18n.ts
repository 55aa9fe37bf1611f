import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, isLanguage, type Language } from './languages';
import { namespaces, resources } from './resources';

// The terminal's one i18next instance. Initialised synchronously with bundled
// resources, so the first paint is already in the right language.

export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    supportedLngs: ['es', 'ca', 'en'],
    resources,
    ns: namespaces,
    defaultNS: 'common',
    initAsync: false,
    returnNull: false,
    // React escapes what it renders; messages are never inserted as HTML.
    interpolation: { escapeValue: false },
    // A missing key shows as itself ("order:send"), which the parity test prevents from shipping.
    saveMissing: false,
  });
  return instance;
}

/** The language a terminal starts in: the one saved in Settings, else the system's (navigator.languages). */
export function startLanguage(saved: unknown, preferred: readonly string[]): Language {
  return isLanguage(saved) ? saved : detectLanguage(preferred);
}
