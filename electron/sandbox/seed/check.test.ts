import { describe, expect, it } from 'vitest';
import type { CatalogState } from '../catalog/model';
import { isValidAllergyString, allergyString } from './allergens';
import { assertConsistent, checkCatalog, checkCommerce } from './check';
import { demoCatalog } from './demoCatalog';
import { demoCommerce } from './demoCommerce';
import { cifControl, isValidCompanyNif } from './nif';
import { cents, hasAtMostTwoDecimals, slug } from './text';

/** The demo catalog with one change applied. */
function broken(change: (c: CatalogState) => void): string[] {
  const catalog = demoCatalog();
  change(catalog);
  return checkCatalog(catalog);
}

const firstOfType = (c: CatalogState, type: number) => c.items.find((i) => i.type === type)!;

describe('checkCatalog finds every kind of broken record', () => {
  it('a category in an unknown group, an item in an unknown category', () => {
    expect(broken((c) => (c.categories[0]!.group_id = 999)).join()).toMatch(/category 1 group_id: unknown id 999/);
    expect(broken((c) => (c.items[0]!.category_id = 999)).join()).toMatch(/category_id: unknown id 999/);
  });

  it('a duplicate id', () => {
    expect(broken((c) => (c.items[1]!.id = 1)).join()).toMatch(/items: id 1 is used twice/);
  });

  it('a format pivot on an item that is not type 4 (spec 2.6)', () => {
    expect(broken((c) => (c.sellingFormatPivots[0]!.item_id = firstOfType(c, 0).id)).join()).toMatch(/not 4/);
  });

  it('a menu category on an item that is not type 1, a menu dish that is not type 0 (spec 2.5)', () => {
    expect(broken((c) => (c.menuMenuCategories[0]!.item_id = firstOfType(c, 0).id)).join()).toMatch(/not 1/);
    expect(broken((c) => (c.menuMenuItemCategoryPivots[0]!.item_id = firstOfType(c, 1).id)).join()).toMatch(/not 0/);
  });

  it('a type 4 item without format pivots, a menu without categories', () => {
    expect(broken((c) => (c.sellingFormatPivots = c.sellingFormatPivots.filter((p) => p.item_id !== firstOfType(c, 4).id))).join()).toMatch(
      /selling-format item without format pivots/,
    );
    expect(broken((c) => (c.menuMenuCategories = c.menuMenuCategories.slice(1))).length).toBeGreaterThan(0);
  });

  it('unknown modifier references, pivot groups and categories', () => {
    expect(broken((c) => (c.modifiers[0]!.category_id = 999)).join()).toMatch(/modifier 1 category_id/);
    expect(broken((c) => (c.modifierPivots[0]!.group_id = 999)).join()).toMatch(/modifierPivot 1 group_id/);
    expect(broken((c) => (c.items[0]!.modifier_group_id = 999)).join()).toMatch(/modifier_group_id: unknown id 999/);
    expect(broken((c) => (c.categories[0]!.modifier_category_id = 999)).join()).toMatch(/modifier_category_id: unknown id 999/);
  });

  it('bad prices, allergies, menu min/max and names', () => {
    expect(broken((c) => (c.items[0]!.price = 1.234)).join()).toMatch(/at most 2 decimals/);
    expect(broken((c) => (c.items[0]!.allergies = '1;14')).join()).toMatch(/invalid allergies/);
    expect(broken((c) => (c.menuMenuCategories[0]!.min = 5)).join()).toMatch(/min 5/);
    expect(broken((c) => (c.groups[0]!.name = ' ')).join()).toMatch(/groups 1: missing name/);
  });

  it('assertConsistent throws with the problems, and stays quiet without any', () => {
    expect(() => assertConsistent('x', [])).not.toThrow();
    expect(() => assertConsistent('x', ['a', 'b'])).toThrow(/x is inconsistent:\n {2}a\n {2}b/);
  });
});

describe('checkCommerce', () => {
  it('accepts the demo commerce and rejects broken references', () => {
    const catalog = demoCatalog();
    const commerce = demoCommerce(catalog);
    expect(checkCommerce(commerce, catalog)).toEqual([]);
    const bad = structuredClone(commerce);
    bad.stocks[0]!.warehouse_id = 99;
    bad.vendorItems[0]!.item_id = 9999;
    bad.vendors[1]!.nif = bad.vendors[0]!.nif;
    bad.purchaseOrders[0]!.total += 1;
    bad.purchaseOrders[1]!.contentsArray[0]!.item_vendor_id = 9999;
    const problems = checkCommerce(bad, catalog).join('\n');
    expect(problems).toMatch(/unknown warehouse 99/);
    expect(problems).toMatch(/unknown item 9999/);
    expect(problems).toMatch(/is used twice/);
    expect(problems).toMatch(/do not add up/);
    expect(problems).toMatch(/item_vendor_id does not relate/);
  });
});

describe('helpers', () => {
  it('allergy strings: codes 1–13, ";"-joined, ascending from names', () => {
    expect(allergyString(['dairy', 'eggs', 'dairy'])).toBe('1;13');
    expect(allergyString([])).toBeNull();
    for (const ok of [null, '', '1', '1;13', '5;7;9']) expect(isValidAllergyString(ok)).toBe(true);
    for (const bad of ['0', '14', '1;1', '1,2', 'gluten', '1;']) expect(isValidAllergyString(bad), bad).toBe(false);
  });

  it('company NIFs: control digit computed and checked', () => {
    expect(cifControl('A', '8201847')).toBe('4');
    expect(isValidCompanyNif('A82018474')).toBe(true);
    expect(isValidCompanyNif('A82018475')).toBe(false);
    expect(isValidCompanyNif('P2807900B')).toBe(true);
    expect(isValidCompanyNif('12345678Z')).toBe(false);
  });

  it('slugs, cents and decimals', () => {
    expect(slug("Canelones de l'àvia")).toBe('canelones-de-l-avia');
    expect(slug('Jamón ibérico')).toBe('jamon-iberico');
    expect(cents(0.1 + 0.2)).toBe(0.3);
    expect(cents(1.005)).toBe(1.01);
    expect(hasAtMostTwoDecimals(2.2)).toBe(true);
    expect(hasAtMostTwoDecimals(2.205)).toBe(false);
  });
});
