import { describe, expect, it } from 'vitest';
import { createI18n, startLanguage } from './i18n';
import { languages, type Language } from './languages';
import { namespaces, resources } from './resources';

// A key missing in one language, a message whose parameters differ between
// languages, or a plural without a form its language needs fails here, naming the key.

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const paramsOf = (message: string) => [...message.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');
const messagesOf = (language: Language, namespace: string): Record<string, string> =>
  (resources[language] as Record<string, Record<string, string>>)[namespace] ?? {};

describe('messages in every language', () => {
  for (const namespace of namespaces) {
    describe(namespace, () => {
      it('has the same keys in every language (plural forms aside)', () => {
        const reference = new Set(Object.keys(messagesOf('en', namespace)).map(baseKey));
        for (const language of languages) {
          const keys = new Set(Object.keys(messagesOf(language, namespace)).map(baseKey));
          expect(
            [...reference].filter((k) => !keys.has(k)),
            `missing in ${language}`,
          ).toEqual([]);
          expect(
            [...keys].filter((k) => !reference.has(k)),
            `only in ${language}`,
          ).toEqual([]);
        }
      });

      it('gives each plural every form its language needs', () => {
        for (const language of languages) {
          const messages = messagesOf(language, namespace);
          const plurals = new Set(
            Object.keys(messages)
              .filter((k) => PLURAL_SUFFIX.test(k))
              .map(baseKey),
          );
          const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
          for (const key of plurals) {
            const missing = needed.filter((form) => !(`${key}_${form}` in messages));
            expect(missing, `${language} ${namespace}:${key}`).toEqual([]);
          }
        }
      });

      it('uses the same parameters in every language', () => {
        const byBase = (language: Language) => {
          const found = new Map<string, string>();
          for (const [key, message] of Object.entries(messagesOf(language, namespace))) {
            const params = paramsOf(message).filter((p) => p !== 'count' || !PLURAL_SUFFIX.test(key));
            const previous = found.get(baseKey(key)) ?? '';
            // A plural's forms may each omit the count ("one table"), never a different parameter.
            found.set(baseKey(key), [...new Set([...previous.split(',').filter(Boolean), ...params])].sort().join(','));
          }
          return found;
        };
        const reference = byBase('en');
        for (const language of languages) {
          const other = byBase(language);
          for (const [key, params] of reference) {
            expect(other.get(key) ?? params, `${language} ${namespace}:${key}`).toBe(params);
          }
        }
      });

      it('has no empty message', () => {
        for (const language of languages) {
          const empty = Object.entries(messagesOf(language, namespace)).filter(([, m]) => m.trim() === '');
          expect(
            empty.map(([k]) => k),
            language,
          ).toEqual([]);
        }
      });
    });
  }
});

describe('the i18n instance', () => {
  it('speaks the language it was made for, with plurals per language', () => {
    const es = createI18n('es');
    expect(es.t('common:cancel')).toBe('Cancelar');
    const ca = createI18n('ca');
    expect(ca.t('common:close')).toBe('Tanca');
  });

  it('starts in the saved language, else the system one, else Spanish', () => {
    expect(startLanguage('ca', ['en-US'])).toBe('ca');
    expect(startLanguage(undefined, ['en-US'])).toBe('en');
    expect(startLanguage('fr', ['de-DE'])).toBe('es');
  });
});
