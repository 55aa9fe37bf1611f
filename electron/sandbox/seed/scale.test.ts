import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../app';
import { defaultSeed, scaledSeed } from '../seed';
import { isValidAllergyString } from './allergens';
import { checkCatalog, checkCommerce } from './check';
import { generateCatalog } from './scale';

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

describe('generateCatalog (--scale N)', () => {
  it('is deterministic: the same N gives identical records', () => {
    expect(hash(generateCatalog(1000))).toBe(hash(generateCatalog(1000)));
    expect(hash(generateCatalog(1000))).not.toBe(hash(generateCatalog(1001)));
  });

  it('generates exactly N items with every resource in proportion (N = 20,000)', () => {
    const n = 20_000;
    const c = generateCatalog(n);
    expect(c.items.length).toBe(n);
    expect(c.groups.length).toBe(n / 500);
    expect(c.categories.length).toBe(n / 50);
    expect(c.modifiers.length).toBe(n / 4);
    expect(c.modifierCategories.length).toBe(n / 20);
    expect(c.modifierGroups.length).toBe(n / 100);
    const menus = c.items.filter((i) => i.type === 1).length;
    const formats = c.items.filter((i) => i.type === 4).length;
    expect(menus).toBe(n / 100);
    expect(formats).toBe(n / 20);
    expect(c.menuMenuCategories.length).toBeGreaterThanOrEqual(2 * menus);
    expect(c.menuMenuCategories.length).toBeLessThanOrEqual(4 * menus);
    expect(c.menuMenuItemCategoryPivots.length).toBeGreaterThanOrEqual(3 * c.menuMenuCategories.length);
    expect(c.sellingFormatPivots.length).toBeGreaterThanOrEqual(2 * formats);
    expect(c.sellingFormatPivots.length).toBeLessThanOrEqual(3 * formats);
    expect(c.modifierPivots.length).toBeGreaterThanOrEqual(2 * c.modifierGroups.length);
    expect(c.sellingFormats.length).toBeGreaterThanOrEqual(6);
    // Photos on most items, unique paths; every isMultipleChoice mode; realistic names.
    const photos = c.items.filter((i) => i.photo).map((i) => i.photo);
    expect(photos.length).toBeGreaterThan(0.85 * n);
    expect(new Set(photos).size).toBe(photos.length);
    expect(new Set(c.menuMenuCategories.map((m) => m.isMultipleChoice))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(c.items[0]?.name).toMatch(/^[A-ZÁÉÍÓÚ][a-zà-ü]+ de [a-zà-ü ]+/);
  });

  it('keeps every reference valid, pivots on the right item types, allergies and prices valid (N = 20,000)', () => {
    const c = generateCatalog(20_000);
    expect(checkCatalog(c)).toEqual([]);
    expect(c.items.every((i) => isValidAllergyString(i.allergies))).toBe(true);
  });

  it('handles small N: 1 item, and a menu from 20 items', () => {
    expect(checkCatalog(generateCatalog(1))).toEqual([]);
    const twenty = generateCatalog(20);
    expect(checkCatalog(twenty)).toEqual([]);
    expect(twenty.items.filter((i) => i.type === 1).length).toBe(1);
  });

  it('refuses N that is not a positive integer', () => {
    expect(() => generateCatalog(0)).toThrow(RangeError);
    expect(() => generateCatalog(1.5)).toThrow(RangeError);
    expect(() => generateCatalog(Number.NaN)).toThrow(RangeError);
  });

  it('generates 50,000 items', () => {
    const c = generateCatalog(50_000);
    expect(c.items.length).toBe(50_000);
    expect(c.items.at(-1)?.id).toBe(50_000);
    expect(checkCatalog(c)).toEqual([]);
  });
});

describe('seeds', () => {
  it('defaultSeed() holds the demo catalog and commerce data', () => {
    const seed = defaultSeed();
    expect(seed.catalog.items.length).toBeGreaterThanOrEqual(150);
    expect(seed.commerce.customers.length).toBeGreaterThanOrEqual(45);
    expect(checkCommerce(seed.commerce, seed.catalog)).toEqual([]);
  });

  it('scaledSeed(N) pairs the generated catalog with commerce records that reference it', () => {
    const seed = scaledSeed(5000);
    expect(seed.catalog.items.length).toBe(5000);
    expect(checkCommerce(seed.commerce, seed.catalog)).toEqual([]);
    expect(seed.commerce.vendorItems.length).toBeGreaterThan(0);
  });

  it('createSandboxApp({ scale }) gives every account the generated catalog; without it, the demo catalog', () => {
    const app = createSandboxApp({ scale: 3000 });
    for (const account of app.state.accounts.values()) {
      expect(account.catalog.items.length).toBe(3000);
      expect(hash(account.catalog)).toBe(hash(generateCatalog(3000)));
      expect(account.rooms.length).toBeGreaterThan(0);
      expect(checkCommerce(account.commerce, account.catalog)).toEqual([]);
    }
    const [a, b] = [...app.state.accounts.values()];
    expect(a?.catalog).not.toBe(b?.catalog);
    const demo = createSandboxApp();
    expect(demo.state.account('demo')?.catalog.items[0]?.name).toBe('Jamón ibérico de bellota');
  });
});
