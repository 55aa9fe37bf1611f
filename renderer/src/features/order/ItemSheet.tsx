import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { indexCatalog, type CatalogIndex } from '../../../../shared/domain/catalog';
import { formatOptionsOf } from '../../../../shared/domain/formats';
import { dishModifierRules, evaluateLine, type DishChoice, type LineChoice } from '../../../../shared/domain/line';
import { menuRulesOf, type MenuCategoryRule, type MenuDishOption } from '../../../../shared/domain/menus';
import { modifierRulesOf, type ModifierRule } from '../../../../shared/domain/modifiers';
import { toCents } from '../../../../shared/domain/money';
import type { CatalogDb, StoredItem } from '../../data/catalog/catalogDb';
import { containsAnyAllergen } from '../../data/search/search';
import { useFormat } from '../../i18n/useFormat';
import { catalogViewSelectors, useCatalogViewStore } from '../../session/catalogViewStore';
import { loadItemRecords } from '../../data/catalog/itemRecords';
import { orderSelectors, useOrderStore, type TicketLine } from '../../session/orderStore';
import { autoSelectedIds, menuReason, menuRuleText, modifierReason, modifierRuleText, ruleIsFull, toggleModifier } from './sheetRules';

// The sheet a tapped item opens: a selling-format picker (type 4), a modifier
// sheet (type 0 with modifiers) or a guided menu builder (type 1). A plain item is added at once.
// Every sheet is confirmed with "Add", disabled — with the reason beside it — until the line is
// complete, so an incomplete line never reaches the ticket. The sheet opens over the catalog's grid
// (OrderScreen), never over the ticket and its total. It adds as many as the
// quantity keypad said; reopened from a ticket line ("Edit") it starts from that line's choices
// and "Save" replaces them. Escape or Cancel closes it.
// Test ids: order-sheet, order-sheet-reason, order-sheet-quantity.

export function ItemSheet({ db, itemId }: { db: CatalogDb; itemId: number }) {
  const { t } = useTranslation('order');
  const records = useLiveQuery(() => loadItemRecords(db, itemId), [db, itemId]);
  const index = useMemo(() => (records ? indexCatalog(records) : null), [records]);
  const closeSheet = useOrderStore(orderSelectors.closeSheet);
  const quantity = useOrderStore(orderSelectors.openQuantity);
  // Kept as it was when "Edit" was tapped: the sheet edits that line.
  const editingLine = useOrderStore(orderSelectors.editingLine);
  const [editing] = useState(() => editingLine);
  if (records === undefined || index === null) return null; // answers within a frame
  const item = records === null ? undefined : index.items.get(itemId);
  if (!item) {
    return (
      <Sheet title={t('itemNotFound')} onCancel={closeSheet}>
        <p>{t('itemGone')}</p>
      </Sheet>
    );
  }
  const common = { item, catalog: index, quantity, editing };
  if (item.type === 4) return <FormatSheet {...common} />;
  if (item.type === 1) return <MenuSheet {...common} />;
  const rules = modifierRulesOf(item, index);
  if (rules.length === 0) return <AddAtOnce item={item} catalog={index} quantity={quantity} />;
  return <ModifierSheet {...common} rules={rules} />;
}

interface SheetProps {
  item: StoredItem;
  catalog: CatalogIndex;
  quantity: number;
  editing: TicketLine | undefined;
}

function Sheet({
  title,
  quantity = 1,
  onCancel,
  children,
  footer,
}: {
  title: string;
  quantity?: number;
  onCancel: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('order');
  // A screen reader follows the tap to the sheet: focus lands on its title (not on an option), and
  // goes back where it was when the sheet closes (if that is still on screen).
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const before = document.activeElement;
    titleRef.current?.focus({ preventScroll: true });
    return () => {
      if (before instanceof HTMLElement && before.isConnected && !(document.activeElement instanceof HTMLInputElement)) before.focus({ preventScroll: true });
    };
  }, []);
  return (
    <section
      className="order-sheet"
      role="dialog"
      aria-labelledby="order-sheet-title"
      data-testid="order-sheet"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <header className="order-sheet__header">
        <h2 className="order-sheet__title" id="order-sheet-title" ref={titleRef} tabIndex={-1}>
          {title}
        </h2>
        {quantity > 1 && (
          <span className="order-sheet__quantity" data-testid="order-sheet-quantity">
            {t('sheetQuantity', { count: quantity })}
          </span>
        )}
        <button type="button" className="order-button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </header>
      <div className="order-sheet__body">{children}</div>
      {footer && <footer className="order-sheet__footer">{footer}</footer>}
    </section>
  );
}

/** A plain item: added (or its line incremented) as soon as its records are read. */
function AddAtOnce({ item, catalog, quantity }: { item: StoredItem; catalog: CatalogIndex; quantity: number }) {
  const addLine = useOrderStore(orderSelectors.addLine);
  const closeSheet = useOrderStore(orderSelectors.closeSheet);
  // StrictMode runs effects twice in development: one tap must add one, not two.
  const added = useRef(false);
  useEffect(() => {
    if (added.current) return;
    added.current = true;
    const choice: LineChoice = { itemId: item.id, quantity };
    const result = evaluateLine(choice, catalog);
    if (result.ok) addLine(choice, result.line);
    else closeSheet();
  }, [item, catalog, quantity, addLine, closeSheet]);
  return null;
}

function AddFooter({ choice, catalog, reason, editing }: { choice: LineChoice; catalog: CatalogIndex; reason: string | null; editing: boolean }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const addLine = useOrderStore(orderSelectors.addLine);
  const result = evaluateLine(choice, catalog);
  return (
    <>
      <p className="order-sheet__reason" data-testid="order-sheet-reason" role="status">
        {result.ok ? format.money(result.line.totalCents / 100) : (reason ?? t('reasonIncomplete'))}
      </p>
      <button
        type="button"
        className="order-button order-button--primary"
        disabled={!result.ok}
        onClick={() => result.ok && addLine(choice, result.line, { editable: true })}
      >
        {editing ? t('save') : t('add')}
      </button>
    </>
  );
}

function FormatSheet({ item, catalog, quantity, editing }: SheetProps) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const addLine = useOrderStore(orderSelectors.addLine);
  const closeSheet = useOrderStore(orderSelectors.closeSheet);
  const formats = formatOptionsOf(item, catalog);
  const current = editing?.choice.formatPivotId;
  return (
    <Sheet title={item.name} quantity={editing ? 1 : quantity} onCancel={closeSheet}>
      <p className="order-sheet__rule">{t('chooseFormat')}</p>
      <div className="order-options order-options--formats" role="group" aria-label={t('formatsOf', { name: item.name })}>
        {formats.map((option) => (
          <button
            key={option.pivotId}
            type="button"
            className="order-option order-option--single"
            aria-pressed={editing ? option.pivotId === current : undefined}
            onClick={() => {
              const choice: LineChoice = { itemId: item.id, quantity, formatPivotId: option.pivotId };
              const result = evaluateLine(choice, catalog);
              if (result.ok) addLine(choice, result.line, { editable: true });
            }}
          >
            {editing && (
              <span className="order-option__check" aria-hidden="true">
                {option.pivotId === current ? '✓' : ''}
              </span>
            )}
            <span className="order-option__name">{option.name}</span> <span className="order-option__price">{format.money(option.priceCents / 100)}</span>
          </button>
        ))}
      </div>
      {formats.length === 0 && <p>{t('noFormats')}</p>}
    </Sheet>
  );
}

function ModifierRules({
  rules,
  chosen,
  onToggle,
  idPrefix,
}: {
  rules: readonly ModifierRule[];
  chosen: readonly number[];
  onToggle: (id: number) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation('order');
  const format = useFormat();
  return (
    <>
      {rules.map((rule) => {
        const headingId = `${idPrefix}-${rule.categoryId}`;
        // A multiple choice at its max takes no more (toggleModifier): say so in words, not by a tap that does nothing.
        const full = ruleIsFull(rule, chosen);
        return (
          <div key={rule.categoryId} className="order-rule" role="group" aria-labelledby={headingId}>
            <h3 className="order-rule__name" id={headingId}>
              {rule.name} <span className="order-rule__text">{modifierRuleText(t, rule)}</span>
            </h3>
            {full && (
              <p className="order-rule__full" data-testid="order-rule-full">
                {t('ruleFull', { count: rule.max ?? 0 })}
              </p>
            )}
            <div className="order-options order-options--grid">
              {rule.options.map((option) => {
                const pressed = chosen.includes(option.id);
                return (
                  <button
                    key={option.id}
                    type="button"
                    className={rule.single ? 'order-option order-option--single' : 'order-option'}
                    aria-pressed={pressed}
                    aria-disabled={full && !pressed ? true : undefined}
                    onClick={() => onToggle(option.id)}
                  >
                    <span className="order-option__check" aria-hidden="true">
                      {pressed ? '✓' : ''}
                    </span>
                    <span className="order-option__name">{option.name}</span>{' '}
                    {option.priceCents !== 0 && <span className="order-option__price">+{format.money(option.priceCents / 100)}</span>}
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

function ModifierSheet({ item, catalog, rules, quantity, editing }: SheetProps & { rules: ModifierRule[] }) {
  const { t } = useTranslation('order');
  const closeSheet = useOrderStore(orderSelectors.closeSheet);
  const [chosen, setChosen] = useState<number[]>(() => (editing ? [...(editing.choice.modifierIds ?? [])] : autoSelectedIds(rules)));
  const choice: LineChoice = { itemId: item.id, quantity, modifierIds: chosen };
  return (
    <Sheet
      title={item.name}
      quantity={editing ? 1 : quantity}
      onCancel={closeSheet}
      footer={<AddFooter choice={choice} catalog={catalog} reason={modifierReason(t, rules, chosen)} editing={editing !== undefined} />}
    >
      <ModifierRules rules={rules} chosen={chosen} onToggle={(id) => setChosen(toggleModifier(rules, chosen, id))} idPrefix={`order-mod-${item.id}`} />
    </Sheet>
  );
}

function initialDishes(rules: readonly MenuCategoryRule[], catalog: CatalogIndex, offered: (dish: MenuDishOption) => boolean): DishChoice[] {
  // Mode 3 "select by default": the first `min` dishes offered are preselected (menus.ts).
  return rules
    .filter((rule) => rule.preselect)
    .flatMap((rule) => rule.dishes.filter(offered).slice(0, rule.min))
    .map((dish) => ({ pivotId: dish.pivotId, modifierIds: autoSelectedIds(dishModifierRules(dish, catalog)) }));
}

function MenuSheet({ item, catalog, quantity, editing }: SheetProps) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const closeSheet = useOrderStore(orderSelectors.closeSheet);
  const rules = useMemo(() => menuRulesOf(item, catalog), [item, catalog]);
  // The allergen filter ("hide items containing…") covers the menu's dishes too.
  const hiddenAllergens = useCatalogViewStore(catalogViewSelectors.hiddenAllergens);
  const offered = (dish: MenuDishOption) => !containsAnyAllergen(catalog.items.get(dish.itemId)?.allergies, hiddenAllergens);
  const [dishes, setDishes] = useState<DishChoice[]>(() =>
    editing ? (editing.choice.dishes ?? []).map((d) => ({ ...d })) : initialDishes(rules, catalog, offered),
  );
  const choice: LineChoice = { itemId: item.id, quantity, dishes };

  const toggleDish = (rule: MenuCategoryRule, dish: MenuDishOption) => {
    const inRule = (d: DishChoice) => rule.dishes.some((o) => o.pivotId === d.pivotId);
    if (dishes.some((d) => d.pivotId === dish.pivotId)) {
      setDishes(dishes.filter((d) => d.pivotId !== dish.pivotId));
      return;
    }
    const fresh: DishChoice = { pivotId: dish.pivotId, modifierIds: autoSelectedIds(dishModifierRules(dish, catalog)) };
    if (rule.max === 1) setDishes([...dishes.filter((d) => !inRule(d)), fresh]);
    else if (rule.max === null || dishes.filter(inRule).length < rule.max) setDishes([...dishes, fresh]);
  };
  const updateDish = (pivotId: number, change: Partial<DishChoice>) => setDishes(dishes.map((d) => (d.pivotId === pivotId ? { ...d, ...change } : d)));

  return (
    <Sheet
      title={item.name}
      quantity={editing ? 1 : quantity}
      onCancel={closeSheet}
      footer={<AddFooter choice={choice} catalog={catalog} reason={menuReason(t, rules, dishes, catalog)} editing={editing !== undefined} />}
    >
      <p className="order-sheet__rule">{t('menuPrice', { price: format.money(toCents(item.price) / 100) })}</p>
      {rules.map((rule) => {
        const count = dishes.filter((d) => rule.dishes.some((o) => o.pivotId === d.pivotId)).length;
        const headingId = `order-menu-${item.id}-${rule.categoryId}`;
        const hiddenCount = rule.dishes.filter((dish) => !offered(dish)).length;
        return (
          <div key={rule.categoryId} className="order-rule" role="group" aria-labelledby={headingId} data-testid="order-menu-category">
            <h3 className="order-rule__name" id={headingId}>
              {rule.name} <span className="order-rule__text">{menuRuleText(t, rule, count)}</span>
            </h3>
            <div className="order-options order-options--grid">
              {rule.dishes.map((dish) => {
                const chosen = dishes.find((d) => d.pivotId === dish.pivotId);
                if (!chosen && !offered(dish)) return null;
                return (
                  <div key={dish.pivotId} className={chosen ? 'order-dish order-dish--chosen' : 'order-dish'}>
                    <button
                      type="button"
                      className={rule.max === 1 ? 'order-option order-option--single' : 'order-option'}
                      aria-pressed={chosen !== undefined}
                      onClick={() => toggleDish(rule, dish)}
                    >
                      <span className="order-option__check" aria-hidden="true">
                        {chosen ? '✓' : ''}
                      </span>
                      <span className="order-option__name">{dish.name}</span>{' '}
                      {dish.supplementCents !== 0 && <span className="order-option__price">+{format.money(dish.supplementCents / 100)}</span>}
                    </button>
                    {chosen && <DishExtras dish={dish} chosen={chosen} catalog={catalog} onChange={(change) => updateDish(dish.pivotId, change)} />}
                  </div>
                );
              })}
            </div>
            {hiddenCount > 0 && (
              <p className="order-rule__hidden" data-testid="order-hidden-dishes">
                {t('hiddenDishes', { count: hiddenCount })}
              </p>
            )}
          </div>
        );
      })}
    </Sheet>
  );
}

/** A chosen dish's own choices: its format when the menu does not fix one, and its modifiers. */
function DishExtras({
  dish,
  chosen,
  catalog,
  onChange,
}: {
  dish: MenuDishOption;
  chosen: DishChoice;
  catalog: CatalogIndex;
  onChange: (change: Partial<DishChoice>) => void;
}) {
  const { t } = useTranslation('order');
  const dishItem = catalog.items.get(dish.itemId);
  if (!dishItem) return null;
  if (dishItem.type === 4) {
    if (dish.formatPivotId !== null) return null;
    const formats = formatOptionsOf(dishItem, catalog);
    return (
      <div className="order-dish__extras" role="group" aria-label={t('formatOf', { name: dish.name })}>
        {formats.map((format) => (
          <button
            key={format.pivotId}
            type="button"
            className="order-option order-option--single"
            aria-pressed={chosen.formatPivotId === format.pivotId}
            aria-label={format.name}
            onClick={() => onChange({ formatPivotId: format.pivotId })}
          >
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
      <ModifierRules
        rules={rules}
        chosen={ids}
        onToggle={(id) => onChange({ modifierIds: toggleModifier(rules, ids, id) })}
        idPrefix={`order-dish-${dish.pivotId}`}
      />
    </div>
  );
}
