import type { TFunction } from 'i18next';
import type { CatalogIndex } from '../../../../shared/domain/catalog';
import { formatOptionsOf } from '../../../../shared/domain/formats';
import { dishModifierRules, type DishChoice } from '../../../../shared/domain/line';
import type { MenuCategoryRule } from '../../../../shared/domain/menus';
import type { ModifierRule } from '../../../../shared/domain/modifiers';

// What the sheets say about each rule, why "Add" is not ready yet, and how a tap changes a choice:
// pure, so they are tested without a browser (sheetRules.test.ts), in each language.

/** `t` of the order namespace (useTranslation('order'), or i18n.getFixedT(language, 'order')). */
export type OrderT = TFunction<'order'>;

/** "Choose 1", "Optional, choose 1", "Optional, several", "Choose 2 or more", "Choose 1 to 3". */
export function modifierRuleText(t: OrderT, rule: ModifierRule): string {
  if (rule.single) return rule.optional ? t('ruleOptionalOne') : t('ruleChooseExactly', { count: 1 });
  if (rule.optional) return rule.max === null ? t('ruleOptionalSeveral') : t('ruleOptionalUpTo', { count: rule.max });
  if (rule.max === null) return t('ruleAtLeast', { count: rule.min });
  return rule.min === rule.max ? t('ruleChooseExactly', { count: rule.min }) : t('ruleBetween', { min: rule.min, max: rule.max });
}

/**
 * The modifiers a fresh sheet starts with: each rule's `autoSelected` options (clarifications: a
 * modifier may carry it), never more than the rule takes — the first one of a single choice, at
 * most `max` of a multiple one — so a sheet never opens breaking its own rules.
 */
export function autoSelectedIds(rules: readonly ModifierRule[]): number[] {
  return rules.flatMap((rule) => {
    const ids = rule.options.filter((o) => o.autoSelected).map((o) => o.id);
    const most = rule.single ? 1 : (rule.max ?? ids.length);
    return ids.slice(0, most);
  });
}

/** A multiple choice with as many chosen as its `max`: it takes no more until one is unticked. */
export function ruleIsFull(rule: ModifierRule, chosen: readonly number[]): boolean {
  if (rule.single || rule.max === null) return false;
  return chosen.filter((id) => rule.options.some((o) => o.id === id)).length >= rule.max;
}

/** Toggles a modifier within its rule: a single choice replaces, a multiple one adds or removes. */
export function toggleModifier(rules: readonly ModifierRule[], chosen: readonly number[], optionId: number): number[] {
  const rule = rules.find((r) => r.options.some((o) => o.id === optionId));
  if (!rule) return [...chosen];
  if (chosen.includes(optionId)) {
    if (rule.single && !rule.optional) return [...chosen];
    return chosen.filter((id) => id !== optionId);
  }
  if (rule.single) return [...chosen.filter((id) => !rule.options.some((o) => o.id === id)), optionId];
  const inRule = chosen.filter((id) => rule.options.some((o) => o.id === id)).length;
  if (rule.max !== null && inRule >= rule.max) return [...chosen];
  return [...chosen, optionId];
}

/** A menu category's remaining choices: "2 left to choose", "Complete", "Optional, choose 1", "Up to 1 more". */
export function menuRuleText(t: OrderT, rule: MenuCategoryRule, count: number): string {
  const left = rule.min - count;
  if (left > 0) return t('menuLeft', { count: left });
  if (rule.max !== null && count >= rule.max) return count === 0 ? t('menuNothingToChoose') : t('menuComplete');
  if (rule.min === 0) return rule.max === 1 ? t('ruleOptionalOne') : rule.max === null ? t('ruleOptionalSeveral') : t('ruleOptionalUpTo', { count: rule.max });
  return rule.max === null ? t('menuMoreMay') : t('menuUpToMore', { count: rule.max - count });
}

/** Why a choice of modifiers is not complete yet ("Choose Punto de la carne"); null when it is. */
export function modifierReason(t: OrderT, rules: readonly ModifierRule[], chosenIds: readonly number[]): string | null {
  for (const rule of rules) {
    const count = chosenIds.filter((id) => rule.options.some((o) => o.id === id)).length;
    if (rule.single) {
      if (count === 0 && rule.min > 0) return t('reasonChoose', { name: rule.name });
      if (count > 1) return t('reasonOnlyOne', { name: rule.name });
    } else {
      if (count < rule.min) return t('reasonMoreFrom', { count: rule.min - count, name: rule.name });
      if (rule.max !== null && count > rule.max) return t('reasonAtMost', { count: rule.max, name: rule.name });
    }
  }
  return null;
}

/** Why a menu is not complete yet: a course short of dishes, or a chosen dish's own choices; null when it is. */
export function menuReason(t: OrderT, rules: readonly MenuCategoryRule[], dishes: readonly DishChoice[], catalog: CatalogIndex): string | null {
  for (const rule of rules) {
    const count = dishes.filter((d) => rule.dishes.some((o) => o.pivotId === d.pivotId)).length;
    if (count < rule.min) return t('reasonMoreFrom', { count: rule.min - count, name: rule.name });
    if (rule.max !== null && count > rule.max) return t('reasonAtMost', { count: rule.max, name: rule.name });
  }
  for (const chosen of dishes) {
    const dish = rules.flatMap((r) => r.dishes).find((o) => o.pivotId === chosen.pivotId);
    const dishItem = dish && catalog.items.get(dish.itemId);
    if (!dish || !dishItem) continue;
    if (dishItem.type === 4) {
      const format = dish.formatPivotId ?? chosen.formatPivotId ?? null;
      if (!formatOptionsOf(dishItem, catalog).some((f) => f.pivotId === format)) return t('reasonOfDish', { dish: dish.name, reason: t('reasonChooseFormat') });
      continue;
    }
    const reason = modifierReason(t, dishModifierRules(dish, catalog), chosen.modifierIds ?? []);
    if (reason !== null) return t('reasonOfDish', { dish: dish.name, reason });
  }
  if (dishes.length === 0) return t('reasonOneDish');
  return null;
}
