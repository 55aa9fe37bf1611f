import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { CatalogDb, StoredCategory, StoredGroup } from '../../data/catalog/catalogDb';
import { categoriesOfGroup, groups as listGroups, itemsOfCategory } from '../../data/catalog/catalogRepository';
import { catalogSelectors } from '../../data/catalog/catalogStore';
import { syncFailureText } from '../../i18n/errorText';
import { RetryButton } from '../../ui/Button';
import { EmptyState } from '../../ui/Notice';
import { useCatalog } from '../../session/useCatalog';
import { containsAnyAllergen } from '../../data/search/search';
import { CatalogToolbar, HiddenCount, ItemGrid, SearchResults, useSearchIndex } from './CatalogSearch';
import { catalogViewSelectors, chosen, MOST_SOLD, useCatalogViewStore, type GroupTab } from '../../session/catalogViewStore';
import { mostSoldItems, mostSoldTab, useMostSoldStore } from './mostSoldFeed';
import './catalogSearch.css';
import { onTabKeys } from '../../ui/tabKeys';
import { useEffect, type ReactNode } from 'react';
import { loadWarehouse } from '../../data/stock/warehouseStore';

// The catalog: groups down the side, the chosen group's categories as tabs, and
// the chosen category's items as a dense grid of buttons. The first tab is "Most
// sold": what this terminal sent most lately, so the usual round needs no search.
// Everything is read from the current generation (data/catalogStore.ts) with one narrow indexed
// query per level — never the whole items table — so it works the same online and offline.
//
// Above them, search over the whole catalog, the quantity keypad and the allergen filter
// (CatalogSearch.tsx); while the search field holds a query, its results replace the grid. Tapping
// an item adds it to the ticket or opens its sheet (features/order).
//
// Test ids: catalog (the view), catalog-groups, catalog-most-sold-tab, catalog-most-sold (its grid),
// catalog-most-sold-empty, catalog-categories, catalog-items, catalog-item (data-item-id),
// catalog-item-name / -price / -badge / -allergens / -thumb / -placeholder; the search's in
// CatalogSearch.tsx.

/** `syncProgress`: the sync's progress, shown while the catalog is not downloaded yet (passed in by the app). */
export function CatalogView({ syncProgress }: { syncProgress: ReactNode }) {
  const db = useCatalog(catalogSelectors.catalogDb);
  const generation = useCatalog(catalogSelectors.generation);
  if (db === null) return <CatalogNotDownloaded syncProgress={syncProgress} />;
  // A new generation is a new database: its queries start afresh (the selection stays).
  return <CatalogBrowser key={generation} db={db} />;
}

/** Before the first successful sync of this account: say so, with the sync under way or why not. */
function CatalogNotDownloaded({ syncProgress }: { syncProgress: ReactNode }) {
  const { t } = useTranslation('catalog');
  const syncing = useCatalog(catalogSelectors.syncing);
  const connection = useCatalog(catalogSelectors.connection);
  const failure = useCatalog(catalogSelectors.lastFailure);
  const syncNow = useCatalog(catalogSelectors.syncNow);
  const title = t('notDownloaded');

  if (syncing || failure === null) {
    return (
      <div className="catalog catalog--empty" data-testid="catalog">
        <EmptyState title={title}>
          <p className="catalog__empty-text">{t('downloadingNow')}</p>
          {syncProgress}
        </EmptyState>
      </div>
    );
  }
  const offline = failure.kind === 'connection' || connection === 'offline';
  return (
    <div className="catalog catalog--empty" data-testid="catalog">
      <EmptyState tone="problem" title={title} action={<RetryButton onRetry={syncNow} />}>
        <p className="catalog__empty-text">{offline ? t('serverUnreachable') : syncFailureText(t, failure)}</p>
        {syncProgress}
      </EmptyState>
    </div>
  );
}

function CatalogBrowser({ db }: { db: CatalogDb }) {
  const { t } = useTranslation('catalog');
  const groups = useLiveQuery(() => listGroups(db), [db]);
  const selectedTab = useCatalogViewStore(catalogViewSelectors.selectedTab);
  const query = useCatalogViewStore(catalogViewSelectors.query);
  // Read as soon as the catalog opens, so the first keystroke already has it.
  const searchIndex = useSearchIndex(db);
  // The warehouse whose stock the buttons show: read again as the catalog opens, since another
  // window of this terminal may have chosen another one in Settings (features/stock).
  useEffect(() => void loadWarehouse(), []);

  if (groups === undefined) return <div className="catalog" data-testid="catalog" />; // answers within a frame
  const first = groups[0];
  if (first === undefined) {
    return (
      <div className="catalog catalog--empty" data-testid="catalog">
        <EmptyState title={t('catalogEmpty')}>{t('catalogEmptyHint')}</EmptyState>
      </div>
    );
  }
  const group = selectedTab === MOST_SOLD ? null : chosen(groups, selectedTab);
  const tab: GroupTab = group === null ? MOST_SOLD : group.id;
  return (
    <div className="catalog catalog--searchable" data-testid="catalog">
      <CatalogToolbar />
      <GroupList groups={groups} selected={tab} searching={query.trim() !== ''} />
      {query.trim() !== '' ? (
        <SearchResults index={searchIndex} query={query} />
      ) : group === null ? (
        <MostSoldPanel db={db} fallback={first} />
      ) : (
        <GroupPanel key={group.id} db={db} group={group} />
      )}
    </div>
  );
}

const groupTabId = (tab: GroupTab) => `catalog-group-${tab}`;
const groupPanelId = (tab: GroupTab) => `catalog-group-panel-${tab}`;
const categoryTabId = (categoryId: number) => `catalog-category-${categoryId}`;
const categoryPanelId = (categoryId: number) => `catalog-category-panel-${categoryId}`;

/** While a search shows its results, no group's panel is drawn: the tabs control nothing. */
function GroupList({ groups, selected, searching }: { groups: StoredGroup[]; selected: GroupTab; searching: boolean }) {
  const { t } = useTranslation('catalog');
  const chooseGroup = useCatalogViewStore(catalogViewSelectors.selectGroup);
  const setQuery = useCatalogViewStore(catalogViewSelectors.setQuery);
  // Choosing a group is browsing again: the search is left.
  const selectGroup = (tab: GroupTab) => {
    setQuery('');
    chooseGroup(tab);
  };
  const tabs: { id: GroupTab; name: string }[] = [
    { id: MOST_SOLD, name: t('mostSold') },
    // A group may be nameless (spec 4.3 rule 1).
    ...groups.map((group) => ({ id: group.id as GroupTab, name: group.name || t('groupNumber', { id: group.id }) })),
  ];
  return (
    <div
      className="catalog-groups"
      role="tablist"
      aria-orientation="vertical"
      aria-label={t('groups')}
      data-testid="catalog-groups"
      // onTabKeys walks numeric ids: the tabs' positions.
      onKeyDown={(event) =>
        onTabKeys(
          event,
          tabs.map((_, index) => ({ id: index })),
          tabs.findIndex((each) => each.id === selected),
          { next: 'ArrowDown', previous: 'ArrowUp' },
          ({ id }) => selectGroup(tabs[id]!.id),
          (index) => groupTabId(tabs[index]!.id),
        )
      }
    >
      {tabs.map((each) => {
        const isSelected = each.id === selected;
        return (
          <button
            key={each.id}
            id={groupTabId(each.id)}
            type="button"
            role="tab"
            className={each.id === MOST_SOLD ? 'catalog-group catalog-group--most-sold' : 'catalog-group'}
            aria-selected={isSelected}
            aria-controls={searching ? undefined : groupPanelId(each.id)}
            tabIndex={isSelected ? 0 : -1}
            data-testid={each.id === MOST_SOLD ? 'catalog-most-sold-tab' : undefined}
            onClick={() => selectGroup(each.id)}
          >
            {each.name}
          </button>
        );
      })}
    </div>
  );
}

/**
 * "Most sold": the feed's list (mostSoldFeed.ts) as item buttons. Before anything was sent from
 * this terminal (or while the list is read), it says so and shows the first group instead.
 */
function MostSoldPanel({ db, fallback }: { db: CatalogDb; fallback: StoredGroup }) {
  const { t } = useTranslation('catalog');
  const list = useMostSoldStore((state) => state.items);
  const ids = list?.map((entry) => entry.itemId);
  const items = useLiveQuery(() => (ids === undefined ? undefined : mostSoldItems(db, ids)), [db, ids?.join(',')]);
  const hiddenAllergens = useCatalogViewStore(catalogViewSelectors.hiddenAllergens);
  const selectItem = useCatalogViewStore(catalogViewSelectors.selectItem);
  const tab = mostSoldTab(list, items, hiddenAllergens);

  if (tab.kind === 'reading')
    return <div className="catalog-group-panel" id={groupPanelId(MOST_SOLD)} role="tabpanel" aria-labelledby={groupTabId(MOST_SOLD)} aria-busy="true" />;
  if (tab.kind === 'empty') {
    return (
      <div className="catalog-group-panel" id={groupPanelId(MOST_SOLD)} role="tabpanel" aria-labelledby={groupTabId(MOST_SOLD)}>
        <p className="catalog-most-sold__empty" role="status" data-testid="catalog-most-sold-empty">
          {t('mostSoldEmpty', { group: fallback.name || t('groupNumber', { id: fallback.id }) })}
        </p>
        <GroupContent db={db} group={fallback} />
      </div>
    );
  }
  return (
    <div className="catalog-group-panel" id={groupPanelId(MOST_SOLD)} role="tabpanel" aria-labelledby={groupTabId(MOST_SOLD)}>
      <div className="catalog-items catalog-most-sold">
        <p className="catalog-most-sold__note">{t('mostSoldNote')}</p>
        <HiddenCount count={tab.hiddenCount} />
        {tab.shown.length > 0 && <ItemGrid items={tab.shown} label={t('mostSold')} testId="catalog-most-sold" onSelect={selectItem} />}
      </div>
    </div>
  );
}

function GroupPanel({ db, group }: { db: CatalogDb; group: StoredGroup }) {
  return (
    <div className="catalog-group-panel" id={groupPanelId(group.id)} role="tabpanel" aria-labelledby={groupTabId(group.id)}>
      <GroupContent db={db} group={group} />
    </div>
  );
}

/** A group's categories as tabs, and the chosen category's items. */
function GroupContent({ db, group }: { db: CatalogDb; group: StoredGroup }) {
  const { t } = useTranslation('catalog');
  const categories = useLiveQuery(() => categoriesOfGroup(db, group.id), [db, group.id]);
  const selectedCategoryId = useCatalogViewStore(catalogViewSelectors.selectedCategoryId(group.id));
  const selectCategory = useCatalogViewStore(catalogViewSelectors.selectCategory);

  if (categories === undefined) return null;
  const category = chosen(categories, selectedCategoryId);
  if (category === null) return <EmptyState title={t('groupEmpty')}>{t('groupEmptyHint')}</EmptyState>;
  return (
    <>
      <div
        className="catalog-categories"
        role="tablist"
        aria-label={t('categoriesOf', { group: group.name || t('groupNumber', { id: group.id }) })}
        data-testid="catalog-categories"
        onKeyDown={(event) =>
          onTabKeys(event, categories, category.id, { next: 'ArrowRight', previous: 'ArrowLeft' }, (c) => selectCategory(group.id, c.id), categoryTabId)
        }
      >
        {categories.map((each) => (
          <CategoryTab key={each.id} category={each} selected={each.id === category.id} onSelect={() => selectCategory(group.id, each.id)} />
        ))}
      </div>
      <CategoryItems key={category.id} db={db} category={category} />
    </>
  );
}

function CategoryTab({ category, selected, onSelect }: { category: StoredCategory; selected: boolean; onSelect: () => void }) {
  return (
    <button
      id={categoryTabId(category.id)}
      type="button"
      role="tab"
      className="catalog-category"
      aria-selected={selected}
      aria-controls={categoryPanelId(category.id)}
      tabIndex={selected ? 0 : -1}
      onClick={onSelect}
    >
      {category.name}
    </button>
  );
}

function CategoryItems({ db, category }: { db: CatalogDb; category: StoredCategory }) {
  const { t } = useTranslation('catalog');
  // Narrow, indexed read: only this category's items (STYLE: Dexie).
  const items = useLiveQuery(() => itemsOfCategory(db, category.id), [db, category.id]);
  const hiddenAllergens = useCatalogViewStore(catalogViewSelectors.hiddenAllergens);
  const selectItem = useCatalogViewStore(catalogViewSelectors.selectItem);
  const shown = items?.filter((item) => !containsAnyAllergen(item.allergies, hiddenAllergens));
  return (
    <div className="catalog-items" id={categoryPanelId(category.id)} role="tabpanel" aria-labelledby={categoryTabId(category.id)} tabIndex={0}>
      {items !== undefined && shown !== undefined && <HiddenCount count={items.length - shown.length} />}
      {items !== undefined && items.length === 0 && <p className="catalog-items__empty">{t('categoryEmpty', { category: category.name })}</p>}
      {shown !== undefined && shown.length > 0 && (
        <ItemGrid items={shown} label={t('itemsOf', { category: category.name })} testId="catalog-items" onSelect={selectItem} />
      )}
    </div>
  );
}
