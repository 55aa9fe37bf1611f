import { useLiveQuery } from 'dexie-react-hooks';
import type { CatalogDb, StoredCategory, StoredGroup } from '../../data/catalog/catalogDb';
import { categoriesOfGroup, groups as listGroups, itemsOfCategory } from '../../data/catalog/catalogRepository';
import { catalogSelectors } from '../../data/catalog/catalogStore';
import { RetryButton } from '../../ui/Button';
import { EmptyState } from '../../ui/Notice';
import { SyncProgressSummary } from '../sync/SyncPanel';
import { useCatalog } from '../sync/useCatalog';
import { containsAnyAllergen } from '../../data/search/search';
import { CatalogToolbar, HiddenCount, ItemGrid, SearchResults, useSearchIndex } from './CatalogSearch';
import { catalogViewSelectors, chosen, useCatalogViewStore } from './catalogViewStore';
import './catalogSearch.css';
import { onTabKeys } from '../../ui/tabKeys';

// The catalog, read-only (issue 4 item 7): groups down the side, the chosen group's categories as
// tabs, and the chosen category's items as cards. Everything is read from the current generation
// (data/catalogStore.ts) with one narrow indexed query per level — never the whole items table —
// so it works the same online and offline. The order builder will grow from here.
//
// Above them, search over the whole catalog and the allergen filter (CatalogSearch.tsx, issue 5);
// while the search field holds a query, its results replace the category's grid. Item cards are
// buttons; tapping one marks it selected and adds it to the ticket or opens its sheet (features/order).
//
// Test ids: catalog (the view), catalog-groups, catalog-categories, catalog-items, catalog-item
// (data-item-id), catalog-item-name / -price / -badge / -allergens / -thumb / -placeholder; the
// search's in CatalogSearch.tsx.

export function CatalogView() {
  const db = useCatalog(catalogSelectors.catalogDb);
  const generation = useCatalog(catalogSelectors.generation);
  if (db === null) return <CatalogNotDownloaded />;
  // A new generation is a new database: its queries start afresh (the selection stays).
  return <CatalogBrowser key={generation} db={db} />;
}

/** Before the first successful sync of this account: say so, with the sync under way or why not. */
function CatalogNotDownloaded() {
  const syncing = useCatalog(catalogSelectors.syncing);
  const connection = useCatalog(catalogSelectors.connection);
  const failure = useCatalog(catalogSelectors.lastFailure);
  const syncNow = useCatalog(catalogSelectors.syncNow);
  const title = 'The catalog has not been downloaded yet';

  if (syncing || failure === null) {
    return (
      <div className="catalog catalog--empty" data-testid="catalog">
        <EmptyState title={title}>
          <p className="catalog__empty-text">It is downloading now; the menu appears here as soon as it is complete.</p>
          <SyncProgressSummary />
        </EmptyState>
      </div>
    );
  }
  const offline = failure.kind === 'connection' || connection === 'offline';
  return (
    <div className="catalog catalog--empty" data-testid="catalog">
      <EmptyState tone="problem" title={title} action={<RetryButton onRetry={syncNow} />}>
        <p className="catalog__empty-text">
          {offline
            ? 'The server can’t be reached. It is retried automatically every 30 seconds; check the network cable or Wi‑Fi of this terminal.'
            : failure.message}
        </p>
        <SyncProgressSummary />
      </EmptyState>
    </div>
  );
}

function CatalogBrowser({ db }: { db: CatalogDb }) {
  const groups = useLiveQuery(() => listGroups(db), [db]);
  const selectedGroupId = useCatalogViewStore(catalogViewSelectors.selectedGroupId);
  const query = useCatalogViewStore(catalogViewSelectors.query);
  // Read as soon as the catalog opens, so the first keystroke already has it.
  const searchIndex = useSearchIndex(db);

  if (groups === undefined) return <div className="catalog" data-testid="catalog" />; // answers within a frame
  const group = chosen(groups, selectedGroupId);
  if (group === null) {
    return (
      <div className="catalog catalog--empty" data-testid="catalog">
        <EmptyState title="This venue’s catalog is empty.">Groups, categories and items are set up in the back office.</EmptyState>
      </div>
    );
  }
  return (
    <div className="catalog catalog--searchable" data-testid="catalog">
      <CatalogToolbar />
      <GroupList groups={groups} selectedId={group.id} />
      {query.trim() === '' ? <GroupPanel key={group.id} db={db} group={group} /> : <SearchResults index={searchIndex} query={query} />}
    </div>
  );
}

const groupTabId = (groupId: number) => `catalog-group-${groupId}`;
const groupPanelId = (groupId: number) => `catalog-group-panel-${groupId}`;
const categoryTabId = (categoryId: number) => `catalog-category-${categoryId}`;
const categoryPanelId = (categoryId: number) => `catalog-category-panel-${categoryId}`;

function GroupList({ groups, selectedId }: { groups: StoredGroup[]; selectedId: number }) {
  const chooseGroup = useCatalogViewStore(catalogViewSelectors.selectGroup);
  const setQuery = useCatalogViewStore(catalogViewSelectors.setQuery);
  // Choosing a group is browsing again: the search is left.
  const selectGroup = (groupId: number) => {
    setQuery('');
    chooseGroup(groupId);
  };
  return (
    <div
      className="catalog-groups"
      role="tablist"
      aria-orientation="vertical"
      aria-label="Groups"
      data-testid="catalog-groups"
      onKeyDown={(event) => onTabKeys(event, groups, selectedId, { next: 'ArrowDown', previous: 'ArrowUp' }, (g) => selectGroup(g.id), groupTabId)}
    >
      {groups.map((group) => {
        const selected = group.id === selectedId;
        return (
          <button
            key={group.id}
            id={groupTabId(group.id)}
            type="button"
            role="tab"
            className="catalog-group"
            aria-selected={selected}
            aria-controls={groupPanelId(group.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => selectGroup(group.id)}
          >
            {/* A group may be nameless (spec 4.3 rule 1). */}
            {group.name || `Group ${group.id}`}
          </button>
        );
      })}
    </div>
  );
}

function GroupPanel({ db, group }: { db: CatalogDb; group: StoredGroup }) {
  const categories = useLiveQuery(() => categoriesOfGroup(db, group.id), [db, group.id]);
  const selectedCategoryId = useCatalogViewStore(catalogViewSelectors.selectedCategoryId(group.id));
  const selectCategory = useCatalogViewStore(catalogViewSelectors.selectCategory);

  const content = (() => {
    if (categories === undefined) return null;
    const category = chosen(categories, selectedCategoryId);
    if (category === null) {
      return <EmptyState title="This group has no categories yet.">Categories are set up in the back office.</EmptyState>;
    }
    return (
      <>
        <div
          className="catalog-categories"
          role="tablist"
          aria-label={`Categories of ${group.name || `group ${group.id}`}`}
          data-testid="catalog-categories"
          onKeyDown={(event) => onTabKeys(event, categories, category.id, { next: 'ArrowRight', previous: 'ArrowLeft' }, (c) => selectCategory(group.id, c.id), categoryTabId)}
        >
          {categories.map((each) => (
            <CategoryTab key={each.id} category={each} selected={each.id === category.id} onSelect={() => selectCategory(group.id, each.id)} />
          ))}
        </div>
        <CategoryItems key={category.id} db={db} category={category} />
      </>
    );
  })();

  return (
    <div className="catalog-group-panel" id={groupPanelId(group.id)} role="tabpanel" aria-labelledby={groupTabId(group.id)}>
      {content}
    </div>
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
  // Narrow, indexed read: only this category's items (STYLE: Dexie).
  const items = useLiveQuery(() => itemsOfCategory(db, category.id), [db, category.id]);
  const hiddenAllergens = useCatalogViewStore(catalogViewSelectors.hiddenAllergens);
  const selectItem = useCatalogViewStore(catalogViewSelectors.selectItem);
  const shown = items?.filter((item) => !containsAnyAllergen(item.allergies, hiddenAllergens));
  return (
    <div className="catalog-items" id={categoryPanelId(category.id)} role="tabpanel" aria-labelledby={categoryTabId(category.id)} tabIndex={0}>
      {items !== undefined && shown !== undefined && <HiddenCount count={items.length - shown.length} />}
      {items !== undefined && items.length === 0 && <p className="catalog-items__empty">{category.name} has no items yet. Items are set up in the back office.</p>}
      {shown !== undefined && shown.length > 0 && (
        <ItemGrid items={shown} label={`Items of ${category.name}`} testId="catalog-items" onSelect={selectItem} />
      )}
    </div>
  );
}
