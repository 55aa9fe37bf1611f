import { describe, expect, it } from 'vitest';
import { indexCatalog } from '../../../../shared/domain/catalog';
import { evaluateLine } from '../../../../shared/domain/line';
import { menuRulesOf, type MenuCategoryRule } from '../../../../shared/domain/menus';
import { modifierRulesOf, type ModifierRule } from '../../../../shared/domain/modifiers';
import { demoRecords } from '../../../../shared/domain/testing';
import { createI18n } from '../../i18n/i18n';
import { autoSelectedIds, ruleIsFull, menuReason, menuRuleText, modifierReason, modifierRuleText, toggleModifier } from './sheetRules';

const t = createI18n('en').getFixedT('en', 'order');
const es = createI18n('es').getFixedT('es', 'order');

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
    expect(modifierRuleText(t, rule({}))).toBe('Choose 1');
    expect(modifierRuleText(t, rule({ optional: true, min: 0 }))).toBe('Optional, choose 1');
    expect(modifierRuleText(t, rule({ single: false, optional: true, min: 0, max: null }))).toBe('Optional, several');
    expect(modifierRuleText(t, rule({ single: false, min: 2, max: null }))).toBe('Choose 2 or more');
    expect(modifierRuleText(t, rule({ single: false, min: 1, max: 3 }))).toBe('Choose 1 to 3');
  });
});

describe('autoSelectedIds', () => {
  const auto = (id: number) => ({ ...option(id), autoSelected: true });
  it('starts a sheet with the auto-selected modifiers, never more than each rule takes', () => {
    expect(autoSelectedIds([rule({ options: [option(1), auto(2), option(3)] })])).toEqual([2]);
    expect(autoSelectedIds([rule({ options: [auto(1), auto(2)] })])).toEqual([1]); // a single choice: the first
    expect(autoSelectedIds([rule({ single: false, min: 0, max: 2, options: [auto(1), auto(2), auto(3)] })])).toEqual([1, 2]);
    expect(autoSelectedIds([rule({ single: false, min: 0, max: null, options: [auto(1), option(2), auto(3)] })])).toEqual([1, 3]);
    expect(autoSelectedIds([rule({ options: [option(1)] }), rule({ categoryId: 2, options: [auto(4)] })])).toEqual([4]);
  });
  it('words the limits in every language', () => {
    const ca = createI18n('ca').getFixedT('ca', 'order');
    const limited = rule({ single: false, optional: true, min: 0, max: 2 });
    expect([t, es, ca].map((tt) => modifierRuleText(tt, limited))).toEqual(['Optional, up to 2', expect.any(String), expect.any(String)]);
    expect(new Set([t, es, ca].map((tt) => modifierRuleText(tt, rule({ single: false, min: 1, max: null })))).size).toBe(3);
    expect(modifierReason(es, [rule({ single: false, min: 1, max: 3, name: 'Sabores' })], [])).toMatch(/Sabores/);
  });
});

describe('ruleIsFull', () => {
  it('is true only for a multiple choice holding its max', () => {
    const limited = rule({ single: false, min: 0, max: 2 });
    expect([ruleIsFull(limited, [1]), ruleIsFull(limited, [1, 2]), ruleIsFull(limited, [1, 9])]).toEqual([false, true, false]);
    expect(ruleIsFull(rule({}), [1])).toBe(false);
    expect(ruleIsFull(rule({ single: false, min: 0, max: null }), [1, 2, 3])).toBe(false);
    expect(t('ruleFull', { count: 3 })).toBe('Limit reached (3): untick one to choose another');
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
    expect(menuRuleText(t, menuRule({}), 0)).toBe('1 left to choose');
    expect(menuRuleText(t, menuRule({}), 1)).toBe('Complete');
    expect(menuRuleText(t, menuRule({ mode: 4, min: 2, max: 3 }), 1)).toBe('1 left to choose');
    expect(menuRuleText(t, menuRule({ mode: 4, min: 2, max: 3 }), 2)).toBe('Up to 1 more');
    expect(menuRuleText(t, menuRule({ mode: 0, min: 0, max: 1 }), 0)).toBe('Optional, choose 1');
    expect(menuRuleText(t, menuRule({ mode: 1, min: 0, max: null }), 0)).toBe('Optional, several');
  });
});

describe('in Spanish', () => {
  it('says the same rules in the terminal’s language, with plurals', () => {
    expect(modifierRuleText(es, rule({ single: false, min: 2, max: null }))).toBe('Elige 2 o más');
    expect(modifierRuleText(es, rule({ single: false, min: 1, max: 3 }))).toBe('Elige de 1 a 3');
    const menu: MenuCategoryRule = { categoryId: 1, name: 'Primeros', mode: 4, min: 3, max: null, preselect: false, dishes: [] };
    expect(menuRuleText(es, menu, 2)).toBe('Falta 1 por elegir');
    expect(menuRuleText(es, menu, 1)).toBe('Faltan 2 por elegir');
  });
});

describe('why Add waits', () => {
  const catalog = indexCatalog(demoRecords());
  const entrecot = catalog.items.get(11)!;

  it('names the first rule not met yet, as evaluateLine refuses the line, and nothing once it is complete', () => {
    const rules = modifierRulesOf(entrecot, catalog);
    const mandatory = rules.find((r) => r.single && !r.optional)!;
    expect(evaluateLine({ itemId: 11, quantity: 1, modifierIds: [] }, catalog).ok).toBe(false);
    expect(modifierReason(t, rules, [])).toBe(`Choose ${mandatory.name}`);
    expect(modifierReason(es, rules, [])).toBe(`Elige ${mandatory.name}`);
    const complete = [mandatory.options[0]!.id];
    expect(evaluateLine({ itemId: 11, quantity: 1, modifierIds: complete }, catalog).ok).toBe(true);
    expect(modifierReason(t, rules, complete)).toBeNull();
  });

  it('for a menu: the course still short of dishes, then at least one dish', () => {
    const menuItem = [...catalog.items.values()].find((item) => item.type === 1 && menuRulesOf(item, catalog).some((r) => r.min > 0))!;
    const rules = menuRulesOf(menuItem, catalog);
    const first = rules.find((r) => r.min > 0)!;
    expect(menuReason(t, rules, [], catalog)).toBe(first.min === 1 ? `Choose 1 more from ${first.name}` : `Choose ${first.min} more from ${first.name}`);
  });
});
