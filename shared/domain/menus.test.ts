import { describe, expect, it } from 'vitest';
import { indexCatalog } from './catalog';
import { menuCategoryRule, menuRulesOf } from './menus';
import { demoRecords, emptyRecords, make } from './testing';

const catalog = indexCatalog(demoRecords());

describe('menus (spec 2.6 isMultipleChoice)', () => {
  it('reads each category of a menu in order with its active dishes and supplements', () => {
    const rules = menuRulesOf(catalog.items.get(30)!, catalog);
    expect(rules.map((r) => [r.name, r.min, r.max])).toEqual([
      ['Primeros', 1, 1],
      ['Segundos', 1, 1],
      ['Postre', 0, 1],
      ['Tapas', 1, 2],
    ]);
    expect(rules[0]!.dishes.map((d) => d.name)).toEqual(['Ensalada', 'Sopa']);
    expect(rules[1]!.dishes.map((d) => [d.name, d.supplementCents, d.addModifiersPrice])).toEqual([
      ['Entrecot', 300, true],
      ['Hamburguesa', 150, false],
    ]);
    expect(rules[3]!.dishes[0]).toMatchObject({ name: 'Jamón', formatPivotId: 1 });
  });
  it('maps the five modes to min–max', () => {
    const r = emptyRecords();
    r.items.push(...[1, 2, 3, 4].map((id) => make.item({ id })));
    r.menuMenuItemCategoryPivots.push(...[1, 2, 3, 4].map((id) => make.menuPivot({ id, item_id: id, category_id: 1 })));
    const c = indexCatalog(r);
    const rule = (isMultipleChoice: number, min: number, max: number) =>
      menuCategoryRule(make.menuCategory({ id: 1, item_id: 99, isMultipleChoice, min, max }), c);
    expect(rule(0, 1, 3)).toMatchObject({ min: 0, max: 1 });
    expect(rule(1, 0, 1)).toMatchObject({ min: 0, max: null });
    expect(rule(2, 0, 3)).toMatchObject({ min: 1, max: 1 });
    expect(rule(3, 2, 3)).toMatchObject({ min: 2, max: 3, preselect: true });
    expect(rule(4, 1, 2)).toMatchObject({ min: 1, max: 2, preselect: false });
    expect(rule(4, 3, 1)).toMatchObject({ min: 3, max: 3 });
    expect(rule(4, 9, 9)).toMatchObject({ min: 4, max: 9 });
  });
  it('gives non-menus no categories', () => {
    expect(menuRulesOf(catalog.items.get(10)!, catalog)).toEqual([]);
  });
});
