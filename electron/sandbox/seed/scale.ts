// `--scale N`: a deterministic catalog of N items for benchmarks, with every other
// resource in proportion. Same N → identical records (seeded PRNG, no Math.random). Linear in N:
// 50,000 items take a fraction of a second.
//
// Proportions (per N items): 1 group per 500, 1 category per 50, 1 % menu items (type 1) with 2–4
// menu categories of 3–6 dishes each, 5 % selling-format items (type 4) with 2–3 format pivots,
// ~N/4 modifiers in categories of 4–5, 1 modifier group per 100 items with 2–4 categories each;
// selling formats grow from 6 to 14 with N. About 90 % of the items have a photo.
import { emptyCatalog, type CatalogState, type Flag } from '../catalog/model';
import { mulberry32, pick, randomInt, type Random } from '../prng';
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
import { cents, slug } from './text';

/** Largest N the generator accepts (the bench asks for up to 50,000; headroom for experiments). */
export const MAX_SCALE = 500_000;

const GROUPS = [
  'Entrantes',
  'Ensaladas',
  'Carnes',
  'Pescados',
  'Arroces',
  'Postres',
  'Bebidas',
  'Cervezas',
  'Vinos',
  'Cafés y licores',
  'Tapas',
  'Bocadillos',
  'Pastas',
  'Mariscos',
  'Menús',
  'Platos combinados',
  'Brasa',
  'Verduras',
];
const CATEGORIES = [
  'Tapas frías',
  'Tapas calientes',
  'Raciones',
  'Especialidades',
  'Del mercado',
  'De temporada',
  'Para compartir',
  'De la casa',
  'Clásicos',
  'Sugerencias del chef',
  'Al horno',
  'A la brasa',
  'Guisos',
  'Fritos',
  'Montaditos',
  'Tostas',
  'Cremas',
  'Caseros',
  'Sin gluten',
  'Vegetarianos',
];
const BASES = [
  'Croquetas',
  'Tosta',
  'Ensalada',
  'Tortilla',
  'Revuelto',
  'Crema',
  'Brocheta',
  'Carpaccio',
  'Tartar',
  'Timbal',
  'Arroz',
  'Fideuà',
  'Lomo',
  'Filete',
  'Solomillo',
  'Hamburguesa',
  'Bocadillo',
  'Montadito',
  'Empanada',
  'Canelones',
  'Lasaña',
  'Guiso',
  'Sopa',
  'Pincho',
  'Coca',
  'Buñuelos',
  'Flamenquín',
  'Escabeche',
  'Pastel',
  'Tarta',
];
const INGREDIENTS = [
  'jamón ibérico',
  'bacalao',
  'setas',
  'gambas',
  'pulpo',
  'queso de cabra',
  'espinacas',
  'calabacín',
  'chorizo',
  'morcilla',
  'atún',
  'salmón',
  'pollo',
  'ternera',
  'cerdo ibérico',
  'cordero',
  'pato',
  'alcachofas',
  'pimientos',
  'berenjena',
  'langostinos',
  'calamar',
  'sepia',
  'mejillones',
  'butifarra',
  'sobrasada',
  'trufa',
  'foie',
  'anchoas',
  'rape',
  'merluza',
  'boletus',
  'espárragos',
  'cecina',
  'queso manchego',
];
const STYLES = [
  '',
  '',
  '',
  ' a la plancha',
  ' al ajillo',
  ' con alioli',
  ' a la brasa',
  ' al horno',
  ' con romesco',
  ' a la catalana',
  ' a la gallega',
  ' de la abuela',
  ' con patatas',
  ' al pil-pil',
  ' en tempura',
];
const MODIFIER_CATEGORIES: readonly (readonly [string, readonly string[]])[] = [
  ['Punto', ['Poco hecho', 'Al punto', 'Muy hecho', 'En su punto', 'Vuelta y vuelta']],
  ['Guarnición', ['Patatas fritas', 'Ensalada', 'Verduras', 'Arroz blanco', 'Puré de patata', 'Pimientos']],
  ['Extras', ['Huevo', 'Queso', 'Bacon', 'Jamón', 'Aguacate', 'Cebolla caramelizada', 'Setas']],
  ['Sin', ['Sin cebolla', 'Sin ajo', 'Sin sal', 'Sin picante', 'Sin salsa', 'Sin tomate']],
  ['Salsas', ['Alioli', 'Brava', 'Romesco', 'Mojo picón', 'Cabrales', 'Pimienta']],
  ['Leche', ['Entera', 'Desnatada', 'Sin lactosa', 'Avena', 'Soja']],
  ['Pan', ['Pan de pueblo', 'Pan sin gluten', 'Pan integral', 'Pan con tomate']],
  ['Bebida', ['Agua', 'Refresco', 'Cerveza', 'Vino', 'Zumo']],
];
const FORMATS: readonly (readonly [string, number])[] = [
  ['Caña', 0.2],
  ['Jarra', 0.5],
  ['Copa', 0.15],
  ['Botella', 0.75],
  ['Media ración', 0.5],
  ['Ración', 1],
  ['Tapa', 0.25],
  ['Chupito', 0.04],
  ['Tercio', 0.33],
  ['Vaso', 0.25],
  ['Pincho', 0.125],
  ['Media botella', 0.375],
  ['Doble', 2],
  ['Litro', 1],
];
const MENU_CATEGORIES = ['Primeros', 'Segundos', 'Postres', 'Bebida', 'Entrantes', 'Para compartir'];
const MENU_MODES: readonly (0 | 1 | 2 | 3 | 4)[] = [0, 1, 2, 3, 4];

/** A name unique in its list: the base the first time, then "base 2", "base 3", … */
function numbered(list: readonly string[], index: number): string {
  const base = list[index % list.length] as string;
  const round = Math.floor(index / list.length);
  return round === 0 ? base : `${base} ${round + 1}`;
}

const randomPrice = (random: Random, min: number, max: number) => cents(randomInt(random, min * 20, max * 20) * 0.05);

function randomAllergies(random: Random): string | null {
  const count = randomInt(random, 0, 3);
  if (count === 0) return null;
  const codes = new Set<number>();
  while (codes.size < count) codes.add(randomInt(random, 1, 13));
  return [...codes].sort((a, b) => a - b).join(';');
}

/** k distinct integers of [0, n), in random order (k ≤ n). */
function distinct(random: Random, n: number, k: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < k) chosen.add(Math.floor(random() * n));
  return [...chosen];
}

/** A deterministic catalog of `n` items with proportional groups, categories, modifiers, menus and formats. */
export function generateCatalog(n: number): CatalogState {
  if (!Number.isInteger(n) || n < 1 || n > MAX_SCALE) {
    throw new RangeError(`scale: the number of items must be an integer from 1 to ${MAX_SCALE}, got ${n}`);
  }
  const random = mulberry32(Math.imul(n, 0x9e3779b1) ^ 0x5eed5);
  const catalog = emptyCatalog();

  // Selling formats, modifier categories / modifiers, modifier groups / pivots.
  const formatCount = Math.min(FORMATS.length, Math.max(6, Math.ceil(n / 2000) + 6));
  for (let f = 0; f < formatCount; f++) catalog.sellingFormats.push(sellingFormatRecord({ id: f + 1, name: (FORMATS[f] as readonly [string, number])[0] }));

  const modifierTarget = Math.max(2, Math.floor(n / 4));
  const modifierCategoryCount = Math.max(1, Math.ceil(modifierTarget / 5));
  for (let m = 0; m < modifierCategoryCount; m++) {
    const id = m + 1;
    const [baseName, options] = MODIFIER_CATEGORIES[m % MODIFIER_CATEGORIES.length] as readonly [string, readonly string[]];
    const round = Math.floor(m / MODIFIER_CATEGORIES.length);
    const isChoice: Flag = random() < 0.5 ? 1 : 0;
    const isOptional: Flag = random() < 0.7 ? 1 : 0;
    catalog.modifierCategories.push(modifierCategoryRecord({ id, name: round === 0 ? baseName : `${baseName} ${round + 1}`, isChoice, isOptional }));
    // Spread the target evenly (4–5 per category) so the total is exact.
    const count = Math.floor(((m + 1) * modifierTarget) / modifierCategoryCount) - Math.floor((m * modifierTarget) / modifierCategoryCount);
    for (let k = 0; k < count; k++) {
      const price = random() < 0.6 ? 0 : randomPrice(random, 0.2, 3);
      catalog.modifiers.push(
        modifierRecord({ id: catalog.modifiers.length + 1, name: options[k % options.length] as string, price, category_id: id, order: k + 1 }),
      );
    }
  }

  const modifierGroupCount = Math.max(1, Math.ceil(n / 100));
  for (let g = 0; g < modifierGroupCount; g++) {
    const id = g + 1;
    catalog.modifierGroups.push(modifierGroupRecord({ id, name: `Opciones ${id}`, dont_show_automatically: random() < 0.1 ? 1 : 0 }));
    const picks = distinct(random, modifierCategoryCount, Math.min(modifierCategoryCount, randomInt(random, 2, 4)));
    picks.forEach((m, order) =>
      catalog.modifierPivots.push(modifierPivotRecord({ id: catalog.modifierPivots.length + 1, group_id: id, category_id: m + 1, order: order + 1 })),
    );
  }
  const randomModifierLink = (chance: number) => {
    const roll = random();
    if (roll >= chance) return { modifier_group_id: null, modifier_category_id: null };
    return roll < chance / 2
      ? { modifier_group_id: randomInt(random, 1, modifierGroupCount), modifier_category_id: null }
      : { modifier_group_id: null, modifier_category_id: randomInt(random, 1, modifierCategoryCount) };
  };

  // Groups and categories, items spread evenly over the categories in order.
  const groupCount = Math.max(1, Math.ceil(n / 500));
  const categoryCount = Math.max(groupCount, Math.ceil(n / 50));
  const groupSlugs: string[] = [];
  for (let g = 0; g < groupCount; g++) {
    const name = numbered(GROUPS, g);
    groupSlugs.push(slug(name));
    catalog.groups.push(groupRecord({ id: g + 1, name, photo: `groups/${slug(name)}.png` }));
  }
  for (let c = 0; c < categoryCount; c++) {
    const groupId = Math.floor((c * groupCount) / categoryCount) + 1;
    const name = numbered(CATEGORIES, c);
    catalog.categories.push(categoryRecord({ id: c + 1, name, group_id: groupId, photo: `categories/${slug(name)}.png`, ...randomModifierLink(0.2) }));
  }

  // Items: every 100th is a menu (1 %), every 20th (offset 10) a selling-format item (5 %).
  const baseSlugs = BASES.map(slug);
  const ingredientSlugs = INGREDIENTS.map(slug);
  const styleSlugs = STYLES.map(slug);
  const menuIds: number[] = [];
  const normalIds: number[] = [];
  const withMenus = n >= 20;
  for (let k = 0; k < n; k++) {
    const id = k + 1;
    const categoryIndex = Math.floor((k * categoryCount) / n);
    const groupIndex = Math.floor((categoryIndex * groupCount) / categoryCount);
    // Below 100 items the last one is the menu, so every catalog of 20 or more items has one.
    const isMenu = withMenus && (k % 100 === 99 || (n < 100 && k === n - 1));
    const type = isMenu ? ITEM_TYPE.menu : k % 20 === 10 ? ITEM_TYPE.sellingFormat : ITEM_TYPE.normal;
    let name: string;
    let nameSlug: string;
    if (type === ITEM_TYPE.menu) {
      name = `Menú ${pick(random, ['del día', 'degustación', 'infantil', 'de grupo', 'ejecutivo', 'de temporada'])} ${menuIds.length + 1}`;
      nameSlug = slug(name);
    } else {
      const b = Math.floor(random() * BASES.length);
      const i = Math.floor(random() * INGREDIENTS.length);
      const s = Math.floor(random() * STYLES.length);
      name = `${BASES[b]} de ${INGREDIENTS[i]}${STYLES[s]}`;
      nameSlug = `${baseSlugs[b]}-de-${ingredientSlugs[i]}${styleSlugs[s] ? `-${styleSlugs[s]}` : ''}`;
    }
    const price = type === ITEM_TYPE.menu ? randomPrice(random, 12, 60) : randomPrice(random, 1.5, 32);
    const hasInventory: Flag = type === ITEM_TYPE.sellingFormat || random() < 0.05 ? 1 : 0;
    catalog.items.push(
      itemRecord({
        id,
        name,
        price,
        costPrice: cents(price * (0.22 + random() * 0.2)),
        type,
        category_id: categoryIndex + 1,
        photo: random() < 0.9 ? itemPhoto(groupSlugs[groupIndex] as string, `${nameSlug}-${id}`) : null,
        active: random() < 0.03 ? 0 : 1,
        allergies: type === ITEM_TYPE.menu ? null : randomAllergies(random),
        hasInventory,
        barcode: hasInventory ? ean13(`84${String(id).padStart(10, '0')}`) : null,
        ...(type === ITEM_TYPE.normal ? randomModifierLink(0.3) : {}),
      }),
    );
    if (type === ITEM_TYPE.menu) menuIds.push(id);
    else if (type === ITEM_TYPE.normal) normalIds.push(id);

    if (type === ITEM_TYPE.sellingFormat) {
      const formats = distinct(random, formatCount, Math.min(formatCount, randomInt(random, 2, 3))).sort((a, b) => a - b);
      formats.forEach((f, order) => {
        const [, quantity] = FORMATS[f] as readonly [string, number];
        catalog.sellingFormatPivots.push(
          sellingFormatPivotRecord({
            id: catalog.sellingFormatPivots.length + 1,
            item_id: id,
            format_id: f + 1,
            // The first format sells at the item's price, larger ones cost more.
            price: order === 0 ? price : cents(price * (1 + order * 0.8)),
            quantity,
            order: order + 1,
          }),
        );
      });
    }
  }

  // Menu categories and their dishes (normal items only, spec 2.5).
  for (const menuId of menuIds) {
    const categories = randomInt(random, 2, 4);
    for (let c = 0; c < categories; c++) {
      const mode = pick(random, MENU_MODES);
      const min = mode === 2 ? 1 : mode === 0 || mode === 1 ? 0 : randomInt(random, 1, 2);
      const max = mode === 0 || mode === 2 ? 1 : min + randomInt(random, 0, 2) || 1;
      const categoryId = catalog.menuMenuCategories.length + 1;
      catalog.menuMenuCategories.push(
        menuCategoryRecord({ id: categoryId, name: numbered(MENU_CATEGORIES, c), item_id: menuId, isMultipleChoice: mode, min, max, order: c + 1 }),
      );
      const dishes = distinct(random, normalIds.length, Math.min(normalIds.length, randomInt(random, 3, 6)));
      dishes.forEach((d, order) => {
        catalog.menuMenuItemCategoryPivots.push(
          menuPivotRecord({
            id: catalog.menuMenuItemCategoryPivots.length + 1,
            item_id: normalIds[d] as number,
            category_id: categoryId,
            price: random() < 0.2 ? randomPrice(random, 1, 6) : 0,
            addModifiersPrice: random() < 0.8 ? 1 : 0,
            order: order + 1,
          }),
        );
      });
    }
  }
  return catalog;
}
