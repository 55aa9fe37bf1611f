import { parseAllergies, type AllergenCode } from '../../../../shared/api/catalog';
import type { CatalogDb, StoredItem } from '../catalog/catalogDb';

// Search as you type over the whole catalog of the current generation (UI). A generation
// is written once and never changes (docs/decisions.md, "Offline store"), so its searchable
// projection is read once, kept in memory outside React state (a WeakMap keyed by the generation's
// database) and each keystroke is a scan of plain strings: no schema change, no per-keystroke
// IndexedDB round trip. Items' own allergens only; modifiers and menu dishes come with the order
// builder's sheets.

/** What a result card needs of an item: a narrow projection of the stored record. */
export type ItemSummary = Pick<StoredItem, 'id' | 'name' | 'price' | 'type' | 'category_id' | 'photo' | 'allergies' | 'active'> &
  Partial<Pick<StoredItem, 'buttonName'>>;

interface SearchEntry {
  item: ItemSummary;
  /** normaliseForSearch(name). */
  normalisedName: string;
  /** The words of the normalised name. */
  words: string[];
  /** `words.join(' ')`, kept so ranking a match allocates nothing. */
  joined: string;
  /** One bit per first character of the words (see initialBit): rejects most items in one test. */
  initials: number;
  allergens: readonly AllergenCode[];
}

export interface SearchIndex {
  /** Active items only, in alphabetical order of their names (the final tie-break of a search). */
  readonly entries: readonly SearchEntry[];
  /**
   * Per initialBit: the entries (alphabetical) with a word starting there. A query's first word
   * must begin one of an item's words, so a fresh query scans only its letter's bucket.
   */
  readonly byInitial: ReadonlyMap<number, readonly SearchEntry[]>;
  /**
   * The last query's words and every entry it matched (before the allergen filter). Typing on
   * only narrows a query, so the next keystroke scans these instead of the whole catalog.
   */
  last?: { words: string[]; matches: readonly SearchEntry[] };
}

export interface SearchResult {
  /** Up to `limit` items, ranked. */
  items: ItemSummary[];
  /** Items that match the query and pass the allergen filter (may exceed `items.length`). */
  total: number;
  /** Items that match the query but were left out by the allergen filter. */
  hiddenByAllergens: number;
}

/**
 * How many matches a search returns: every one in practice (the results grid is windowed, so only
 * the cards in view are rendered); the cap only bounds the work of a pathological one-letter query.
 */
export const SEARCH_LIMIT = 2000;

const combiningMarks = /\p{M}+/gu;
const wordSeparators = /[^\p{L}\p{N}]+/u;
const nameCollator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/**
 * The form names and queries are compared in: lower case, without accents, Catalan `l·l` (and the
 * `l.l` typed for it) as `ll`, `ç` → `c`, `ñ` → `n`, spaces collapsed. "Pa amb TOMÀQUET" →
 * "pa amb tomaquet"; "Col·lecció" → "colleccio".
 */
export function normaliseForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/l[·.•]l/g, 'll')
    .normalize('NFD')
    .replace(combiningMarks, '')
    .replace(/ç/g, 'c')
    .replace(/ñ/g, 'n')
    .replace(/\s+/g, ' ')
    .trim();
}

/** a–z → bits 0–25, digits → 26, anything else → 27: a cheap "could any word start with this?". */
function initialBit(word: string): number {
  const code = word.charCodeAt(0);
  if (code >= 97 && code <= 122) return 1 << (code - 97);
  if (code >= 48 && code <= 57) return 1 << 26;
  return 1 << 27;
}

/** The words of a text, normalised: "Jamón ibérico (100 g)" → ["jamon", "iberico", "100", "g"]. */
export function searchWords(text: string): string[] {
  return normaliseForSearch(text)
    .split(wordSeparators)
    .filter((word) => word !== '');
}

/**
 * An index of the active items among `items` (inactive items are never offered). With
 * `offeredCategoryIds`, only items of those categories (the grid's: active, in an active group).
 */
export function buildSearchIndex(items: Iterable<StoredItem | ItemSummary>, offeredCategoryIds?: ReadonlySet<number>): SearchIndex {
  const entries: SearchEntry[] = [];
  for (const record of items) {
    if (!record.active) continue;
    if (offeredCategoryIds !== undefined && !offeredCategoryIds.has(record.category_id)) continue;
    const item: ItemSummary = {
      id: record.id,
      name: record.name,
      buttonName: record.buttonName ?? null,
      price: record.price,
      type: record.type,
      category_id: record.category_id,
      photo: record.photo,
      allergies: record.allergies,
      active: record.active,
    };
    const normalisedName = normaliseForSearch(item.name);
    const words = searchWords(item.name);
    const initials = words.reduce((bits, word) => bits | initialBit(word), 0);
    entries.push({ item, normalisedName, words, joined: words.join(' '), initials, allergens: parseAllergies(item.allergies) });
  }
  entries.sort((a, b) => nameCollator.compare(a.item.name, b.item.name) || a.item.id - b.item.id);
  const byInitial = new Map<number, SearchEntry[]>();
  for (const entry of entries) {
    for (let bit = 1; bit !== 0 && bit <= entry.initials; bit <<= 1) {
      if ((entry.initials & bit) === 0) continue;
      const bucket = byInitial.get(bit);
      if (bucket) bucket.push(entry);
      else byInitial.set(bit, [entry]);
    }
  }
  return { entries, byInitial };
}

/** Does an item declare any of these allergens (spec 2.7)? */
export function containsAnyAllergen(allergies: string | null | undefined, hidden: ReadonlySet<AllergenCode>): boolean {
  if (hidden.size === 0) return false;
  return parseAllergies(allergies).some((code) => hidden.has(code));
}

/**
 * The items whose name has, for every word of the query, a word starting with it ("jamon ib" →
 * "Jamón ibérico de bellota"), ranked: names starting with the whole query first, then the other
 * matches, each alphabetically. Items declaring an allergen of `hiddenAllergens` are left out and
 * counted. An empty query finds nothing.
 */
export function searchItems(index: SearchIndex, query: string, options: { hiddenAllergens?: ReadonlySet<AllergenCode>; limit?: number } = {}): SearchResult {
  const queryWords = searchWords(query);
  const empty: SearchResult = { items: [], total: 0, hiddenByAllergens: 0 };
  if (queryWords.length === 0) return empty;
  const wholeQuery = queryWords.join(' ');
  const hidden = options.hiddenAllergens ?? new Set<AllergenCode>();
  const limit = options.limit ?? SEARCH_LIMIT;

  // Every item matching a refined query matched the query it refines ("cro" → "croq"), so the
  // last keystroke's matches are the only candidates.
  const queryInitials = queryWords.map(initialBit);
  const candidates = index.last && refines(queryWords, index.last.words) ? index.last.matches : (index.byInitial.get(queryInitials[0]!) ?? []);
  const matches: SearchEntry[] = [];
  const startsWithQuery: ItemSummary[] = [];
  const wordMatches: ItemSummary[] = [];
  let total = 0;
  let hiddenByAllergens = 0;
  for (const entry of candidates) {
    if (!queryInitials.every((bit) => (entry.initials & bit) !== 0)) continue;
    if (!queryWords.every((queryWord) => entry.words.some((word) => word.startsWith(queryWord)))) continue;
    matches.push(entry);
    if (hidden.size > 0 && entry.allergens.some((code) => hidden.has(code))) {
      hiddenByAllergens++;
      continue;
    }
    total++;
    // Entries are already alphabetical, so each rank stays alphabetical; past the limit only counts.
    if (entry.joined.startsWith(wholeQuery)) {
      if (startsWithQuery.length < limit) startsWithQuery.push(entry.item);
    } else if (wordMatches.length < limit) wordMatches.push(entry.item);
  }
  index.last = { words: queryWords, matches };
  return { items: startsWithQuery.concat(wordMatches).slice(0, limit), total, hiddenByAllergens };
}

/** Does `query` only narrow `previous`: each earlier word extended (or kept), words only added? */
function refines(query: readonly string[], previous: readonly string[]): boolean {
  if (query.length < previous.length) return false;
  return previous.every((word, i) => query[i]!.startsWith(word));
}

/** The categories the catalog view offers: active ones of active groups (tens to hundreds of rows). */
async function offeredCategoryIds(db: CatalogDb): Promise<Set<number>> {
  const [groups, categories] = await Promise.all([db.groups.toArray(), db.categories.toArray()]);
  const activeGroups = new Set(groups.filter((group) => group.active).map((group) => group.id));
  return new Set(categories.filter((category) => category.active && activeGroups.has(category.group_id)).map((category) => category.id));
}

// One index per generation database, built on first use. A generation never changes once sealed,
// except for catalog quick edits written into it (data/catalog/catalogEdits.ts), which forget its
// index; when the database is dropped, its entry goes with it.
const indexes = new WeakMap<CatalogDb, Promise<SearchIndex>>();
let indexRevision = 0;
const indexListeners = new Set<() => void>();

/** Drops a generation's index after records changed in place: the next read builds it again. */
export function forgetSearchIndex(db: CatalogDb): void {
  indexes.delete(db);
  indexRevision += 1;
  for (const listener of indexListeners) listener();
}

/** For useSyncExternalStore: the count of forgotten indexes, and a subscription to it. */
export const searchIndexRevision = (): number => indexRevision;
export function subscribeSearchIndex(listener: () => void): () => void {
  indexListeners.add(listener);
  return () => indexListeners.delete(listener);
}

/**
 * The search index of a generation: every item read once, narrowly projected, then kept. Like the
 * grid, it offers only active items of active categories of active groups.
 */
export function loadSearchIndex(db: CatalogDb): Promise<SearchIndex> {
  let index = indexes.get(db);
  if (index === undefined) {
    index = offeredCategoryIds(db).then(async (categoryIds) => buildSearchIndex(await db.items.toArray(), categoryIds));
    // A failed read (database closed mid-switch) is not remembered: the next call tries again.
    index.catch(() => indexes.delete(db));
    indexes.set(db, index);
  }
  return index;
}
