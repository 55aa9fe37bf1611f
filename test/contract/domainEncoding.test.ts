// The order encoder (shared/domain) against a real sandbox: a ticket built from the demo venue's
// catalog — a menu with a supplement, a selling-format item and an item with modifiers — is
// encoded and posted to POST /api/loyalty/orders (spec 2.10); the sandbox recomputes the total
// to the cent and accepts it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { defaultSeed } from '../../electron/sandbox/seed';
import { catalogResources } from '../../shared/api/catalog';
import { indexCatalog, type CatalogRecords } from '../../shared/domain/catalog';
import { encodeLoyaltyOrder } from '../../shared/domain/encode';
import { formatOptionsOf } from '../../shared/domain/formats';
import { dishModifierRules, evaluateLine, type DishChoice, type LineChoice } from '../../shared/domain/line';
import { menuRulesOf } from '../../shared/domain/menus';
import { modifierRulesOf, type ModifierRule } from '../../shared/domain/modifiers';

const HEADERS = { tenant: 'demo', Authorization: 'Bearer demo-token', 'client-token': 'demo-client', 'Content-Type': 'application/json' };

/** The demo catalog as the client stores it (read through the wire schemas). */
function demoRecords(): CatalogRecords {
  const seed = defaultSeed().catalog!;
  const read = <S extends keyof CatalogRecords>(segment: S) =>
    (seed[segment] as unknown[]).map((record) => catalogResources[segment].record.parse(record)) as unknown as CatalogRecords[S];
  return {
    categories: read('categories'),
    items: read('items'),
    sellingFormats: read('sellingFormats'),
    sellingFormatPivots: read('sellingFormatPivots'),
    modifiers: read('modifiers'),
    modifierCategories: read('modifierCategories'),
    modifierGroups: read('modifierGroups'),
    modifierPivots: read('modifierPivots'),
    menuMenuCategories: read('menuMenuCategories'),
    menuMenuItemCategoryPivots: read('menuMenuItemCategoryPivots'),
  };
}

/** The required options of each rule plus, where allowed, the priciest optional one. */
function someModifiers(rules: readonly ModifierRule[]): number[] {
  return rules.flatMap((rule) => {
    const byPrice = [...rule.options].sort((a, b) => b.priceCents - a.priceCents);
    const count = Math.max(rule.min, rule.max === null || rule.max > 0 ? 1 : 0);
    return byPrice.slice(0, count).map((o) => o.id);
  });
}

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, limits: { requestsPerMinute: 100_000 } });
});
afterAll(async () => {
  await sandbox.close();
});

describe('domain encoding against the sandbox', () => {
  it('posts a ticket of the demo venue and the sandbox accepts its total to the cent', async () => {
    const records = demoRecords();
    const catalog = indexCatalog(records);
    const items = records.items.filter((i) => i.active);

    // A menu with a dish that carries a supplement: choose that dish, fill the other categories.
    const menu = items.find((i) => i.type === 1 && menuRulesOf(i, catalog).some((r) => r.dishes.some((d) => d.supplementCents > 0)))!;
    expect(menu).toBeDefined();
    const dishes: DishChoice[] = [];
    for (const rule of menuRulesOf(menu, catalog)) {
      const wanted = Math.max(rule.min, 1);
      const ordered = [...rule.dishes].sort((a, b) => b.supplementCents - a.supplementCents);
      for (const dish of ordered.slice(0, Math.min(wanted, rule.max ?? wanted))) {
        const dishItem = catalog.items.get(dish.itemId)!;
        if (dishItem.type === 4 && dish.formatPivotId === null)
          dishes.push({ pivotId: dish.pivotId, formatPivotId: formatOptionsOf(dishItem, catalog)[0]!.pivotId });
        else dishes.push({ pivotId: dish.pivotId, modifierIds: someModifiers(dishModifierRules(dish, catalog)) });
      }
    }
    const format = items.find((i) => i.type === 4 && formatOptionsOf(i, catalog).length > 1)!;
    const withModifiers = items.find((i) => i.type === 0 && modifierRulesOf(i, catalog).some((r) => r.min > 0))!;

    const ticket: LineChoice[] = [
      { itemId: menu.id, quantity: 2, dishes },
      { itemId: format.id, quantity: 3, formatPivotId: formatOptionsOf(format, catalog)[1]!.pivotId },
      { itemId: withModifiers.id, quantity: 1, modifierIds: someModifiers(modifierRulesOf(withModifiers, catalog)), note: 'sin sal' },
    ];
    const lines = ticket.map((choice) => evaluateLine(choice, catalog));
    for (const line of lines) expect(line.ok ? [] : line.reasons).toEqual([]);

    // Independently from the seed's numbers: the menu's price, its dishes' supplements (and their
    // modifiers when addModifiersPrice), the format pivot's price, the item's price + modifiers.
    const cents = (v: number | string) => Math.round(Number(v) * 100);
    const menuPivots = records.menuMenuItemCategoryPivots;
    const modifierCents = (ids: readonly number[] = []) => ids.reduce((s, id) => s + cents(records.modifiers.find((m) => m.id === id)!.price), 0);
    const menuUnit =
      cents(menu.price) +
      dishes.reduce((s, d) => {
        const pivot = menuPivots.find((p) => p.id === d.pivotId)!;
        return s + cents(pivot.price) + (pivot.addModifiersPrice ? modifierCents(d.modifierIds) : 0);
      }, 0);
    const formatUnit = cents(records.sellingFormatPivots.find((p) => p.id === ticket[1]!.formatPivotId)!.price);
    const modifiersUnit = cents(withModifiers.price) + modifierCents(ticket[2]!.modifierIds);
    const expected = 2 * menuUnit + 3 * formatUnit + modifiersUnit - 150;
    expect(dishes.some((d) => cents(menuPivots.find((p) => p.id === d.pivotId)!.price) > 0)).toBe(true);

    const encoded = encodeLoyaltyOrder(ticket, catalog, { amountCents: 150, name: 'Cortesía' });
    if (!encoded.ok) throw new Error(JSON.stringify(encoded.problems));
    expect(encoded.totalCents).toBe(expected);

    const response = await fetch(`${sandbox.url}/api/loyalty/orders`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ order: { ...encoded.value, tableName: 'Barra' }, skipMerge: true }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect({ status: response.status, body }).toEqual({ status: 200, body: { order_id: expect.any(Number) } });
  });
});
