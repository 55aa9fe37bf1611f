import { describe, expect, it } from 'vitest';
import { indexCatalog } from './catalog';
import { chosenOptions, modifierProblems, modifierRulesOf, modifierSourceOf } from './modifiers';
import { demoRecords, emptyRecords, make } from './testing';

const catalog = indexCatalog(demoRecords());
const item = (id: number) => catalog.items.get(id)!;

describe('modifier structure (spec 2.6)', () => {
  it('takes the item’s own source first, else its category’s', () => {
    expect(modifierSourceOf(item(11), catalog)).toEqual({ groupId: 1 });
    expect(modifierSourceOf(item(12), catalog)).toEqual({ categoryId: 5 });
    expect(modifierSourceOf(item(10), catalog)).toBeNull();
  });
  it('walks group → pivots (in order) → categories → active modifiers (in order)', () => {
    const rules = modifierRulesOf(item(11), catalog);
    expect(rules.map((r) => r.name)).toEqual(['Punto de la carne', 'Extras']);
    expect(rules[0]).toMatchObject({ single: true, optional: false, min: 1, max: 1 });
    expect(rules[1]).toMatchObject({ single: false, optional: true, min: 0, max: null });
    expect(rules[1]!.options.map((o) => [o.name, o.priceCents])).toEqual([
      ['Huevo', 120],
      ['Queso', 80],
    ]);
  });
  it('offers no modifiers on menus and selling-format items', () => {
    expect(modifierRulesOf(item(20), catalog)).toEqual([]);
    expect(modifierRulesOf(item(30), catalog)).toEqual([]);
  });
  it('leaves out inactive or empty categories', () => {
    const r = emptyRecords();
    r.categories.push(make.category({ id: 1, modifier_category_id: 1 }));
    r.modifierCategories.push(make.modifierCategory({ id: 1, isChoice: 0, isOptional: 0 }));
    r.items.push(make.item({ id: 1 }));
    expect(modifierRulesOf(make.item({ id: 1 }), indexCatalog(r))).toEqual([]);
    r.modifiers.push(make.modifier({ id: 1, category_id: 1 }));
    expect(modifierRulesOf(make.item({ id: 1 }), indexCatalog(r))).toHaveLength(1);
    r.modifierCategories[0] = make.modifierCategory({ id: 1, active: 0 });
    expect(modifierRulesOf(make.item({ id: 1 }), indexCatalog(r))).toEqual([]);
  });
  it('reads min/max of a multiple choice category (clarifications)', () => {
    const r = emptyRecords();
    r.modifierCategories.push(make.modifierCategory({ id: 1, name: 'Salsas', isChoice: 1, isOptional: 0, min: 2, max: 3 }));
    r.modifiers.push(...[1, 2, 3, 4].map((id) => make.modifier({ id, category_id: 1 })));
    const rules = modifierRulesOf(make.item({ id: 1, modifier_category_id: 1 }), indexCatalog(r));
    expect(rules[0]).toMatchObject({ min: 2, max: 3 });
    expect(modifierProblems(rules, [1])).toEqual(['Choose 1 more from Salsas']);
    expect(modifierProblems(rules, [1, 2, 3, 4])).toEqual(['Choose at most 3 from Salsas']);
    expect(modifierProblems(rules, [1, 2])).toEqual([]);
  });
  it('leaves out a shouldHide category, and its auto-selected modifiers with it', () => {
    const r = emptyRecords();
    r.modifierCategories.push(make.modifierCategory({ id: 1, name: 'Punto', isChoice: 0, isOptional: 0 }));
    r.modifierCategories.push(make.modifierCategory({ id: 2, name: 'Envase', shouldHide: 1 }));
    r.modifierGroups.push(make.modifierGroup({ id: 1 }));
    r.modifierPivots.push(make.modifierPivot({ id: 1, group_id: 1, category_id: 1 }), make.modifierPivot({ id: 2, group_id: 1, category_id: 2 }));
    r.modifiers.push(make.modifier({ id: 1, category_id: 1 }), make.modifier({ id: 2, category_id: 2, autoSelected: 1 }));
    const rules = modifierRulesOf(make.item({ id: 1, modifier_group_id: 1 }), indexCatalog(r));
    expect(rules.map((rule) => rule.name)).toEqual(['Punto']);
    expect(rules.flatMap((rule) => rule.options.map((o) => o.id))).toEqual([1]);
  });
  it('a min of 1 makes an optional single choice required; a min never asks for more than one of a single choice', () => {
    const r = emptyRecords();
    r.modifierCategories.push(make.modifierCategory({ id: 1, name: 'Leche', isChoice: 0, isOptional: 1, min: 1, max: 1 }));
    r.modifierCategories.push(make.modifierCategory({ id: 2, name: 'Pan', isChoice: 0, isOptional: 0, min: 3 }));
    r.modifiers.push(...[1, 2].map((id) => make.modifier({ id, category_id: 1 })), ...[3, 4].map((id) => make.modifier({ id, category_id: 2 })));
    const rule = (categoryId: number) => modifierRulesOf(make.item({ id: 1, modifier_category_id: categoryId }), indexCatalog(r))[0];
    expect(rule(1)).toMatchObject({ single: true, optional: false, min: 1, max: 1 });
    expect(rule(2)).toMatchObject({ single: true, optional: false, min: 1, max: 1 });
  });
  it('says what is missing in waiter words', () => {
    const rules = modifierRulesOf(item(11), catalog);
    expect(modifierProblems(rules, [])).toEqual(['Choose Punto de la carne']);
    expect(modifierProblems(rules, [1, 2])).toEqual(['Choose only one Punto de la carne']);
    expect(modifierProblems(rules, [1, 5])).toEqual(['Modifier 5 is not offered here']);
    expect(modifierProblems(rules, [2, 4, 3])).toEqual([]);
    expect(chosenOptions(rules, [4, 2, 3]).map((o) => o.name)).toEqual(['Al punto', 'Huevo', 'Queso']);
  });
});
