import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openGenerationDb, type StoredItem } from '../catalog/catalogDb';
import type { AllergenCode } from '../../../../shared/api/catalog';
import { buildSearchIndex, containsAnyAllergen, loadSearchIndex, normaliseForSearch, searchItems, searchWords } from './search';

let counter = 0;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const item = (id: number, name: string, fields: Partial<StoredItem> = {}): StoredItem =>
  ({ id, name, price: 1, costPrice: 0, type: 0, category_id: 7, active: true, allergies: '', photo: null, ...fields }) as StoredItem;

const names = (result: { items: Array<{ name: string }> }) => result.items.map((each) => each.name);

describe('normaliseForSearch', () => {
  it('folds case, accents and the Catalan and Spanish letters', () => {
    expect(normaliseForSearch('Pa amb TOMÀQUET')).toBe('pa amb tomaquet');
    expect(normaliseForSearch('Jamón Ibérico')).toBe('jamon iberico');
    expect(normaliseForSearch('Col·lecció de formatges')).toBe('colleccio de formatges');
    expect(normaliseForSearch('col.lecció')).toBe('colleccio');
    expect(normaliseForSearch('Caça')).toBe('caca');
    expect(normaliseForSearch('Ñoquis de PIÑA')).toBe('noquis de pina');
    expect(normaliseForSearch('  Café \t con   leche ')).toBe('cafe con leche');
    expect(normaliseForSearch('Crème brûlée, pingüino')).toBe('creme brulee, pinguino');
  });

  it('splits words at punctuation', () => {
    expect(searchWords("Magret d'ànec (200 g)")).toEqual(['magret', 'd', 'anec', '200', 'g']);
    expect(searchWords('   ')).toEqual([]);
  });
});

describe('searchItems', () => {
  const index = buildSearchIndex([
    item(1, 'Jamón ibérico de bellota', { allergies: '' }),
    item(2, 'Croquetas caseras de jamón', { allergies: '1;13' }),
    item(3, 'Pa amb tomàquet', { allergies: '' }),
    item(4, 'Café con leche', { allergies: '13' }),
    item(5, 'Café solo'),
    item(6, 'Descafeinado'),
    item(7, 'Jamón York (retirado)', { active: false }),
    item(8, 'Bocadillo de jamón', { allergies: '1' }),
  ]);

  it('matches every query word as the start of a word, accent- and case-insensitive', () => {
    expect(names(searchItems(index, 'jamon ib'))).toEqual(['Jamón ibérico de bellota']);
    expect(names(searchItems(index, 'pa amb'))).toEqual(['Pa amb tomàquet']);
    expect(names(searchItems(index, 'TOMAQUET'))).toEqual(['Pa amb tomàquet']);
    expect(names(searchItems(index, 'cafe'))).toEqual(['Café con leche', 'Café solo']); // not "Descafeinado": no word starts with it
    expect(names(searchItems(index, 'leche café'))).toEqual(['Café con leche']);
    expect(searchItems(index, 'bellota york').items).toEqual([]);
  });

  it('ranks names starting with the query first, then the other matches, each alphabetically', () => {
    const result = searchItems(index, 'jam');
    expect(names(result)).toEqual(['Jamón ibérico de bellota', 'Bocadillo de jamón', 'Croquetas caseras de jamón']);
    expect(result.total).toBe(3);
  });

  it('never offers inactive items, and finds nothing for an empty query', () => {
    expect(names(searchItems(index, 'york'))).toEqual([]);
    expect(searchItems(index, '  ')).toEqual({ items: [], total: 0, hiddenByAllergens: 0 });
  });

  it('leaves out, and counts, items containing a hidden allergen', () => {
    const result = searchItems(index, 'jamon', { hiddenAllergens: new Set([1]) });
    expect(names(result)).toEqual(['Jamón ibérico de bellota']);
    expect(result.hiddenByAllergens).toBe(2);
    expect(searchItems(index, 'cafe', { hiddenAllergens: new Set([13]) }).hiddenByAllergens).toBe(1);
    expect(containsAnyAllergen('1;13', new Set([13]))).toBe(true);
    expect(containsAnyAllergen('1;13', new Set())).toBe(false);
    expect(containsAnyAllergen(null, new Set([1]))).toBe(false);
  });

  it('returns at most `limit` items and the number of matches', () => {
    const many = buildSearchIndex(Array.from({ length: 100 }, (_, i) => item(i + 1, `Tapa ${String(i).padStart(3, '0')}`)));
    const result = searchItems(many, 'tapa', { limit: 60 });
    expect(result.items).toHaveLength(60);
    expect(result.total).toBe(100);
    expect(result.items[0]!.name).toBe('Tapa 000');
  });
});

describe('loadSearchIndex', () => {
  it('reads a generation once and keeps the active items of active categories of active groups', async () => {
    const db = openGenerationDb(`search-${Date.now()}-${counter++}`, 1);
    cleanups.push(() => db.delete());
    await db.groups.bulkPut([{ id: 1, name: 'Bebidas', active: true } as never, { id: 2, name: 'Old', active: false } as never]);
    await db.categories.bulkPut([
      { id: 7, name: 'Cervezas', group_id: 1, active: true } as never,
      { id: 8, name: 'Retired', group_id: 1, active: false } as never,
      { id: 9, name: 'Of an old group', group_id: 2, active: true } as never,
    ]);
    await db.items.bulkPut([
      item(1, 'Caña'),
      item(2, 'Jarra', { active: false }),
      item(3, 'Caña doble', { category_id: 8 }),
      item(4, 'Caña vieja', { category_id: 9 }),
    ]);
    const first = loadSearchIndex(db);
    expect(loadSearchIndex(db)).toBe(first);
    const index = await first;
    expect(index.entries.map((entry) => entry.item.name)).toEqual(['Caña']);
    expect(names(searchItems(index, 'cana'))).toEqual(['Caña']);
  });
});

describe('search while typing: each keystroke narrows the last one’s matches', () => {
  const words = [
    'jamón',
    'ibérico',
    'croquetas',
    'de',
    'bacalao',
    'tortilla',
    'patatas',
    'pa',
    'amb',
    'tomàquet',
    'crema',
    'catalana',
    'café',
    'con',
    'leche',
    'caña',
  ];
  const dishNames = Array.from({ length: 400 }, (_, i) => `${words[i % 16]} ${words[(i * 7) % 16]} ${words[(i * 11 + 3) % 16]} ${i}`);
  const records = dishNames.map((name, i) => item(i + 1, name, { allergies: i % 3 === 0 ? '1' : null }));

  it('gives exactly what a fresh search gives, through typing, backspacing and a new query', () => {
    const typed = [
      'c',
      'cr',
      'cro',
      'croq',
      'croquetas',
      'croquetas b',
      'croquetas ba',
      'croquetas b',
      'croq',
      'cr',
      'ca',
      'caf',
      'cafe c',
      'j',
      'ja',
      'jamon ib',
    ];
    const reused = buildSearchIndex(records);
    for (const query of typed) {
      for (const hiddenAllergens of [new Set<AllergenCode>(), new Set<AllergenCode>([1])]) {
        const expected = searchItems(buildSearchIndex(records), query, { hiddenAllergens });
        expect(searchItems(reused, query, { hiddenAllergens }), query).toEqual(expected);
      }
    }
  });
});
