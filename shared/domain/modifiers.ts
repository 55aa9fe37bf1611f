import type { ItemWire, ModifierCategoryWire } from '../api/catalog';
import type { CatalogIndex } from './catalog';
import { toCents } from './money';

// The modifiers an item offers (spec 2.6: Item / Category `modifier_group_id`,
// `modifier_category_id`; Modifier group → Modifier pivot → Modifier category → Modifier).

export interface ModifierOption {
  id: number;
  name: string;
  priceCents: number;
  autoSelected: boolean;
}

/** One modifier category as a rule: how many of its options may / must be chosen. */
export interface ModifierRule {
  categoryId: number;
  name: string;
  /** spec 2.6 `isChoice` false: select one. */
  single: boolean;
  optional: boolean;
  /** Fewest options to choose. */
  min: number;
  /** Most options to choose; null = no limit. */
  max: number | null;
  options: readonly ModifierOption[];
}

/** Where an item's modifiers come from: a group or a direct category (ids), or none. */
export type ModifierSource = { groupId: number } | { categoryId: number } | null;

/**
 * spec 2.6: the item's own modifier group, else its own modifier category; when the item has
 * neither it inherits its catalog category's (group first, then category).
 */
export function modifierSourceOf(item: ItemWire, catalog: CatalogIndex): ModifierSource {
  if (item.modifier_group_id != null) return { groupId: item.modifier_group_id };
  if (item.modifier_category_id != null) return { categoryId: item.modifier_category_id };
  const category = catalog.categories.get(item.category_id);
  if (category?.modifier_group_id != null) return { groupId: category.modifier_group_id };
  if (category?.modifier_category_id != null) return { categoryId: category.modifier_category_id };
  return null;
}

/**
 * A modifier category as a rule. spec 2.6 `isChoice`: false (0) = select one, true (1) = multiple
 * choice; `isOptional`. Reading: a single choice takes exactly one (at most one when optional); a
 * multiple choice takes any number, at least one when not optional; a category's `min`/`max`
 * (clarifications: it may carry them; a max of 0 or none is no limit) narrow either: a `min` of 1
 * makes an optional single choice required, a `max` caps a multiple choice. `shouldHide`
 * categories are not offered (docs/decisions.md "Modifier choice rules"), nor are inactive
 * modifiers; a category left without an active modifier (or inactive itself) is not offered, so
 * it can never block a line.
 */
export function modifierRule(category: ModifierCategoryWire, catalog: CatalogIndex): ModifierRule | null {
  if (!category.active || category.shouldHide) return null;
  const options = (catalog.modifiersByCategory.get(category.id) ?? [])
    .filter((m) => m.active)
    .map((m) => ({ id: m.id, name: m.name, priceCents: toCents(m.price), autoSelected: m.autoSelected }));
  if (options.length === 0) return null;
  const single = !category.isChoice;
  const atLeast = Math.max(category.isOptional ? 0 : 1, category.min ?? 0);
  let min: number;
  let max: number | null;
  if (single) {
    min = Math.min(atLeast, 1);
    max = 1;
  } else {
    min = atLeast;
    max = category.max != null && category.max > 0 ? Math.max(category.max, min) : null;
  }
  min = Math.min(min, options.length);
  return { categoryId: category.id, name: category.name, single, optional: min === 0, min, max, options };
}

/** The rules of a modifier source, in `order` (the group's pivots' order). */
export function modifierRulesOfSource(source: ModifierSource, catalog: CatalogIndex): ModifierRule[] {
  if (source === null) return [];
  const categoryIds = 'groupId' in source ? (catalog.modifierPivotsByGroup.get(source.groupId) ?? []).map((p) => p.category_id) : [source.categoryId];
  const rules: ModifierRule[] = [];
  for (const id of categoryIds) {
    const category = catalog.modifierCategories.get(id);
    const rule = category ? modifierRule(category, catalog) : null;
    if (rule && !rules.some((r) => r.categoryId === rule.categoryId)) rules.push(rule);
  }
  return rules;
}

/**
 * The modifier rules an item offers. Only normal items (type 0) take modifiers: a selling-format
 * item carries exactly its format and a menu its dishes (clarifications "Loyalty order").
 */
export function modifierRulesOf(item: ItemWire, catalog: CatalogIndex): ModifierRule[] {
  if (item.type !== 0) return [];
  return modifierRulesOfSource(modifierSourceOf(item, catalog), catalog);
}

/** Why a choice of modifier ids breaks the rules, in waiter words; [] when it is complete. */
export function modifierProblems(rules: readonly ModifierRule[], chosenIds: readonly number[]): string[] {
  const problems: string[] = [];
  const known = new Set(rules.flatMap((r) => r.options.map((o) => o.id)));
  for (const id of chosenIds) if (!known.has(id)) problems.push(`Modifier ${id} is not offered here`);
  for (const rule of rules) {
    const count = chosenIds.filter((id) => rule.options.some((o) => o.id === id)).length;
    if (rule.single) {
      if (count === 0 && rule.min > 0) problems.push(`Choose ${rule.name}`);
      if (count > 1) problems.push(`Choose only one ${rule.name}`);
    } else {
      if (count < rule.min) problems.push(`Choose ${rule.min - count} more from ${rule.name}`);
      if (rule.max !== null && count > rule.max) problems.push(`Choose at most ${rule.max} from ${rule.name}`);
    }
  }
  return problems;
}

/** The chosen options, in rule order then option order. */
export function chosenOptions(rules: readonly ModifierRule[], chosenIds: readonly number[]): ModifierOption[] {
  const out: ModifierOption[] = [];
  for (const rule of rules) {
    for (const option of rule.options) {
      const times = chosenIds.filter((id) => id === option.id).length;
      for (let i = 0; i < times; i++) out.push(option);
    }
  }
  return out;
}
