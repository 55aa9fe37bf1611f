import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ALLERGENS, type AllergenCode } from '../../../../shared/api/catalog';
import type { CatalogDb } from '../../data/catalog/catalogDb';
import { loadSearchIndex, searchIndexRevision, searchItems, subscribeSearchIndex, type ItemSummary, type SearchIndex } from '../../data/search/search';
import { useFormat } from '../../i18n/useFormat';
import { VirtualGrid } from '../../ui/VirtualGrid';
import { allergenName } from './catalogFormat';
import { catalogViewSelectors, useCatalogViewStore } from '../../session/catalogViewStore';
import { IconNoEntry } from '../../ui/icons';
import { ItemCard } from './ItemCard';
import { orderSelectors, useOrderStore } from '../../session/orderStore';
import { QuantityPad, QuantityToggle, useQuantityPad } from './QuantityPad';
import { SearchField } from '../../ui/SearchField';

// Search as you type, the quantity keypad and the allergen filter of the catalog
// view. The search runs in
// memory over the generation's index (data/search.ts), so there is no debounce: each keystroke
// re-ranks plain strings. The allergen filter covers items' own allergens (spec 2.7); modifiers
// and menu dishes are filtered when the order builder's sheets arrive.
//
// Test ids: catalog-search (the field), catalog-search-clear, catalog-search-results,
// catalog-search-count ("N results"), catalog-search-empty, catalog-search-more, catalog-allergen-filter (the disclosure button),
// catalog-allergen-options, catalog-hidden-count.

const allergenCodes = Object.keys(ALLERGENS).map(Number) as AllergenCode[];

/**
 * The item grid's geometry (ui/VirtualGrid.tsx), dense: fixed rows of 100 px
 * (name on two lines, price and marks, allergen marks), columns of at least 164 px — 16 buttons at
 * 1280×800 beside the ticket. On a wide screen the columns are wider and show the thumbnail.
 */
export const ITEM_GRID = { rowHeight: 100, minColumnWidth: 164, gap: 8, overscan: 2 } as const;
export const WIDE_ITEM_GRID = { ...ITEM_GRID, minColumnWidth: 232 } as const;
/** Where the wide grid starts (the viewport's width). */
export const WIDE_GRID_QUERY = '(min-width: 1600px)';

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** The windowed grid of item cards, for a category and for search results alike. */
export function ItemGrid({
  items,
  label,
  testId,
  resetKey,
  onSelect,
}: {
  items: readonly ItemSummary[];
  label: string;
  testId: string;
  resetKey?: unknown;
  onSelect: (itemId: number) => void;
}) {
  const wide = useMediaQuery(WIDE_GRID_QUERY);
  return (
    <VirtualGrid
      {...(wide ? WIDE_ITEM_GRID : ITEM_GRID)}
      items={items}
      itemKey={(item) => item.id}
      renderItem={(item, position) => <SelectableItemCard item={item} position={position} onSelect={onSelect} />}
      className="catalog-items__grid"
      label={label}
      testId={testId}
      resetKey={resetKey}
    />
  );
}

/**
 * The search index of a generation: a handle to the cached index (data/search.ts keeps it, outside
 * React state); null while it is first read.
 */
export function useSearchIndex(db: CatalogDb): SearchIndex | null {
  const [loaded, setLoaded] = useState<{ db: CatalogDb; index: SearchIndex } | null>(null);
  // A catalog quick edit forgets the index (data/catalog/catalogEdits.ts): read it again, showing
  // the one in hand meanwhile.
  const revision = useSyncExternalStore(subscribeSearchIndex, searchIndexRevision);
  useEffect(() => {
    let live = true;
    loadSearchIndex(db).then(
      (index) => live && setLoaded({ db, index }),
      () => {}, // a generation switched away mid-read: the next one loads its own
    );
    return () => {
      live = false;
    };
  }, [db, revision]);
  return loaded?.db === db ? loaded.index : null;
}

/** The search field (with its clear button), the quantity keypad and the allergen filter's disclosure. */
export function CatalogToolbar() {
  const { t } = useTranslation('catalog');
  const pad = useQuantityPad();
  const query = useCatalogViewStore(catalogViewSelectors.query);
  const setQuery = useCatalogViewStore(catalogViewSelectors.setQuery);
  const hidden = useCatalogViewStore(catalogViewSelectors.hiddenAllergens);
  const [filterOpen, setFilterOpen] = useState(hidden.size > 0);
  const hiddenNames = allergenCodes.filter((code) => hidden.has(code)).map((code) => allergenName(t, code));

  return (
    <div className="catalog-toolbar">
      <div className="catalog-toolbar__row">
        <SearchField
          block="catalog-search"
          value={query}
          onChange={setQuery}
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          clearLabel={t('clearSearch')}
          testId="catalog-search"
          clearTestId="catalog-search-clear"
        />
        <QuantityToggle open={pad.shown} onToggle={pad.toggle} />
        <button
          type="button"
          className="catalog-filter-toggle"
          aria-expanded={filterOpen}
          aria-controls="catalog-allergen-options"
          data-testid="catalog-allergen-filter"
          onClick={() => setFilterOpen((open) => !open)}
        >
          <IconNoEntry className="catalog-filter-toggle__icon" />
          <span className="catalog-filter-toggle__text">
            {t('allergenFilter')}
            {hiddenNames.length > 0 && (
              <span className="catalog-filter-toggle__summary" title={hiddenNames.join(', ')}>
                {t('allergensHidden', { count: hiddenNames.length })}
              </span>
            )}
          </span>
          <span className="catalog-filter-toggle__caret" aria-hidden="true">
            {filterOpen ? '▴' : '▾'}
          </span>
        </button>
      </div>
      {pad.shown && <QuantityPad onClose={pad.close} />}
      {filterOpen && <AllergenOptions />}
    </div>
  );
}

function AllergenOptions() {
  const { t } = useTranslation('catalog');
  const hidden = useCatalogViewStore(catalogViewSelectors.hiddenAllergens);
  const toggle = useCatalogViewStore(catalogViewSelectors.toggleHiddenAllergen);
  const clear = useCatalogViewStore(catalogViewSelectors.clearHiddenAllergens);
  return (
    <div
      className="catalog-allergen-options"
      id="catalog-allergen-options"
      role="group"
      aria-label={t('hideItemsContaining')}
      data-testid="catalog-allergen-options"
    >
      {allergenCodes.map((code) => {
        const pressed = hidden.has(code);
        return (
          <button
            key={code}
            type="button"
            className="catalog-allergen-option"
            aria-pressed={pressed}
            title={t('hideItemsContainingOne', { allergen: allergenName(t, code).toLocaleLowerCase() })}
            onClick={() => toggle(code)}
          >
            {/* Pressed shows a no-entry sign as well as the colours, never colour alone. */}
            {pressed && <IconNoEntry className="catalog-allergen-option__icon" />}
            {allergenName(t, code)}
          </button>
        );
      })}
      <button type="button" className="catalog-allergen-option catalog-allergen-option--clear" disabled={hidden.size === 0} onClick={clear}>
        {t('showAll')}
      </button>
    </div>
  );
}

/** "3 items hidden" under the list it applies to; nothing when the filter hid nothing. */
export function HiddenCount({ count }: { count: number }) {
  const { t } = useTranslation('catalog');
  if (count === 0) return null;
  return (
    <p className="catalog-hidden-count" role="status" data-testid="catalog-hidden-count">
      <IconNoEntry className="catalog-hidden-count__icon" />
      {t('hiddenByFilter', { count })}
    </p>
  );
}

/** The matches of the query over the whole catalog, in place of the category's grid. */
export function SearchResults({ index, query }: { index: SearchIndex | null; query: string }) {
  const { t } = useTranslation('catalog');
  const format = useFormat();
  const hidden = useCatalogViewStore(catalogViewSelectors.hiddenAllergens);
  const selectItem = useCatalogViewStore(catalogViewSelectors.selectItem);
  if (index === null) return <div className="catalog-items catalog-search-results" />; // read once per generation
  const result = searchItems(index, query, { hiddenAllergens: hidden });
  return (
    <section className="catalog-items catalog-search-results" aria-label={t('searchResults')}>
      <HiddenCount count={result.hiddenByAllergens} />
      {result.total > 0 && (
        <p className="catalog-search-count" role="status" data-testid="catalog-search-count">
          {t('results', { count: result.total, formatted: format.number(result.total) })}
        </p>
      )}
      {result.items.length === 0 ? (
        <p className="catalog-items__empty" data-testid="catalog-search-empty">
          {result.hiddenByAllergens === 0 ? t('noMatch', { query: query.trim() }) : t('allMatchesHidden', { query: query.trim() })}
        </p>
      ) : (
        <ItemGrid
          items={result.items}
          label={t('itemsMatching', { query: query.trim() })}
          testId="catalog-search-results"
          resetKey={query}
          onSelect={selectItem}
        />
      )}
      {result.total > result.items.length && (
        <p className="catalog-search-more" data-testid="catalog-search-more">
          {t('showingFirst', { shown: format.number(result.items.length), total: format.number(result.total) })}
        </p>
      )}
    </section>
  );
}

/** An item card that knows whether it is the selected one (each card selects only its own flag). */
export function SelectableItemCard({
  item,
  position,
  onSelect,
}: {
  item: ItemSummary;
  position?: { index: number; count: number };
  onSelect: (itemId: number) => void;
}) {
  const selected = useCatalogViewStore(catalogViewSelectors.isItemSelected(item.id));
  const openOrderItem = useOrderStore(orderSelectors.openItem);
  // A tap marks the card and adds the item to the ticket, or opens its sheet (features/order).
  const tap = (itemId: number) => {
    onSelect(itemId);
    openOrderItem(itemId);
  };
  return <ItemCard item={item} selected={selected} position={position} onSelect={tap} />;
}
