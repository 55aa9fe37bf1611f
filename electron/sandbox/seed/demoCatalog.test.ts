import { describe, expect, it } from 'vitest';
import catalogJson from '../../../resources/demo-venue/catalog.json';
import { isValidAllergyString } from './allergens';
import { checkCatalog } from './check';
import { buildDemoCatalog, demoCatalog } from './demoCatalog';
import { hasAtMostTwoDecimals } from './text';

const catalog = demoCatalog();
const itemById = new Map(catalog.items.map((i) => [i.id, i]));
const source = () => structuredClone(catalogJson) as unknown as Record<string, unknown> & typeof catalogJson;

describe('demo venue catalog (resources/demo-venue/catalog.json)', () => {
  it('has about 10 groups, 30 categories and 150 items', () => {
    expect(catalog.groups.length).toBeGreaterThanOrEqual(10);
    expect(catalog.categories.length).toBeGreaterThanOrEqual(30);
    expect(catalog.items.length).toBeGreaterThanOrEqual(150);
    for (const name of ['Entrantes', 'Ensaladas', 'Carnes', 'Pescados', 'Arroces', 'Postres', 'Bebidas', 'Cervezas', 'Vinos', 'Cafés y licores']) {
      expect(catalog.groups.map((g) => g.name)).toContain(name);
    }
  });

  it('names dishes in Spanish and Catalan, accents included', () => {
    const names = catalog.items.map((i) => i.name);
    for (const name of ['Jamón ibérico de bellota', 'Pulpo a la gallega', 'Crema catalana', 'Pa amb tomàquet', 'Escalivada']) {
      expect(names).toContain(name);
    }
    expect(catalog.sellingFormats.map((f) => f.name)).toContain('Caña');
    expect(new Set(names).size).toBe(names.length);
  });

  it('is consistent: every reference resolves (spec 2.5 hierarchy)', () => {
    expect(checkCatalog(catalog)).toEqual([]);
  });

  it('keeps ids unique and in order in every resource', () => {
    for (const records of Object.values(catalog)) {
      const ids = (records as { id: number }[]).map((r) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('has at least 3 menus (type 1) whose menu categories cover isMultipleChoice 0–4 with min/max', () => {
    const menus = catalog.items.filter((i) => i.type === 1);
    expect(menus.length).toBeGreaterThanOrEqual(3);
    expect(new Set(catalog.menuMenuCategories.map((m) => m.isMultipleChoice))).toEqual(new Set([0, 1, 2, 3, 4]));
    for (const m of catalog.menuMenuCategories) {
      expect(itemById.get(m.item_id)?.type, `menu category ${m.name}`).toBe(1);
      expect(m.min).toBeLessThanOrEqual(m.max);
    }
    expect(catalog.menuMenuCategories.some((m) => m.isMultipleChoice === 4 && m.min >= 2 && m.max > m.min)).toBe(true);
    for (const menu of menus) expect(catalog.menuMenuCategories.filter((m) => m.item_id === menu.id).length).toBeGreaterThanOrEqual(2);
    const menuDelDia = menus.find((m) => m.name === 'Menú del día');
    expect(menuDelDia?.price).toBe(14.5);
    expect(menus.map((m) => m.name)).toEqual(expect.arrayContaining(['Menú infantil', 'Menú degustación']));
  });

  it('menu dishes are normal items (type 0), some with priced supplements and addModifiersPrice 0 or 1', () => {
    for (const p of catalog.menuMenuItemCategoryPivots) expect(itemById.get(p.item_id)?.type, `pivot ${p.id}`).toBe(0);
    const supplements = catalog.menuMenuItemCategoryPivots.filter((p) => p.price > 0);
    expect(supplements.length).toBeGreaterThanOrEqual(3);
    const entrecot = catalog.items.find((i) => i.name === 'Entrecot de ternera');
    expect(supplements.some((p) => p.item_id === entrecot?.id && p.price === 3)).toBe(true);
    expect(new Set(catalog.menuMenuItemCategoryPivots.map((p) => p.addModifiersPrice))).toEqual(new Set([0, 1]));
  });

  it('has at least 10 selling-format items (type 4) with format pivots of price and quantity', () => {
    const formatItems = catalog.items.filter((i) => i.type === 4);
    expect(formatItems.length).toBeGreaterThanOrEqual(10);
    for (const p of catalog.sellingFormatPivots) {
      expect(itemById.get(p.item_id)?.type, `format pivot ${p.id}`).toBe(4);
      expect(p.quantity).toBeGreaterThan(0);
    }
    const names = catalog.sellingFormats.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['Caña', 'Tercio', 'Jarra', 'Copa', 'Botella', 'Media ración', 'Ración', 'Chupito']));
    const estrella = catalog.items.find((i) => i.name === 'Estrella Galicia');
    const pivots = catalog.sellingFormatPivots.filter((p) => p.item_id === estrella?.id);
    expect(pivots.map((p) => [catalog.sellingFormats.find((f) => f.id === p.format_id)?.name, p.price])).toEqual([
      ['Caña', 2.2],
      ['Jarra', 4.5],
    ]);
  });

  it('has at least 40 modifiers in single/multiple choice, optional/mandatory categories, grouped by pivots', () => {
    expect(catalog.modifiers.length).toBeGreaterThanOrEqual(40);
    const kinds = new Set(catalog.modifierCategories.map((m) => `${m.isChoice}/${m.isOptional}`));
    expect(kinds).toEqual(new Set(['0/0', '0/1', '1/0', '1/1']));
    const punto = catalog.modifierCategories.find((m) => m.name === 'Punto de la carne');
    expect(punto).toMatchObject({ isChoice: 0, isOptional: 0 });
    expect(catalog.modifiers.filter((m) => m.category_id === punto?.id).map((m) => m.name)).toEqual(['Poco hecho', 'Al punto', 'Muy hecho']);
    const extras = catalog.modifierCategories.find((m) => m.name === 'Extras');
    expect(extras).toMatchObject({ isChoice: 1, isOptional: 1 });
    expect(catalog.modifiers.find((m) => m.name === '+ Huevo frito')?.price).toBe(1.5);
    expect(catalog.modifiers.find((m) => m.name === 'Bebida de avena')?.price).toBe(0.3);
    expect(catalog.modifierPivots.length).toBeGreaterThanOrEqual(catalog.modifierGroups.length);
  });

  it('serves the fields real clients read beyond spec 2.6: min/max, shouldHide, autoSelected (clarifications)', () => {
    for (const category of catalog.modifierCategories) {
      expect(category, category.name).toEqual(expect.objectContaining({ min: expect.any(Number), max: expect.any(Number), shouldHide: expect.any(Number) }));
    }
    for (const modifier of catalog.modifiers) expect([0, 1], modifier.name).toContain(modifier.autoSelected);
    const category = (name: string) => catalog.modifierCategories.find((m) => m.name === name);
    expect(category('Punto de la carne')).toMatchObject({ min: 1, max: 1, shouldHide: 0 });
    expect(category('Sabores del helado')).toMatchObject({ isChoice: 1, min: 1, max: 3 });
    expect(category('Sin…')).toMatchObject({ min: 0, max: 0 }); // 0 = no limit
    // A gin-tonic starts with its usual tonic; the burger's group holds a hidden packaging category.
    const tonica = category('Tónica o refresco');
    expect(tonica).toMatchObject({ min: 1, max: 1 });
    expect(catalog.modifiers.filter((m) => m.category_id === tonica?.id && m.autoSelected === 1).map((m) => m.name)).toEqual(['Tónica Schweppes']);
    const hidden = catalog.modifierCategories.filter((m) => m.shouldHide === 1);
    expect(hidden.map((m) => m.name)).toEqual(['Envase para llevar']);
    const burgers = catalog.modifierGroups.find((g) => g.name === 'Hamburguesas');
    expect(catalog.modifierPivots.some((p) => p.group_id === burgers?.id && p.category_id === hidden[0]?.id)).toBe(true);
  });

  it('rejects an autoSelected name that is not a modifier of its category, and min above a max', () => {
    const src = source();
    (src.modifierCategories[0] as { autoSelected?: string[] }).autoSelected = ['Crudo'];
    expect(() => buildDemoCatalog(src)).toThrow(/autoSelected names a modifier it does not have/);
    const other = source();
    Object.assign(other.modifierCategories[0]!, { min: 2, max: 1 });
    expect(() => buildDemoCatalog(other)).toThrow(/min must not exceed max/);
  });

  it('attaches modifier groups and categories to items and to catalog categories', () => {
    expect(catalog.items.some((i) => i.modifier_group_id !== null)).toBe(true);
    expect(catalog.items.some((i) => i.modifier_category_id !== null)).toBe(true);
    expect(catalog.categories.some((c) => c.modifier_group_id !== null)).toBe(true);
    expect(catalog.categories.some((c) => c.modifier_category_id !== null)).toBe(true);
    const aLaBrasa = catalog.categories.find((c) => c.name === 'A la brasa');
    expect(catalog.modifierGroups.find((g) => g.id === aLaBrasa?.modifier_group_id)?.name).toBe('Carnes a la brasa');
  });

  it('uses allergy codes 1–13 joined by ";" (spec 2.7), prices with at most 2 decimals and costPrice on every item', () => {
    for (const i of catalog.items) {
      expect(isValidAllergyString(i.allergies), `${i.name}: ${String(i.allergies)}`).toBe(true);
      expect(hasAtMostTwoDecimals(i.price), `${i.name} price ${i.price}`).toBe(true);
      expect(hasAtMostTwoDecimals(i.costPrice), `${i.name} costPrice ${i.costPrice}`).toBe(true);
      expect(i.costPrice).toBeGreaterThan(0);
    }
    expect(catalog.items.find((i) => i.name === 'Paella de marisco')?.allergies).toBe('5;7;9');
    expect(catalog.items.filter((i) => i.allergies).length).toBeGreaterThan(catalog.items.length / 2);
    for (const p of [...catalog.sellingFormatPivots, ...catalog.modifiers, ...catalog.menuMenuItemCategoryPivots]) {
      expect(hasAtMostTwoDecimals(p.price)).toBe(true);
    }
  });

  it('has a few inactive items and photos (path with extension) for most items', () => {
    const inactive = catalog.items.filter((i) => i.active === 0);
    expect(inactive.length).toBeGreaterThanOrEqual(3);
    expect(inactive.length).toBeLessThan(15);
    const withPhoto = catalog.items.filter((i) => typeof i.photo === 'string');
    expect(withPhoto.length).toBeGreaterThan(catalog.items.length * 0.8);
    for (const i of withPhoto) expect(i.photo).toMatch(/^items\/[a-z0-9-]+\/[a-z0-9-]+\.png$/);
    expect(catalog.items.find((i) => i.name === 'Pa amb tomàquet')?.photo).toBe('items/entrantes/pa-amb-tomaquet.png');
    expect(new Set(withPhoto.map((i) => i.photo)).size).toBe(withPhoto.length);
  });

  it('gives every caller its own copy', () => {
    const a = demoCatalog();
    (a.items[0] as { name: string }).name = 'changed';
    expect(demoCatalog().items[0]?.name).toBe('Jamón ibérico de bellota');
  });
});

describe('a bad edit of catalog.json fails loudly', () => {
  it('rejects an unknown allergen name (gluten is not a code of spec 2.7)', () => {
    const src = source();
    (src.groups[1]!.categories[0]!.items[0] as { allergens?: string[] }).allergens = ['gluten'];
    expect(() => buildDemoCatalog(src)).toThrow();
  });

  it('rejects a price with more than 2 decimals', () => {
    const src = source();
    (src.groups[1]!.categories[0]!.items[0] as { price?: number }).price = 8.555;
    expect(() => buildDemoCatalog(src)).toThrow(/2 decimals/);
  });

  it('rejects a menu dish that names no item', () => {
    const src = source();
    const menus = src.groups.at(-1)!.categories[0]!.items[0] as { menu: { dishes: { dish: string }[] }[] };
    menus.menu[0]!.dishes[0]!.dish = 'Plato inexistente';
    expect(() => buildDemoCatalog(src)).toThrow(/unknown dish "Plato inexistente"/);
  });

  it('rejects a menu dish that is not a normal item (spec 2.5: dishes are type 0)', () => {
    const src = source();
    const menus = src.groups.at(-1)!.categories[0]!.items[0] as { menu: { dishes: { dish: string }[] }[] };
    menus.menu[0]!.dishes[0]!.dish = 'Estrella Galicia';
    expect(() => buildDemoCatalog(src)).toThrow(/has type 4, not 0/);
  });

  it('rejects an unknown modifier group, selling format or duplicate item name', () => {
    const a = source();
    (a.groups[0]!.categories[0] as { modifierGroup?: string }).modifierGroup = 'nada';
    expect(() => buildDemoCatalog(a)).toThrow(/unknown modifier group "nada"/);
    const b = source();
    (b.groups[0]!.categories[0]!.items[0] as { formats: { format: string }[] }).formats[0]!.format = 'barril';
    expect(() => buildDemoCatalog(b)).toThrow(/unknown selling format "barril"/);
    const c = source();
    (c.groups[0]!.categories[0]!.items[1] as { name: string }).name = 'Jamón ibérico de bellota';
    expect(() => buildDemoCatalog(c)).toThrow(/used twice/);
  });

  it('rejects a menu category with min above max', () => {
    const src = source();
    const menus = src.groups.at(-1)!.categories[0]!.items[0] as { menu: { min: number; max: number }[] };
    menus.menu[0]!.min = 3;
    expect(() => buildDemoCatalog(src)).toThrow(/min must not exceed max/);
  });
});
