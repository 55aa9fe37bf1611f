import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loyaltyOrderPayloadRequest } from '../api/loyalty';
import { indexCatalog, type CatalogIndex, type CatalogRecords } from './catalog';
import { encodeFlowContents, encodeLoyaltyOrder, priceTicket, ticketSubtotalCents, type EncodedLoyaltyContent } from './encode';
import { formatOptionsOf } from './formats';
import { dishModifierRules, evaluateLine, type DishChoice, type LineChoice } from './line';
import { menuRulesOf, type MenuDishOption } from './menus';
import { modifierRulesOf, type ModifierRule } from './modifiers';
import { emptyRecords, make } from './testing';

// Property tests of the order rules: random catalogs (spec 2.6 shapes), random valid choices and
// random broken ones. Choices are drawn from a seeded PRNG so they always fit the drawn catalog.

const price = fc.integer({ min: 0, max: 5000 }).map((cents) => cents / 100);

const catalogSpec = fc.record({
  modifierCategories: fc.array(
    fc.record({
      isChoice: fc.boolean(),
      isOptional: fc.boolean(),
      active: fc.integer({ min: 0, max: 6 }).map((n) => n > 0),
      min: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
      max: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
      modifiers: fc.array(fc.record({ price, active: fc.boolean() }), { maxLength: 4 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  groups: fc.array(fc.array(fc.nat(3), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 2 }),
  /** 0 = none, 1 = group, 2 = direct category. */
  categories: fc.array(fc.record({ source: fc.integer({ min: 0, max: 2 }), ref: fc.nat(3) }), { minLength: 1, maxLength: 3 }),
  normals: fc.array(fc.record({ price, category: fc.nat(2), source: fc.integer({ min: 0, max: 2 }), ref: fc.nat(3) }), { minLength: 1, maxLength: 5 }),
  formats: fc.array(fc.record({ category: fc.nat(2), pivots: fc.array(price, { minLength: 1, maxLength: 3 }) }), { maxLength: 2 }),
  menus: fc.array(
    fc.record({
      price,
      categories: fc.array(
        fc.record({
          mode: fc.integer({ min: 0, max: 4 }),
          min: fc.integer({ min: 0, max: 3 }),
          max: fc.integer({ min: 0, max: 3 }),
          dishes: fc.array(
            fc.record({
              dish: fc.nat(20),
              supplement: price,
              addModifiersPrice: fc.boolean(),
              active: fc.integer({ min: 0, max: 6 }).map((n) => n > 0),
              fixFormat: fc.boolean(),
            }),
            { minLength: 1, maxLength: 4 },
          ),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
    { maxLength: 2 },
  ),
});
type CatalogSpec = typeof catalogSpec extends fc.Arbitrary<infer T> ? T : never;

function buildRecords(spec: CatalogSpec): CatalogRecords {
  const r = emptyRecords();
  const nCats = spec.modifierCategories.length;
  let modifierId = 1;
  spec.modifierCategories.forEach((c, i) => {
    r.modifierCategories.push(
      make.modifierCategory({
        id: i + 1,
        order: i,
        active: c.active ? 1 : 0,
        isChoice: c.isChoice ? 1 : 0,
        isOptional: c.isOptional ? 1 : 0,
        min: c.min,
        max: c.max,
      }),
    );
    c.modifiers.forEach((m, j) =>
      r.modifiers.push(make.modifier({ id: modifierId++, category_id: i + 1, order: j, price: m.price, active: m.active ? 1 : 0 })),
    );
  });
  let pivotId = 1;
  spec.groups.forEach((cats, g) => {
    r.modifierGroups.push(make.modifierGroup({ id: g + 1 }));
    cats.forEach((c, k) => r.modifierPivots.push(make.modifierPivot({ id: pivotId++, order: k, group_id: g + 1, category_id: (c % nCats) + 1 })));
  });
  const source = (kind: number, ref: number) =>
    kind === 1 ? { modifier_group_id: (ref % spec.groups.length) + 1 } : kind === 2 ? { modifier_category_id: (ref % nCats) + 1 } : {};
  spec.categories.forEach((c, i) => r.categories.push(make.category({ id: i + 1, ...source(c.source, c.ref) })));
  const categoryId = (n: number) => (n % spec.categories.length) + 1;
  let itemId = 1;
  const dishable: number[] = [];
  for (const n of spec.normals) {
    dishable.push(itemId);
    r.items.push(make.item({ id: itemId++, price: n.price, category_id: categoryId(n.category), ...source(n.source, n.ref) }));
  }
  r.sellingFormats.push(make.format({ id: 1, name: 'Media' }), make.format({ id: 2, name: 'Entera' }), make.format({ id: 3, name: 'Copa' }));
  let formatPivotId = 1;
  const formatPivotsOf = new Map<number, number[]>();
  for (const f of spec.formats) {
    const id = itemId++;
    dishable.push(id);
    r.items.push(make.item({ id, type: 4, price: 1, category_id: categoryId(f.category) }));
    formatPivotsOf.set(id, []);
    f.pivots.forEach((p, k) => {
      formatPivotsOf.get(id)!.push(formatPivotId);
      r.sellingFormatPivots.push(make.formatPivot({ id: formatPivotId++, item_id: id, format_id: k + 1, price: p, order: k }));
    });
  }
  let menuCategoryId = 1;
  let menuPivotId = 1;
  for (const m of spec.menus) {
    const id = itemId++;
    r.items.push(make.item({ id, type: 1, price: m.price }));
    m.categories.forEach((c, k) => {
      const mc = menuCategoryId++;
      r.menuMenuCategories.push(make.menuCategory({ id: mc, order: k, item_id: id, isMultipleChoice: c.mode, min: c.min, max: c.max }));
      c.dishes.forEach((d, j) => {
        const dish = dishable[d.dish % dishable.length]!;
        const fixed = d.fixFormat ? (formatPivotsOf.get(dish)?.[0] ?? null) : null;
        r.menuMenuItemCategoryPivots.push(
          make.menuPivot({
            id: menuPivotId++,
            order: j,
            category_id: mc,
            item_id: dish,
            price: d.supplement,
            addModifiersPrice: d.addModifiersPrice ? 1 : 0,
            active: d.active ? 1 : 0,
            format_pivot_id: fixed,
          }),
        );
      });
    });
  }
  return r;
}

/** mulberry32: a small seeded PRNG for choices that fit the catalog. */
function prng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

function pickDistinct<T>(list: readonly T[], count: number, rand: (n: number) => number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(rand(pool.length), 1)[0]!);
  return out;
}

function validModifiers(rules: readonly ModifierRule[], rand: (n: number) => number): number[] {
  return rules.flatMap((rule) => {
    const max = Math.min(rule.max ?? rule.options.length, rule.options.length);
    const count = rule.min + rand(max - rule.min + 1);
    return pickDistinct(rule.options, count, rand).map((o) => o.id);
  });
}

function validDish(dish: MenuDishOption, catalog: CatalogIndex, rand: (n: number) => number): DishChoice {
  const dishItem = catalog.items.get(dish.itemId)!;
  if (dishItem.type !== 4) return { pivotId: dish.pivotId, modifierIds: validModifiers(dishModifierRules(dish, catalog), rand) };
  if (dish.formatPivotId !== null) return { pivotId: dish.pivotId };
  const formats = formatOptionsOf(dishItem, catalog);
  return { pivotId: dish.pivotId, formatPivotId: formats[rand(formats.length)]!.pivotId };
}

/** A valid choice of the item, or null when it cannot be sold (e.g. a menu without dishes). */
function validChoice(itemId: number, catalog: CatalogIndex, rand: (n: number) => number): LineChoice | null {
  const item = catalog.items.get(itemId)!;
  const quantity = 1 + rand(4);
  if (item.type === 0) return { itemId, quantity, modifierIds: validModifiers(modifierRulesOf(item, catalog), rand) };
  if (item.type === 4) {
    const formats = formatOptionsOf(item, catalog);
    return formats.length === 0 ? null : { itemId, quantity, formatPivotId: formats[rand(formats.length)]!.pivotId };
  }
  const rules = menuRulesOf(item, catalog);
  const dishes: DishChoice[] = [];
  for (const rule of rules) {
    const max = Math.min(rule.max ?? rule.dishes.length, rule.dishes.length);
    for (const dish of pickDistinct(rule.dishes, rule.min + rand(max - rule.min + 1), rand)) {
      dishes.push(validDish(dish, catalog, rand));
    }
  }
  if (dishes.length === 0) return null;
  return { itemId, quantity, dishes };
}

/** The loyalty total computed from the encoded contents alone, as the sandbox does. */
function sumContents(contents: readonly EncodedLoyaltyContent[]): number {
  const cents = (v: string) => Math.round(Number(v) * 100);
  let sum = 0;
  for (const c of contents) {
    let unit = cents(c.itemPrice);
    for (const m of c.modifiers ?? []) unit += cents(m.price);
    for (const d of c.menuContents ?? []) {
      unit += cents(d.price);
      for (const m of d.modifiers) unit += cents(m.price);
    }
    sum += unit * c.quantity;
  }
  return sum;
}

const scenario = fc.record({ spec: catalogSpec, seed: fc.integer(), lines: fc.integer({ min: 1, max: 5 }), discount: fc.nat(100) });

function validTicket(spec: CatalogSpec, seed: number, lines: number) {
  const catalog = indexCatalog(buildRecords(spec));
  const rand = prng(seed);
  const ids = [...catalog.items.keys()];
  const choices: LineChoice[] = [];
  for (let i = 0; i < lines * 3 && choices.length < lines; i++) {
    const choice = validChoice(ids[rand(ids.length)]!, catalog, rand);
    if (choice) choices.push(choice);
  }
  return { catalog, rand, choices };
}

describe('order encoding (property)', () => {
  it('valid choices encode; the total equals the contents and the displayed ticket', () => {
    fc.assert(
      fc.property(scenario, ({ spec, seed, lines, discount }) => {
        const { catalog, choices } = validTicket(spec, seed, lines);
        fc.pre(choices.length > 0);
        const ticket = priceTicket(choices, catalog);
        if (!ticket.ok) throw new Error(`valid choice refused: ${JSON.stringify(ticket.problems)}`);
        const displayed = ticketSubtotalCents(ticket.lines);
        const discountCents = Math.min(discount, displayed);
        const encoded = encodeLoyaltyOrder(choices, catalog, discountCents > 0 ? { amountCents: discountCents } : undefined);
        if (!encoded.ok) throw new Error(`valid ticket not encoded: ${JSON.stringify(encoded.problems)}`);
        expect(Math.round(Number(encoded.value.total) * 100)).toBe(sumContents(encoded.value.contents) - discountCents);
        expect(encoded.totalCents).toBe(displayed - discountCents);
        expect(loyaltyOrderPayloadRequest.safeParse(encoded.value).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('invalid choices are reported with a reason and never encoded', () => {
    fc.assert(
      fc.property(scenario, fc.nat(), ({ spec, seed, lines }, which) => {
        const { catalog, rand, choices } = validTicket(spec, seed, lines);
        // Every way the chosen lines can be broken.
        const breaks: Array<{ index: number; line: LineChoice }> = [];
        choices.forEach((choice, index) => {
          const item = catalog.items.get(choice.itemId)!;
          if (item.type === 4) breaks.push({ index, line: { itemId: choice.itemId, quantity: choice.quantity } });
          for (const rule of modifierRulesOf(item, catalog)) {
            const others = (choice.modifierIds ?? []).filter((id) => !rule.options.some((o) => o.id === id));
            if (rule.min > 0) breaks.push({ index, line: { ...choice, modifierIds: others } });
            if (rule.single && rule.options.length > 1)
              breaks.push({ index, line: { ...choice, modifierIds: [...others, ...rule.options.slice(0, 2).map((o) => o.id)] } });
          }
          for (const rule of menuRulesOf(item, catalog)) {
            const others = (choice.dishes ?? []).filter((d) => !rule.dishes.some((o) => o.pivotId === d.pivotId));
            const fill = (dishes: readonly MenuDishOption[]) => dishes.map((d) => validDish(d, catalog, rand));
            if (rule.min > 0) breaks.push({ index, line: { ...choice, dishes: [...others, ...fill(rule.dishes.slice(0, rule.min - 1))] } });
            if (rule.max !== null && rule.dishes.length > rule.max)
              breaks.push({ index, line: { ...choice, dishes: [...others, ...fill(rule.dishes.slice(0, rule.max + 1))] } });
          }
        });
        fc.pre(breaks.length > 0);
        const broken = breaks[which % breaks.length]!;
        const ticket = choices.map((c, i) => (i === broken.index ? broken.line : c));
        const line = evaluateLine(broken.line, catalog);
        if (line.ok) throw new Error(`broken line accepted: ${JSON.stringify(broken.line)} in ${JSON.stringify(buildRecords(spec))}`);
        if (!line.ok) expect(line.reasons.length).toBeGreaterThan(0);
        const encoded = encodeLoyaltyOrder(ticket, catalog);
        expect(encoded.ok).toBe(false);
        if (!encoded.ok) expect(encoded.problems.map((p) => p.index)).toContain(broken.index);
        expect(encodeFlowContents(ticket, catalog).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
