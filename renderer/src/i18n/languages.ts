// The terminal's languages: Spanish, Catalan and English. A terminal starts in
// the system's language when it is one of the three, otherwise in Spanish (the venues' language).

export const languages = ['es', 'ca', 'en'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/** The BCP 47 tag Intl formats with: euros and 24-hour times as a venue in Spain writes them. */
export const localeOf: Record<Language, string> = { es: 'es-ES', ca: 'ca-ES', en: 'en-GB' };

/** Each language's own name, as the language picker shows it (never translated). */
export const languageNames: Record<Language, string> = { es: 'Español', ca: 'Català', en: 'English' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The first of the system's preferred languages the terminal speaks ("ca-ES" → ca), else Spanish. */
export function detectLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
