import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n';
import { allergenBadges, allergenKeys, allergenName, describeAllergens, itemTypeBadge, thumbnailUrl } from './catalogFormat';

const t = createI18n('en').getFixedT('en', 'catalog');
const es = createI18n('es').getFixedT('es', 'catalog');
const ca = createI18n('ca').getFixedT('ca', 'catalog');

describe('allergenBadges', () => {
  it('labels each known code of spec 2.7 with a word, a short mark and a title, in the order given', () => {
    expect(allergenBadges(t, '13;1')).toEqual([
      { code: 13, label: 'Dairy', short: 'DAI', title: 'Contains dairy' },
      { code: 1, label: 'Eggs', short: 'EGG', title: 'Contains eggs' },
    ]);
  });

  it('speaks the terminal’s language', () => {
    expect(allergenBadges(es, '1;11').map((b) => [b.label, b.title])).toEqual([
      ['Huevo', 'Contiene huevo'],
      ['Frutos de cáscara', 'Contiene frutos de cáscara'],
    ]);
    expect(allergenBadges(ca, '9').map((b) => [b.label, b.short, b.title])).toEqual([['Mol·luscs', 'MOL', 'Conté mol·luscs']]);
  });

  it('skips unknown codes, blanks and duplicates, and reads nothing from an empty field', () => {
    expect(allergenBadges(t, ' 5 ; 99;x;5;;12').map((badge) => badge.label)).toEqual(['Fish', 'Sulphites']);
    expect(allergenBadges(t, '')).toEqual([]);
    expect(allergenBadges(t, null)).toEqual([]);
    expect(allergenBadges(t, undefined)).toEqual([]);
  });

  it('has a distinct word and a distinct mark for every one of the 13 codes, in each language', () => {
    const codes = Object.keys(allergenKeys).map(Number) as (keyof typeof allergenKeys)[];
    expect(codes).toHaveLength(13);
    for (const each of [t, es, ca]) {
      expect(new Set(codes.map((code) => allergenName(each, code))).size).toBe(13);
      expect(new Set(allergenBadges(each, codes.join(';')).map((b) => b.short)).size).toBe(13);
    }
  });

  it('describes the allergens for screen readers, or nothing when there are none', () => {
    expect(describeAllergens(t, allergenBadges(t, '1;11'))).toBe('Allergens: eggs, nuts');
    expect(describeAllergens(es, allergenBadges(es, '13'))).toBe('Alérgenos: lácteos');
    expect(describeAllergens(t, [])).toBeNull();
  });
});

describe('itemTypeBadge', () => {
  it('marks menus (type 1) and selling-format items (type 4), not plain items', () => {
    expect(itemTypeBadge(t, 1)).toBe('Menu');
    expect(itemTypeBadge(t, 4)).toBe('Formats');
    expect(itemTypeBadge(es, 4)).toBe('Formatos');
    expect(itemTypeBadge(t, 0)).toBeNull();
  });
});

describe('thumbnailUrl', () => {
  it('is the page-relative image route with the whole photo path encoded as one segment', () => {
    expect(thumbnailUrl('items/entrantes/jamón ibérico.png')).toBe('images/thumb/items%2Fentrantes%2Fjam%C3%B3n%20ib%C3%A9rico.png');
    expect(thumbnailUrl('a?b#c.png')).toBe('images/thumb/a%3Fb%23c.png');
  });

  it('is null for an item without a photo', () => {
    expect(thumbnailUrl(null)).toBeNull();
    expect(thumbnailUrl(undefined)).toBeNull();
    expect(thumbnailUrl('')).toBeNull();
    expect(thumbnailUrl('  ')).toBeNull();
  });
});
