import * as ca from './locales/ca';
import * as en from './locales/en';
import * as es from './locales/es';
import type { Language } from './languages';

// Every message of the terminal, by language and namespace. Bundled: the three languages together
// are a few tens of kilobytes, and a terminal must switch language offline.

export const resources = { en, es, ca } satisfies Record<Language, Record<string, Record<string, string>>>;
export type Namespace = keyof typeof en;
export const namespaces = Object.keys(en) as Namespace[];
