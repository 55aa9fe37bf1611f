import { describe, expect, it } from 'vitest';
import { allergenBadges, allergenLabels, describeAllergens, formatPrice, itemTypeBadge, thumbnailUrl } from './catalogFormat';

const NBSP = '\u00a0';

describe('formatPrice', () => {
  it('writes euros the Spanish way: decimal comma, two decimals, the sign after a no-break space', () => {
    expect(formatPrice(12.5)).toBe(`12,50${NBSP}€`);
    expect(formatPrice(0)).toBe(`0,00${NBSP}€`);
    expect(formatPrice(3)).toBe(`3,00${NBSP}€`);
    expect(formatPrice(0.1 + 0.2)).toBe(`0,30${NBSP}€`); // a float sum never shows its noise
    expect(formatPrice(12345.678)).toBe(`12.345,68${NBSP}€`);
  });
});

describe('allergenBadges', () => {
  it('labels each known code of spec 2.7 with a word and a title, in the order given', () => {
    expect(allergenBadges('13;1')).toEqual([
      { code: 13, label: 'Dairy', title: 'Contains dairy' },
      { code: 1, label: 'Eggs', title: 'Contains eggs' },
    ]);
  });

  it('skips unknown codes, blanks and duplicates, and reads nothing from an empty field', () => {
    expect(allergenBadges(' 5 ; 99;x;5;;12').map((badge) => badge.label)).toEqual(['Fish', 'Sulphites']);
    expect(allergenBadges('')).toEqual([]);
    expect(allergenBadges(null)).toEqual([]);
    expect(allergenBadges(undefined)).toEqual([]);
  });

  it('has a distinct word for every one of the 13 codes', () => {
    const labels = Object.values(allergenLabels);
    expect(labels).toHaveLength(13);
    expect(new Set(labels).size).toBe(13);
  });

  it('describes the allergens for screen readers, or nothing when there are none', () => {
    expect(describeAllergens(allergenBadges('1;11'))).toBe('Allergens: eggs, nuts');
    expect(describeAllergens([])).toBeNull();
  });
});

describe('itemTypeBadge', () => {
  it('marks menus (type 1) and selling-format items (type 4), not plain items', () => {
    expect(itemTypeBadge(1)).toBe('Menú');
    expect(itemTypeBadge(4)).toBe('Formats');
    expect(itemTypeBadge(0)).toBeNull();
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
