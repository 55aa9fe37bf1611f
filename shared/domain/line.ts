import type { ItemWire } from '../api/catalog';
import type { CatalogIndex } from './catalog';
import { formatOptionsOf, type FormatOption } from './formats';
import { menuRulesOf, type MenuDishOption } from './menus';
import { addCents, multiplyCents, toCents } from './money';
import { chosenOptions, modifierProblems, modifierRulesOf, modifierRulesOfSource, type ModifierOption, type ModifierRule } from './modifiers';

// An order line as the waiter builds it, checked against the catalog (spec 2.6, 2.10;
// clarifications "Loyalty order") and priced in cents.

/** Largest line quantity (the sandbox's conservative limit for a loyalty line; the spec names none). */
export const MAX_QUANTITY = 100_000;

export interface DishChoice {
  /** The menu item-category pivot chosen. */
  pivotId: number;
  modifierIds?: readonly number[];
  /** For a type 4 dish whose menu does not fix the format. */
  formatPivotId?: number;
}

export interface LineChoice {
  itemId: number;
  quantity: number;
  /** Type 4: the selling-format pivot. */
  formatPivotId?: number;
  /** Type 0: the chosen modifier ids. */
  modifierIds?: readonly number[];
  /** Type 1: the chosen dishes, in any order. */
  dishes?: readonly DishChoice[];
  note?: string;
}

export interface PricedDish {
  option: MenuDishOption;
  categoryId: number;
  item: ItemWire;
  modifiers: readonly ModifierOption[];
  /** A type 4 dish's selling-format pivot. */
  formatPivotId: number | null;
  /** What the dish adds to the menu's unit price: supplement + modifiers when addModifiersPrice. */
  addsCents: number;
}

export interface PricedLine {
  item: ItemWire;
  quantity: number;
  format: FormatOption | null;
  modifiers: readonly ModifierOption[];
  dishes: readonly PricedDish[];
  note: string | null;
  unitCents: number;
  totalCents: number;
}

export type LineResult = { ok: true; line: PricedLine } | { ok: false; reasons: string[] };

/** The rules of a menu dish's own modifiers: the pivot's group, else the dish item's. */
export function dishModifierRules(dish: MenuDishOption, catalog: CatalogIndex): ModifierRule[] {
  const item = catalog.items.get(dish.itemId);
  if (!item || item.type !== 0) return [];
  return dish.modifierGroupId != null ? modifierRulesOfSource({ groupId: dish.modifierGroupId }, catalog) : modifierRulesOf(item, catalog);
}

/**
 * The line priced (unit and total in cents), or every reason it is not complete yet.
 * Unit price: type 0 = item price + its modifiers; type 4 = the chosen format pivot's price;
 * type 1 = menu price + each dish's supplement + its modifiers when `addModifiersPrice`.
 */
export function evaluateLine(choice: LineChoice, catalog: CatalogIndex): LineResult {
  const reasons: string[] = [];
  const item = catalog.items.get(choice.itemId);
  if (!item) return { ok: false, reasons: [`Item ${choice.itemId} is not in the catalog`] };
  if (!item.active) reasons.push(`${item.name} is not available`);
  if (!Number.isSafeInteger(choice.quantity) || choice.quantity < 1) reasons.push('Quantity must be a whole number, 1 or more');
  else if (choice.quantity > MAX_QUANTITY) reasons.push(`Quantity must be at most ${MAX_QUANTITY}`);

  let format: FormatOption | null = null;
  let modifiers: ModifierOption[] = [];
  const dishes: PricedDish[] = [];
  let unitCents = 0;

  if (item.type !== 4 && choice.formatPivotId !== undefined) reasons.push(`${item.name} has no formats`);
  if (item.type !== 0 && (choice.modifierIds?.length ?? 0) > 0) reasons.push(`${item.name} takes no modifiers`);
  if (item.type !== 1 && (choice.dishes?.length ?? 0) > 0) reasons.push(`${item.name} is not a menu`);

  if (item.type === 4) {
    format = formatOptionsOf(item, catalog).find((f) => f.pivotId === choice.formatPivotId) ?? null;
    if (!format) reasons.push('Choose a format');
    else unitCents = format.priceCents;
  } else if (item.type === 0) {
    const rules = modifierRulesOf(item, catalog);
    const ids = choice.modifierIds ?? [];
    reasons.push(...modifierProblems(rules, ids));
    modifiers = chosenOptions(rules, ids);
    unitCents = addCents(toCents(item.price), ...modifiers.map((m) => m.priceCents));
  } else {
    const rules = menuRulesOf(item, catalog);
    const chosen = choice.dishes ?? [];
    const parts: number[] = [toCents(item.price)];
    for (const dishChoice of chosen) {
      const rule = rules.find((r) => r.dishes.some((d) => d.pivotId === dishChoice.pivotId));
      const option = rule?.dishes.find((d) => d.pivotId === dishChoice.pivotId);
      const dishItem = option && catalog.items.get(option.itemId);
      if (!rule || !option || !dishItem) {
        reasons.push(`That dish is not offered in ${item.name}`);
        continue;
      }
      let formatPivotId: number | null = null;
      let dishModifiers: ModifierOption[] = [];
      if (dishItem.type === 4) {
        formatPivotId = option.formatPivotId ?? dishChoice.formatPivotId ?? null;
        const offered = formatOptionsOf(dishItem, catalog).some((f) => f.pivotId === formatPivotId);
        if (!offered) reasons.push(`${option.name}: Choose a format`);
        if ((dishChoice.modifierIds?.length ?? 0) > 0) reasons.push(`${option.name} takes no modifiers`);
      } else {
        const dishRules = dishModifierRules(option, catalog);
        const ids = dishChoice.modifierIds ?? [];
        reasons.push(...modifierProblems(dishRules, ids).map((p) => `${option.name}: ${p}`));
        dishModifiers = chosenOptions(dishRules, ids);
      }
      const modifiersCents = option.addModifiersPrice ? addCents(...dishModifiers.map((m) => m.priceCents)) : 0;
      const addsCents = addCents(option.supplementCents, modifiersCents);
      parts.push(addsCents);
      dishes.push({ option, categoryId: rule.categoryId, item: dishItem, modifiers: dishModifiers, formatPivotId, addsCents });
    }
    for (const rule of rules) {
      const count = dishes.filter((d) => d.categoryId === rule.categoryId).length;
      if (count < rule.min) reasons.push(`Choose ${rule.min - count} more from ${rule.name}`);
      if (rule.max !== null && count > rule.max) reasons.push(`Choose at most ${rule.max} from ${rule.name}`);
    }
    // clarifications / shared/api/loyalty.ts: a menu line carries at least one dish.
    if (chosen.length === 0 && reasons.length === 0) reasons.push('Choose at least one dish');
    unitCents = addCents(...parts);
  }

  if (reasons.length > 0) return { ok: false, reasons };
  const note = choice.note?.trim() ? choice.note.trim() : null;
  return {
    ok: true,
    line: { item, quantity: choice.quantity, format, modifiers, dishes, note, unitCents, totalCents: multiplyCents(unitCents, choice.quantity) },
  };
}
