import { expect, type Locator, type Page } from '@playwright/test';
import { expectTouchSize } from '../support/screens';

/** One item as the server reports it (read independently of the terminal's code). */
export interface ExpectedItem {
  id: number;
  name: string;
  price: number;
  type: number;
  photo: string | null;
  /** Allergen codes of spec 2.7, in the order the server lists them. */
  allergens: number[];
}

/** The allergens' names as the terminal says them in English (spec 2.7 codes; British spelling). */
const ENGLISH_ALLERGENS: Record<number, string> = {
  1: 'eggs',
  2: 'sesame',
  3: 'lupin',
  4: 'mustard',
  5: 'fish',
  6: 'celery',
  7: 'crustaceans',
  8: 'peanuts',
  9: 'molluscs',
  10: 'soy',
  11: 'nuts',
  12: 'sulphites',
  13: 'dairy',
};

/** "eggs": an allergen code's name in the terminal's English. */
export const allergenName = (code: number): string => ENGLISH_ALLERGENS[code] ?? `allergen ${code}`;

/** The title of an item's allergen mark: "Contains eggs". */
export const allergenTitle = (code: number): string => `Contains ${allergenName(code)}`;

/** Money as the terminal writes it in English (en-GB): "€12.50". */
export const euros = (amount: number): string => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(amount);

/** The same for an amount in cents (the bridge's and the sandbox referees' unit). */
export const eurosOfCents = (cents: number): string => euros(cents / 100);

/** The catalog as a waiter sees it (STYLE: page models for e2e). */
export class CatalogPage {
  readonly openButton: Locator;
  readonly floorButton: Locator;
  readonly view: Locator;
  readonly groups: Locator;
  readonly categories: Locator;
  readonly items: Locator;
  readonly searchField: Locator;
  readonly clearSearchButton: Locator;
  readonly searchResults: Locator;
  readonly allergenFilterButton: Locator;
  readonly allergenOptions: Locator;
  readonly hiddenCount: Locator;
  /** The item grid's scroll container: the grid is windowed (ui/VirtualGrid.tsx), only rows near the view are cards. */
  readonly grid: Locator;

  /** `searchName`: the search field's name in the window's language. */
  constructor(
    readonly page: Page,
    searchName = 'Search',
  ) {
    this.openButton = page.getByTestId('view-catalog');
    this.floorButton = page.getByTestId('view-floor');
    this.view = page.getByTestId('catalog');
    this.groups = page.getByTestId('catalog-groups');
    this.categories = page.getByTestId('catalog-categories');
    this.items = page.getByTestId('catalog-item');
    this.searchField = page.getByRole('searchbox', { name: searchName, exact: true });
    this.clearSearchButton = page.getByRole('button', { name: 'Clear search', exact: true });
    this.searchResults = page.getByTestId('catalog-search-results');
    this.allergenFilterButton = page.getByRole('button', { name: /^Allergens/ });
    this.allergenOptions = page.getByRole('group', { name: 'Hide items containing', exact: true });
    this.hiddenCount = page.getByTestId('catalog-hidden-count');
    this.grid = this.view.locator('.vgrid');
  }

  /** Ids of every item of the shown grid, scrolling it from top to bottom (then back to the top). */
  async gridItemIds(): Promise<number[]> {
    return this.grid.evaluate(async (element) => {
      const viewport = element as unknown as ScrollBox;
      const ids = new Set<number>();
      const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
      viewport.scrollTop = 0;
      await settle();
      for (;;) {
        for (const card of viewport.querySelectorAll('[data-testid="catalog-item"]')) ids.add(Number(card.getAttribute('data-item-id')));
        const before = viewport.scrollTop;
        viewport.scrollTop = before + viewport.clientHeight;
        await settle();
        if (viewport.scrollTop === before) break;
      }
      viewport.scrollTop = 0;
      await settle();
      return [...ids];
    });
  }

  /** Scrolls the grid until the item's card is rendered (a no-op when it already is). */
  async revealItem(id: number) {
    if ((await this.item(id).count()) > 0) return;
    await this.grid.evaluate(async (element, itemId) => {
      const viewport = element as unknown as ScrollBox;
      const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
      viewport.scrollTop = 0;
      await settle();
      while (viewport.querySelector(`[data-testid="catalog-item"][data-item-id="${itemId}"]`) === null) {
        const before = viewport.scrollTop;
        viewport.scrollTop = before + viewport.clientHeight;
        await settle();
        if (viewport.scrollTop === before) break;
      }
    }, id);
    await expect(this.item(id)).toHaveCount(1);
  }

  /** Types the query into Search (replacing what was there). */
  /** The n-th group's tab (0: "All"), shown. */
  async showGroupAt(index: number) {
    const tab = this.groups.getByRole('tab').nth(index);
    await tab.tap();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }

  /** The grid's first item, tapped (a sheet may open). */
  async tapFirstItem() {
    await expect(this.items.first()).toBeVisible();
    await this.items.first().getByRole('button').tap();
  }

  /** Before the first sync: the catalog view shows the sync's progress. */
  async expectSyncProgress(text: RegExp) {
    await expect(this.view.getByTestId('sync-progress')).toContainText(text);
  }

  /** Every shown item has the neutral placeholder, none a thumbnail. */
  async expectOnlyPlaceholders(count: number) {
    await expect(this.items.getByTestId('catalog-item-placeholder')).toHaveCount(count);
    await expect(this.items.getByTestId('catalog-item-thumb')).toHaveCount(0);
  }

  /** The search found nothing, and says so with the query. */
  async expectNoMatch(text: string) {
    await expect(this.page.getByTestId('catalog-search-empty')).toHaveText(text);
  }

  async search(query: string) {
    await expectTouchSize(this.searchField, 'Search');
    await this.searchField.fill(query);
  }

  async clearSearch() {
    await expectTouchSize(this.clearSearchButton, 'Clear search');
    await this.clearSearchButton.tap();
    await expect(this.searchField).toHaveValue('');
  }

  /** An item card's button, named by the item's name (its price and allergens follow). */
  itemButton(name: string): Locator {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.page.getByRole('button', { name: new RegExp(`^${escaped}(,|$)`) });
  }

  /** Ids of the items the search shows, in order. */
  async resultIds(): Promise<number[]> {
    return this.searchResults.getByTestId('catalog-item').evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-item-id'))));
  }

  /** Opens the allergen filter and toggles one allergen (found by its title: its English name, allergenName). */
  async toggleAllergen(name: string, pressed: boolean) {
    if ((await this.allergenOptions.count()) === 0) {
      await expectTouchSize(this.allergenFilterButton, 'Allergens');
      await this.allergenFilterButton.tap();
    }
    const option = this.allergenOptions.getByTitle(`Hide items containing ${name}`, { exact: true });
    await expectTouchSize(option, `allergen ${name}`);
    await option.tap();
    await expect(option).toHaveAttribute('aria-pressed', String(pressed));
  }

  async open() {
    await expectTouchSize(this.openButton, 'Catalog');
    await this.openButton.tap();
    await expect(this.openButton).toHaveAttribute('aria-current', 'page');
    await expect(this.floorButton).not.toHaveAttribute('aria-current', 'page');
    await expect(this.view).toBeVisible();
  }

  async backToFloor() {
    await expectTouchSize(this.floorButton, 'Floor');
    await this.floorButton.tap();
    await expect(this.floorButton).toHaveAttribute('aria-current', 'page');
    await expect(this.view).toBeHidden();
  }

  group(name: string): Locator {
    return this.groups.getByRole('tab', { name, exact: true });
  }

  category(name: string): Locator {
    return this.categories.getByRole('tab', { name, exact: true });
  }

  item(id: number): Locator {
    return this.page.locator(`[data-testid="catalog-item"][data-item-id="${id}"]`);
  }

  async showGroup(name: string) {
    const tab = this.group(name);
    await expectTouchSize(tab, `group ${name}`);
    await tab.tap();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }

  async showCategory(name: string) {
    const tab = this.category(name);
    await expectTouchSize(tab, `category ${name}`);
    await tab.tap();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }

  /**
   * Exactly these items are shown (inactive ones left out by the caller), each with its name,
   * its price in euros, the badge of its type and one labelled mark per allergen; the
   * thumbnail's placeholder when it has no photo (shown where the cards are wide enough).
   */
  async expectItems(expected: ExpectedItem[]) {
    const expectedIds = expected.map((item) => item.id).sort((a, b) => a - b);
    await expect.poll(async () => (await this.gridItemIds()).sort((a, b) => a - b)).toEqual(expectedIds);
    for (const item of expected) {
      await this.revealItem(item.id);
      const card = this.item(item.id);
      await expect(card.getByTestId('catalog-item-name')).toHaveText(item.name);
      await expect(card.getByTestId('catalog-item-price')).toHaveText(euros(item.price));
      const badge = card.getByTestId('catalog-item-badge');
      if (item.type === 1) await expect(badge).toHaveText('Menu');
      else if (item.type === 4) await expect(badge).toHaveText('Formats');
      else await expect(badge).toHaveCount(0);
      const allergens = card.getByTestId('catalog-item-allergens').getByRole('listitem');
      await expect(allergens).toHaveCount(item.allergens.length);
      for (const [index, code] of item.allergens.entries()) {
        // Each allergen is a word with a title, never a colour alone.
        await expect(allergens.nth(index)).toHaveAttribute('title', allergenTitle(code));
        await expect(allergens.nth(index)).not.toHaveText('');
      }
      if (item.photo === null) await expect(card.getByTestId('catalog-item-placeholder')).toBeVisible();
    }
  }

  /** Every item with a photo shows a decoded image (naturalWidth > 0); returns how many. */
  async expectThumbnailsLoaded(expected: ExpectedItem[]): Promise<number> {
    const withPhoto = expected.filter((item) => item.photo !== null);
    for (const item of withPhoto) {
      await this.revealItem(item.id);
      const thumb = this.item(item.id).getByTestId('catalog-item-thumb');
      await expect(thumb, `thumbnail of ${item.name}`).toBeVisible();
      // Runs in the page: `img` is the <img> element (the Node side has no DOM types).
      const naturalWidth = () => thumb.evaluate((img) => ((img as unknown as HTMLImage).complete ? (img as unknown as HTMLImage).naturalWidth : 0));
      await expect.poll(naturalWidth, { message: `thumbnail of ${item.name} decoded` }).toBeGreaterThan(0);
    }
    return withPhoto.length;
  }
}

/** What the grid's scrolling reads of its scroll container (the Node side has no DOM types). */
interface ScrollBox {
  scrollTop: number;
  clientHeight: number;
  querySelectorAll(selector: string): Iterable<{ getAttribute(name: string): string | null }>;
  querySelector(selector: string): object | null;
}

/** The two fields of an <img> the checks read. */
interface HTMLImage {
  complete: boolean;
  naturalWidth: number;
}
