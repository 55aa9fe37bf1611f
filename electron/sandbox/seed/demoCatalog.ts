// The demo venue's catalog: resources/demo-venue/catalog.json, checked with zod
// and turned into the records of spec 2.6 with ids in file order. A bad edit fails loudly at load:
// the schema rejects malformed entries and checkCatalog() rejects broken references.
import { z } from 'zod';
import catalogJson from '../../../resources/demo-venue/catalog.json';
import { emptyCatalog, type CatalogState, type Flag } from '../catalog/model';
import { ALLERGEN_NAMES, allergyString, type AllergenName } from './allergens';
import { assertConsistent, checkCatalog } from './check';
import {
  categoryRecord,
  ean13,
  groupRecord,
  itemPhoto,
  itemRecord,
  ITEM_TYPE,
  menuCategoryRecord,
  menuPivotRecord,
  modifierCategoryRecord,
  modifierGroupRecord,
  modifierPivotRecord,
  modifierRecord,
  sellingFormatPivotRecord,
  sellingFormatRecord,
} from './records';
import { cents, hasAtMostTwoDecimals, slug } from './text';

const money = z.number().nonnegative().refine(hasAtMostTwoDecimals, 'a price has at most 2 decimals');
const flag = z.union([z.literal(0), z.literal(1)]);
const allergens = z.array(z.enum(ALLERGEN_NAMES as [AllergenName, ...AllergenName[]]));
const name = z.string().trim().min(1);

const formatEntry = z.strictObject({ format: z.string(), price: money, quantity: z.number().positive() });
const dish = z.strictObject({ dish: name, supplement: money.optional(), addModifiersPrice: flag.optional() });
const menuCategory = z
  .strictObject({
    name,
    mode: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    min: z.number().int().nonnegative(),
    max: z.number().int().positive(),
    dishes: z.array(dish).min(1),
  })
  .refine((c) => c.min <= c.max, 'menu category: min must not exceed max');

const item = z
  .strictObject({
    name,
    price: money.optional(),
    cost: money.optional(),
    allergens: allergens.optional(),
    info: z.string().optional(),
    active: z.boolean().optional(),
    photo: z.boolean().optional(),
    inventory: z.boolean().optional(),
    modifierGroup: z.string().optional(),
    modifierCategory: z.string().optional(),
    formats: z.array(formatEntry).min(1).optional(),
    menu: z.array(menuCategory).min(1).optional(),
  })
  .refine((i) => i.price !== undefined || i.formats !== undefined, {
    message: 'an item needs a price, or formats (its price is then the lowest format price)',
  })
  .refine((i) => !(i.formats && i.menu), 'an item cannot be both a selling-format item and a menu');

const category = z.strictObject({
  name,
  inventory: z.boolean().optional(),
  modifierGroup: z.string().optional(),
  modifierCategory: z.string().optional(),
  items: z.array(item).min(1),
});

const group = z.strictObject({
  name,
  costRatio: z.number().positive().max(1),
  inventory: z.boolean().optional(),
  allergens: allergens.optional(),
  categories: z.array(category).min(1),
});

const demoCatalogSchema = z.strictObject({
  $comment: z.array(z.string()).optional(),
  sellingFormats: z.array(z.strictObject({ key: z.string(), name })),
  modifierCategories: z.array(
    z
      .strictObject({
        key: z.string(),
        name,
        isChoice: flag,
        isOptional: flag,
        // Fields the vendor's rows carry beyond spec 2.6 (clarifications "Hospitality v2").
        min: z.int().nonnegative().optional(),
        max: z.int().nonnegative().optional(),
        shouldHide: flag.optional(),
        /** Names of this category's modifiers that start chosen (`autoSelected`). */
        autoSelected: z.array(name).optional(),
        modifiers: z.array(z.tuple([name, money])).min(1),
      })
      .refine((c) => c.min === undefined || !c.max || c.min <= c.max, 'modifier category: min must not exceed max (0 = no limit)')
      .refine(
        (c) => (c.autoSelected ?? []).every((n) => c.modifiers.some(([m]) => m === n)),
        'modifier category: autoSelected names a modifier it does not have',
      ),
  ),
  modifierGroups: z.array(z.strictObject({ key: z.string(), name, categories: z.array(z.string()).min(1), dontShowAutomatically: flag.optional() })),
  groups: z.array(group).min(1),
});

/** Price of one unit of quantity of a selling-format item, from its largest format (e.g. a litre of beer). */
function unitPrice(formats: readonly { price: number; quantity: number }[]): number {
  const largest = formats.reduce((a, b) => (b.quantity > a.quantity ? b : a));
  return largest.price / largest.quantity;
}

const flagOf = (value: boolean | undefined, fallback: Flag): Flag => (value === undefined ? fallback : value ? 1 : 0);

function lookup(map: ReadonlyMap<string, number>, key: string | undefined, what: string, where: string): number | null {
  if (key === undefined) return null;
  const id = map.get(key);
  if (id === undefined) throw new Error(`demo catalog: ${where} names an unknown ${what} "${key}"`);
  return id;
}

/** Builds the records of a demo catalog source (exported for tests that feed broken sources). */
export function buildDemoCatalog(source: unknown): CatalogState {
  const src = demoCatalogSchema.parse(source);
  const catalog = emptyCatalog();

  const formatIds = new Map<string, number>();
  src.sellingFormats.forEach((f, index) => {
    if (formatIds.has(f.key)) throw new Error(`demo catalog: selling format key "${f.key}" is used twice`);
    const id = index + 1;
    formatIds.set(f.key, id);
    catalog.sellingFormats.push(sellingFormatRecord({ id, name: f.name }));
  });

  const modifierCategoryIds = new Map<string, number>();
  for (const [index, mc] of src.modifierCategories.entries()) {
    if (modifierCategoryIds.has(mc.key)) throw new Error(`demo catalog: modifier category key "${mc.key}" is used twice`);
    const id = index + 1;
    modifierCategoryIds.set(mc.key, id);
    catalog.modifierCategories.push(
      modifierCategoryRecord({
        id,
        name: mc.name,
        isChoice: mc.isChoice,
        isOptional: mc.isOptional,
        ...(mc.min !== undefined ? { min: mc.min } : {}),
        ...(mc.max !== undefined ? { max: mc.max } : {}),
        ...(mc.shouldHide !== undefined ? { shouldHide: mc.shouldHide } : {}),
      }),
    );
    const auto = new Set(mc.autoSelected ?? []);
    mc.modifiers.forEach(([modifierName, price], order) => {
      const mid = catalog.modifiers.length + 1;
      const autoSelected = auto.has(modifierName) ? 1 : 0;
      catalog.modifiers.push(modifierRecord({ id: mid, name: modifierName, price, category_id: id, order: order + 1, autoSelected }));
    });
  }

  const modifierGroupIds = new Map<string, number>();
  for (const [index, mg] of src.modifierGroups.entries()) {
    if (modifierGroupIds.has(mg.key)) throw new Error(`demo catalog: modifier group key "${mg.key}" is used twice`);
    const id = index + 1;
    modifierGroupIds.set(mg.key, id);
    catalog.modifierGroups.push(modifierGroupRecord({ id, name: mg.name, dont_show_automatically: mg.dontShowAutomatically ?? 0 }));
    mg.categories.forEach((key, order) => {
      const categoryId = lookup(modifierCategoryIds, key, 'modifier category', `modifier group "${mg.name}"`) as number;
      catalog.modifierPivots.push(modifierPivotRecord({ id: catalog.modifierPivots.length + 1, group_id: id, category_id: categoryId, order: order + 1 }));
    });
  }

  const itemIds = new Map<string, number>();
  const menus: { itemId: number; name: string; menu: z.output<typeof menuCategory>[] }[] = [];
  for (const g of src.groups) {
    const groupId = catalog.groups.length + 1;
    const groupSlug = slug(g.name);
    catalog.groups.push(groupRecord({ id: groupId, name: g.name, photo: `groups/${groupSlug}.png` }));
    for (const c of g.categories) {
      const categoryId = catalog.categories.length + 1;
      const where = `category "${c.name}"`;
      catalog.categories.push(
        categoryRecord({
          id: categoryId,
          name: c.name,
          group_id: groupId,
          photo: `categories/${slug(c.name)}.png`,
          modifier_group_id: lookup(modifierGroupIds, c.modifierGroup, 'modifier group', where),
          modifier_category_id: lookup(modifierCategoryIds, c.modifierCategory, 'modifier category', where),
        }),
      );
      for (const i of c.items) {
        if (itemIds.has(i.name)) throw new Error(`demo catalog: item name "${i.name}" is used twice`);
        const id = catalog.items.length + 1;
        itemIds.set(i.name, id);
        const type = i.formats ? ITEM_TYPE.sellingFormat : i.menu ? ITEM_TYPE.menu : ITEM_TYPE.normal;
        const price = i.price ?? Math.min(...(i.formats ?? []).map((f) => f.price));
        const hasInventory = flagOf(i.inventory ?? c.inventory ?? g.inventory, 0);
        catalog.items.push(
          itemRecord({
            id,
            name: i.name,
            price,
            costPrice: i.cost ?? cents(g.costRatio * (i.formats ? unitPrice(i.formats) : price)),
            type,
            category_id: categoryId,
            photo: i.photo === false ? null : itemPhoto(groupSlug, slug(i.name)),
            active: flagOf(i.active, 1),
            info: i.info ?? null,
            allergies: allergyString([...(g.allergens ?? []), ...(i.allergens ?? [])]),
            hasInventory,
            // Packaged goods carry an EAN-13 (84 = Spain), derived from the item id.
            barcode: hasInventory ? ean13(`8412345${String(id).padStart(5, '0')}`) : null,
            modifier_group_id: lookup(modifierGroupIds, i.modifierGroup, 'modifier group', `item "${i.name}"`),
            modifier_category_id: lookup(modifierCategoryIds, i.modifierCategory, 'modifier category', `item "${i.name}"`),
          }),
        );
        (i.formats ?? []).forEach((f, order) => {
          catalog.sellingFormatPivots.push(
            sellingFormatPivotRecord({
              id: catalog.sellingFormatPivots.length + 1,
              item_id: id,
              format_id: lookup(formatIds, f.format, 'selling format', `item "${i.name}"`) as number,
              price: f.price,
              quantity: f.quantity,
              order: order + 1,
            }),
          );
        });
        if (i.menu) menus.push({ itemId: id, name: i.name, menu: i.menu });
      }
    }
  }

  // Menus last: their dishes may be any item of the file, before or after the menu.
  for (const m of menus) {
    m.menu.forEach((mc, order) => {
      const menuCategoryId = catalog.menuMenuCategories.length + 1;
      catalog.menuMenuCategories.push(
        menuCategoryRecord({
          id: menuCategoryId,
          name: mc.name,
          item_id: m.itemId,
          isMultipleChoice: mc.mode,
          min: mc.min,
          max: mc.max,
          order: order + 1,
        }),
      );
      mc.dishes.forEach((d, dishOrder) => {
        const itemId = lookup(itemIds, d.dish, 'dish', `menu "${m.name}" / "${mc.name}"`) as number;
        catalog.menuMenuItemCategoryPivots.push(
          menuPivotRecord({
            id: catalog.menuMenuItemCategoryPivots.length + 1,
            item_id: itemId,
            category_id: menuCategoryId,
            price: d.supplement ?? 0,
            addModifiersPrice: d.addModifiersPrice ?? 1,
            order: dishOrder + 1,
          }),
        );
      });
    });
  }

  assertConsistent('demo catalog', checkCatalog(catalog));
  return catalog;
}

let demo: CatalogState | null = null;

/** The demo venue's catalog, built once; callers get their own deep copy. */
export function demoCatalog(): CatalogState {
  demo ??= buildDemoCatalog(catalogJson);
  return structuredClone(demo);
}
