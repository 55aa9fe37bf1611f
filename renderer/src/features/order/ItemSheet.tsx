import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { indexCatalog, type CatalogIndex } from '../../../../shared/domain/catalog';
import { formatOptionsOf } from '../../../../shared/domain/formats';
import { dishModifierRules, evaluateLine, type DishChoice, type LineChoice } from '../../../../shared/domain/line';
import { menuRulesOf, type MenuCategoryRule, type MenuDishOption } from '../../../../shared/domain/menus';
import { modifierRulesOf, type ModifierRule } from '../../../../shared/domain/modifiers';
import { formatMoney, toCents } from '../../../../shared/domain/money';
import type { CatalogDb, StoredItem } from '../../data/catalog/catalogDb';
import { containsAnyAllergen } from '../../data/search/search';
import { catalogViewSelectors, useCatalogViewStore } from '../catalog/catalogViewStore';
import { loadItemRecords } from '../../data/catalog/itemRecords';
import { orderSelectors, useOrderStore } from './orderStore';
import { menuRuleText, modifierRuleText, toggleModifier } from './sheetRules';

// The sheet a tapped item opens (issue 5 item 3): a selling-format picker (type 4), a modifier
// sheet (type 0 with modifiers) or a guided menu builder (type 1). A plain item is added at once.
// Every sheet is confirmed with "Add", disabled — with evaluateLine's reason beside it — until the
// line is complete, so an incomplete line never reaches the ticket.
// Test ids: order-sheet, order-sheet-reason.

export function ItemSheet({ db, itemId }: { db: CatalogDb; itemId: number }) {
  const records = useLiveQuery(() => loadItemRecords(db, itemId), [db, itemId]);
  const index = useMemo(() => (records ? indexCatalog(records) : null), [records]);
  const closeSheet = useOrderStore(orderSelectors.closeSheet);
  if (records === undefined || index === null) return null; // answers within a frame
  const item = records === null ? undefined : index.items.get(itemId);
  if (!item) {
    return (
      <Sheet title="Item not found" onCancel={closeSheet}>
        <p>This item is no longer in the catalog.</p>
      </Sheet>
    );
  }
  if (item.type === 4) return <FormatSheet item={item} catalog={index} />;
  if (item.type === 1) return <MenuSheet item={item} catalog={index} />;
  const rules = modifierRulesOf(item, index);
  if (rules.length === 0) return <AddAtOnce item={item} catalog={index} />;
  return <ModifierSheet item={item} catalog={index} rules={rules} />;
}

function Sheet({ title, onCancel, children, footer }: { title: string; onCancel: () => void; children: ReactNode; footer?: ReactNode }) {
  // A screen reader follows the tap to the sheet: focus lands on its title (not on an option).
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus({ preventScroll: true }), []);
  return (
    <section className="order-sheet" role="region" aria-label={title} data-testid="order-sheet">
      <header className="order-sheet__header">
        <h2 className="order-sheet__title" ref={titleRef} tabIndex={-1}>
          {title}
        </h2>
        <button type="button" className="order-button" onClick={onCancel}>
          Cancel
        </button>
      </header>
      <div className="order-sheet__body">{children}</div>
      {footer && <footer className="order-sheet__footer">{footer}</footer>}
    </section>
  );
}

/** A plain item: added (or its line incremented) as soon as its records are read. */
function AddAtOnce({ item, catalog }: { item: StoredItem; catalog: CatalogIndex }) {
  const addLine = useOrderStore(orderSelectors.addLine);
  const closeSheet = useOrderStore(orderSelectors.closeSheet);
  // StrictMode runs effects twice in development: one tap must add one, not two.
  const added = useRef(false);
  useEffect(() => {
    if (added.current) return;
    added.current = true;
    const choice: LineChoice = { itemId: item.id, quantity: 1 };
    const result = evaluateLine(choice, catalog);
    if (result.ok) addLine(choice, result.line);
    else closeSheet();
  }, [item, catalog, addLine, closeSheet]);
  return null;
}

function AddFooter({ choice, catalog }: { choice: LineChoice; catalog: CatalogIndex }) {
  const addLine = useOrderStore(orderSelectors.addLine);
  const result = evaluateLine(choice, catalog);
  return (
    <>
      <p className="order-sheet__reason" data-testid="order-sheet-reason" role="status">
        {result.ok ? formatMoney(result.line.totalCents) : result.reasons[0]}
      </p>
      <button type="button" className="order-button order-button--primary" disabled={!result.ok} onClick={() => result.ok && addLine(choice, result.line)}>
        Add
      </button>
    </>
  );
}

function FormatSheet({ item, catalog }: { item: StoredItem; catalog: CatalogIndex }) {
  const addLine = useOrderStore(orderSelectors.addLine);
  const closeSheet = useOrderStore(orderSelectors.closeSheet);
  const formats = formatOptionsOf(item, catalog);
  return (
    <Sheet title={item.name} onCancel={closeSheet}>
      <p className="order-sheet__rule">Choose a format</p>
      <div className="order-options order-options--formats" role="group" aria-label={`Formats of ${item.name}`}>
        {formats.map((format) => (
          <button
            key={format.pivotId}
            type="button"
            className="order-option"
            onClick={() => {
              const choice: LineChoice = { itemId: item.id, quantity: 1, formatPivotId: format.pivotId };
              const result = evaluateLine(choice, catalog);
              if (result.ok) addLine(choice, result.line);
            }}
          >
            <span className="order-option__name">{format.name}</span> <span className="order-option__price">{formatMoney(format.priceCents)}</span>
          </button>
        ))}
      </div>
      {formats.length === 0 && <p>This item has no formats on sale. Formats are set up in the back office.</p>}
    </Sheet>
  );
}

const autoSelected = (rules: readonly ModifierRule[]) => rules.flatMap((r) => r.options.filter((o) => o.autoSelected).map((o) => o.id));

function ModifierRules({ rules, chosen, onToggle, idPrefix }: { rules: readonly ModifierRule[]; chosen: readonly number[]; onToggle: (id: number) => void; idPrefix: string }) {
  return (
    <>
      {rules.map((rule) => {
        const headingId = `${idPrefix}-${rule.categoryId}`;
        return (
          <div key={rule.categoryId} className="order-rule" role="group" aria-labelledby={headingId}>
            <h3 className="order-rule__name" id={headingId}>
              {rule.name} <span className="order-rule__text">{modifierRuleText(rule)}</span>
            </h3>
            <div className="order-options">
              {rule.options.map((option) => {
                const pressed = chosen.includes(option.id);
                return (
                  <button key={option.id} type="button" className={rule.single ? 'order-option order-option--single' : 'order-option'} aria-pressed={pressed} aria-label={option.name} onClick={() => onToggle(option.id)}>
                    <span className="order-option__check" aria-hidden="true">
                      {pressed ? '✓' : ''}
                    </span>
                    <span className="order-option__name">{option.name}</span>
                    {option.priceCents !== 0 && <span className="order-option__price">+{formatMoney(option.priceCents)}</span>}
                  </button>
                );
              })}
            </div>
          </div>
        );
      })}
    </>
  );
}

function ModifierSheet({ item, catalog, rules }: { item: StoredItem; catalog: CatalogIndex; rules: ModifierRule[] }) {
  const closeSheet = useOrderStore(orderSelectors.closeSheet);
  const [chosen, setChosen] = useState<number[]>(() => autoSelected(rules));
  const choice: LineChoice = { itemId: item.id, quantity: 1, modifierIds: chosen };
  return (
    <Sheet title={item.name} onCancel={closeSheet} footer={<AddFooter choice={choice} catalog={catalog} />}>
      <ModifierRules rules={rules} chosen={chosen} onToggle={(id) => setChosen(toggleModifier(rules, chosen, id))} idPrefix={`order-mod-${item.id}`} />
    </Sheet>
  );
}

function initialDishes(rules: readonly MenuCategoryRule[], catalog: CatalogIndex, offered: (dish: MenuDishOption) => boolean): DishChoice[] {
  // Mode 3 "select by default": the first `min` dishes offered are preselected (menus.ts).
  return rules
    .filter((rule) => rule.preselect)
    .flatMap((rule) => rule.dishes.filter(offered).slice(0, rule.min))
    .map((dish) => ({ pivotId: dish.pivotId, modifierIds: autoSelected(dishModifierRules(dish, catalog)) }));
}

function MenuSheet({ item, catalog }: { item: StoredItem; catalog: CatalogIndex }) {
  const closeSheet = useOrderStore(orderSelectors.closeSheet);
  const rules = useMemo(() => menuRulesOf(item, catalog), [item, catalog]);
  // The allergen filter ("hide items containing…") covers the menu's dishes too (issue 5).
  const hiddenAllergens = useCatalogViewStore(catalogViewSelectors.hiddenAllergens);
  const offered = (dish: MenuDishOption) => !containsAnyAllergen(catalog.items.get(dish.itemId)?.allergies, hiddenAllergens);
  const [dishes, setDishes] = useState<DishChoice[]>(() => initialDishes(rules, catalog, offered));
  const choice: LineChoice = { itemId: item.id, quantity: 1, dishes };

  const toggleDish = (rule: MenuCategoryRule, dish: MenuDishOption) => {
    const inRule = (d: DishChoice) => rule.dishes.some((o) => o.pivotId === d.pivotId);
    if (dishes.some((d) => d.pivotId === dish.pivotId)) {
      setDishes(dishes.filter((d) => d.pivotId !== dish.pivotId));
      return;
    }
    const fresh: DishChoice = { pivotId: dish.pivotId, modifierIds: autoSelected(dishModifierRules(dish, catalog)) };
    if (rule.max === 1) setDishes([...dishes.filter((d) => !inRule(d)), fresh]);
    else if (rule.max === null || dishes.filter(inRule).length < rule.max) setDishes([...dishes, fresh]);
  };
  const updateDish = (pivotId: number, change: Partial<DishChoice>) => setDishes(dishes.map((d) => (d.pivotId === pivotId ? { ...d, ...change } : d)));

  return (
    <Sheet title={item.name} onCancel={closeSheet} footer={<AddFooter choice={choice} catalog={catalog} />}>
      <p className="order-sheet__rule">Menu price {formatMoney(toCents(item.price))}</p>
      {rules.map((rule) => {
        const count = dishes.filter((d) => rule.dishes.some((o) => o.pivotId === d.pivotId)).length;
        const headingId = `order-menu-${item.id}-${rule.categoryId}`;
        const hiddenCount = rule.dishes.filter((dish) => !offered(dish)).length;
        return (
          <div key={rule.categoryId} className="order-rule" role="group" aria-labelledby={headingId} data-testid="order-menu-category">
            <h3 className="order-rule__name" id={headingId}>
              {rule.name} <span className="order-rule__text">{menuRuleText(rule, count)}</span>
            </h3>
            <div className="order-options">
              {rule.dishes.map((dish) => {
                const chosen = dishes.find((d) => d.pivotId === dish.pivotId);
                if (!chosen && !offered(dish)) return null;
                return (
                  <div key={dish.pivotId} className="order-dish">
                    <button type="button" className={rule.max === 1 ? 'order-option order-option--single' : 'order-option'} aria-pressed={chosen !== undefined} aria-label={dish.name} onClick={() => toggleDish(rule, dish)}>
                      <span className="order-option__check" aria-hidden="true">
                        {chosen ? '✓' : ''}
                      </span>
                      <span className="order-option__name">{dish.name}</span>
                      {dish.supplementCents !== 0 && <span className="order-option__price">+{formatMoney(dish.supplementCents)}</span>}
                    </button>
                    {chosen && <DishExtras dish={dish} chosen={chosen} catalog={catalog} onChange={(change) => updateDish(dish.pivotId, change)} />}
                  </div>
                );
              })}
            </div>
            {hiddenCount > 0 && (
              <p className="order-rule__hidden" data-testid="order-hidden-dishes">
                {hiddenCount === 1 ? '1 dish hidden: it contains' : `${hiddenCount} dishes hidden: they contain`} an allergen you chose to hide.
              </p>
            )}
          </div>
        );
      })}
    </Sheet>
  );
}

/** A chosen dish's own choices: its format when the menu does not fix one, and its modifiers. */
function DishExtras({ dish, chosen, catalog, onChange }: { dish: MenuDishOption; chosen: DishChoice; catalog: CatalogIndex; onChange: (change: Partial<DishChoice>) => void }) {
  const dishItem = catalog.items.get(dish.itemId);
  if (!dishItem) return null;
  if (dishItem.type === 4) {
    if (dish.formatPivotId !== null) return null;
    const formats = formatOptionsOf(dishItem, catalog);
    return (
      <div className="order-dish__extras" role="group" aria-label={`Format of ${dish.name}`}>
        {formats.map((format) => (
          <button key={format.pivotId} type="button" className="order-option order-option--single" aria-pressed={chosen.formatPivotId === format.pivotId} aria-label={format.name} onClick={() => onChange({ formatPivotId: format.pivotId })}>
            <span className="order-option__check" aria-hidden="true">
              {chosen.formatPivotId === format.pivotId ? '✓' : ''}
            </span>
            <span className="order-option__name">{format.name}</span>
          </button>
        ))}
      </div>
    );
  }
  const rules = dishModifierRules(dish, catalog);
  if (rules.length === 0) return null;
  const ids = chosen.modifierIds ?? [];
  return (
    <div className="order-dish__extras">
      <ModifierRules rules={rules} chosen={ids} onToggle={(id) => onChange({ modifierIds: toggleModifier(rules, ids, id) })} idPrefix={`order-dish-${dish.pivotId}`} />
    </div>
  );
}
