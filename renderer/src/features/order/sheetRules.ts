import type { MenuCategoryRule } from '../../../../shared/domain/menus';
import type { ModifierRule } from '../../../../shared/domain/modifiers';

// What the sheets say about each rule, and how a tap changes a choice: pure, so they are tested
// without a browser (sheetRules.test.ts).

/** "Choose 1", "Optional, choose 1", "Optional, several", "Choose 2 or more", "Choose 1 to 3". */
export function modifierRuleText(rule: ModifierRule): string {
  if (rule.single) return rule.optional ? 'Optional, choose 1' : 'Choose 1';
  if (rule.optional) return rule.max === null ? 'Optional, several' : `Optional, up to ${rule.max}`;
  if (rule.max === null) return `Choose ${rule.min} or more`;
  return rule.min === rule.max ? `Choose ${rule.min}` : `Choose ${rule.min} to ${rule.max}`;
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
export function menuRuleText(rule: MenuCategoryRule, count: number): string {
  const left = rule.min - count;
  if (left > 0) return `${left} left to choose`;
  if (rule.max !== null && count >= rule.max) return count === 0 ? 'Nothing to choose' : 'Complete';
  if (rule.min === 0) return rule.max === 1 ? 'Optional, choose 1' : rule.max === null ? 'Optional, several' : `Optional, up to ${rule.max}`;
  return rule.max === null ? 'More may be chosen' : `Up to ${rule.max - count} more`;
}

