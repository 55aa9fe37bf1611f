import { describe, expect, it } from 'vitest';
import type { MenuCategoryRule } from '../../../../shared/domain/menus';
import type { ModifierRule } from '../../../../shared/domain/modifiers';
import { menuRuleText, modifierRuleText, toggleModifier } from './sheetRules';

const option = (id: number) => ({ id, name: `M${id}`, priceCents: 0, autoSelected: false });
const rule = (over: Partial<ModifierRule>): ModifierRule => ({
  categoryId: 1,
  name: 'Punto',
  single: true,
  optional: false,
  min: 1,
  max: 1,
  options: [option(1), option(2), option(3)],
  ...over,
});

describe('modifierRuleText', () => {
  it('says what the waiter must choose', () => {
    expect(modifierRuleText(rule({}))).toBe('Choose 1');
    expect(modifierRuleText(rule({ optional: true, min: 0 }))).toBe('Optional, choose 1');
    expect(modifierRuleText(rule({ single: false, optional: true, min: 0, max: null }))).toBe('Optional, several');
    expect(modifierRuleText(rule({ single: false, min: 2, max: null }))).toBe('Choose 2 or more');
    expect(modifierRuleText(rule({ single: false, min: 1, max: 3 }))).toBe('Choose 1 to 3');
  });
});

describe('toggleModifier', () => {
  it('replaces a single choice and keeps a mandatory one chosen', () => {
    const rules = [rule({})];
    expect(toggleModifier(rules, [1], 2)).toEqual([2]);
    expect(toggleModifier(rules, [2], 2)).toEqual([2]);
  });
  it('unchooses an optional single choice', () => {
    expect(toggleModifier([rule({ optional: true, min: 0 })], [2], 2)).toEqual([]);
  });
  it('adds and removes in a multiple choice, never beyond its max', () => {
    const rules = [rule({ single: false, optional: true, min: 0, max: 2 })];
    expect(toggleModifier(rules, [1], 2)).toEqual([1, 2]);
    expect(toggleModifier(rules, [1, 2], 3)).toEqual([1, 2]);
    expect(toggleModifier(rules, [1, 2], 1)).toEqual([2]);
  });
  it('leaves the other rules alone', () => {
    const rules = [rule({}), rule({ categoryId: 2, options: [option(7)], single: false, optional: true, min: 0, max: null })];
    expect(toggleModifier(rules, [7], 1)).toEqual([7, 1]);
  });
});

describe('menuRuleText', () => {
  const menuRule = (over: Partial<MenuCategoryRule>): MenuCategoryRule => ({
    categoryId: 1,
    name: 'Primeros',
    mode: 2,
    min: 1,
    max: 1,
    preselect: false,
    dishes: [],
    ...over,
  });
  it('shows the remaining choices', () => {
    expect(menuRuleText(menuRule({}), 0)).toBe('1 left to choose');
    expect(menuRuleText(menuRule({}), 1)).toBe('Complete');
    expect(menuRuleText(menuRule({ mode: 4, min: 2, max: 3 }), 1)).toBe('1 left to choose');
    expect(menuRuleText(menuRule({ mode: 4, min: 2, max: 3 }), 2)).toBe('Up to 1 more');
    expect(menuRuleText(menuRule({ mode: 0, min: 0, max: 1 }), 0)).toBe('Optional, choose 1');
    expect(menuRuleText(menuRule({ mode: 1, min: 0, max: null }), 0)).toBe('Optional, several');
  });
});
