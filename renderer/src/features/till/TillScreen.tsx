import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopCatalogDb, StoredShopCategory, StoredShopGroup, StoredShopProduct } from '../../data/shop/shopDb';
import { useFormat } from '../../i18n/useFormat';
import { IconWarning } from '../../ui/icons';
import { EmptyState } from '../../ui/Notice';
import { onTabKeys } from '../../ui/tabKeys';
import { scannerOptIn, useScanner } from '../../ui/useScanner';
import { VirtualGrid } from '../../ui/VirtualGrid';
import { StockMark, stockText } from '../../ui/StockMark';
import { shopConnectionStore } from '../../data/shop/shopConnection';
import { ComboLinkScan, comboScanPerMinute, useComboScanStore } from '../../data/shop/shopComboScan';
import { openShopDb } from '../../data/shop/shopDb';
import { withComboSets } from '../../../../shared/domain/retail/comboLinks';
import { useBasketStore } from './basketStore';
import { CustomerButton } from './customer/CustomerDialog';
import { useTillPay } from './pay/SalePayDialog';
import { repriceBasket } from './repriceBasket';
import { followBasketLinks, ProductLinkChecker } from './productLinks';
import { LastReceiptButton } from './receipt/ReceiptView';
import { useShopAccountKey, useShopBridge, useShopCatalogPerMinute } from '../../session/shopContext';
import { TillBasket } from './TillBasket';
import { StockHoldButton } from './stock/StockHoldButton';
import { shopStockLevel, useShopFloorStock } from './stock/tillStockContext';
import { TillStockProvider } from './stock/TillStockProvider';
import { VariantDialog, WeightDialog } from './TillDialogs';
import {
  isVariantMaster,
  productByCode,
  searchShopProducts,
  shopCategoriesOfGroup,
  shopGroups,
  shopPricing,
  shopProductsOfCategory,
  tillProductOf,
} from './tillData';
import { useShopCatalog } from './useShopCatalog';
import './till.css';
import { SearchField } from '../../ui/SearchField';

// The shop's counter: groups down the side, the chosen group's categories as
// tabs and its products as a dense windowed grid (the venue's catalog look), a search by name,
// reference and barcode above them, and the basket at the right (below, in portrait). A
// keyboard-wedge barcode scanner works anywhere on the screen (ui/useScanner.ts): a known code adds
// its product or variant (a variant master's code opens its grid), an unknown one says so.
// Tapping a variant master opens its size × colour grid; a product sold by weight asks its weight.
//
// Test ids: till, till-groups, till-categories, till-products (the grid), till-product
// (data-product-id), till-search, till-search-results, till-search-empty, till-scan-notice,
// till-not-downloaded; the basket's and dialogs' in TillBasket.tsx and TillDialogs.tsx.

// `npm run bench` and the e2e test open the page with ?bench: the till's seeding hooks (tillSeed.ts).
if (typeof location !== 'undefined' && new URLSearchParams(location.search).has('bench')) {
  void import('./tillSeed').then((seed) => seed.installTillBenchHooks());
}

/** The product grid's geometry (ui/VirtualGrid.tsx): the venue's dense cards. */
export const PRODUCT_GRID = { rowHeight: 100, minColumnWidth: 164, gap: 8, overscan: 2 } as const;

export function TillScreen() {
  const { t } = useTranslation('till');
  const shop = useShopCatalog();
  if (shop.status === 'loading') return <div className="till till--empty" data-testid="till" aria-busy="true" />;
  if (shop.status === 'none') {
    return (
      <div className="till till--empty" data-testid="till">
        <EmptyState title={t('notDownloaded')}>
          <p data-testid="till-not-downloaded">{t('notDownloadedHint')}</p>
        </EmptyState>
      </div>
    );
  }
  // A new generation is a new database: its queries start afresh (the basket stays).
  return <TillCounter key={shop.n} db={shop.db} />;
}

type Asking = { kind: 'variants'; master: StoredShopProduct } | { kind: 'weight'; product: StoredShopProduct } | null;

/** The counter over one catalog generation. */
export function TillCounter({ db }: { db: ShopCatalogDb }) {
  const { t } = useTranslation('till');
  const [asking, setAsking] = useState<Asking>(null);
  const [notice, setNotice] = useState<{ code: string; at: number } | null>(null);
  const [query, setQuery] = useState('');
  const add = useBasketStore((state) => state.add);
  const setPricing = useBasketStore((state) => state.setPricing);
  const recompute = useBasketStore((state) => state.recompute);
  const payDialog = useTillPay();

  // Price rates and promotions (few records), live: a sync that changes them re-prices the basket.
  // A combo on linked products gets what the combo scan knows of its products (shopComboScan.ts).
  const pricing = useLiveQuery(() => shopPricing(db), [db]);
  const comboSets = useComboScanStore((state) => state.known);
  useEffect(() => {
    if (pricing !== undefined) setPricing({ rates: pricing.rates, promotions: withComboSets(pricing.promotions, comboSets) });
  }, [pricing, comboSets, setPricing]);
  // Promotions on linked products: the basket's products' links are read on demand, once per
  // product in this generation (productLinks.ts); their answer re-prices the basket at once.
  const bridge = useShopBridge();
  const accountKey = useShopAccountKey();
  const catalogPerMinute = useShopCatalogPerMinute();
  useEffect(() => {
    const checker = new ProductLinkChecker({ db, bridge, onStored: () => repriceBasket(db) });
    const follower = followBasketLinks({ checker, basket: useBasketStore, connection: shopConnectionStore });
    // Combos on linked products need every product's links: read in the background, kept across generations.
    const pointer = accountKey ? openShopDb(accountKey) : null;
    const scan = pointer === null ? null : new ComboLinkScan({ shopDb: pointer, db, bridge, perMinute: comboScanPerMinute(catalogPerMinute) });
    scan?.start();
    return () => {
      follower.stop();
      checker.close();
      scan?.stop();
      pointer?.close();
    };
  }, [db, bridge, accountKey, catalogPerMinute]);
  // Promotions have hours: the basket is re-priced every minute.
  useEffect(() => {
    const timer = setInterval(recompute, 60_000);
    return () => clearInterval(timer);
  }, [recompute]);

  /** A product chosen on the grid, in the search or by a scan. */
  const choose = useCallback(
    async (product: StoredShopProduct) => {
      if (isVariantMaster(product)) setAsking({ kind: 'variants', master: product });
      else if (product.usesWeight) setAsking({ kind: 'weight', product });
      else add(await tillProductOf(db, product));
    },
    [add, db],
  );

  const scans = useRef(Promise.resolve());
  const onScan = useCallback(
    (code: string) => {
      // A scan into the search field is the scanner's, not a search: its digits go.
      setQuery((typed) => (typed.endsWith(code) ? typed.slice(0, -code.length) : typed));
      // Scans are handled one after another, in the order they were read.
      // Not while a dialog is open (the pay dialog holds a copy of the basket).
      if (document.querySelector('dialog[open]') !== null) return;
      scans.current = scans.current.then(async () => {
        const product = await productByCode(db, code);
        if (product === null) setNotice({ code, at: Date.now() });
        else {
          setNotice(null);
          await choose(product);
        }
      });
    },
    [choose, db],
  );
  useScanner(onScan, { enabled: asking === null });
  const closeNotice = useCallback(() => setNotice(null), []);

  return (
    // Item 12: the cards' stock, and holding one to set it (features/till/stock).
    <TillStockProvider db={db}>
      <div className="till" data-testid="till">
        <section className="till-catalog" aria-label={t('catalog')}>
          <div className="till-toolbar">
            <TillSearchField query={query} onQuery={setQuery} />
            {notice !== null && <ScanNotice key={notice.at} code={notice.code} onClose={closeNotice} />}
            {/* Item 11: this window's last receipt, to show, print or save again. */}
            <LastReceiptButton />
          </div>
          {query.trim() !== '' ? <SearchResults db={db} query={query} onChoose={choose} /> : <Browser db={db} onChoose={choose} />}
        </section>
        <TillBasket customer={<CustomerButton db={db} />} onPay={payDialog.open} />
        {/* The pay dialog (features/till/pay): "Pay" hands it the basket's checkoutDraft(). */}
        {payDialog.dialog}
        {asking?.kind === 'variants' && <VariantDialog db={db} master={asking.master} onClose={() => setAsking(null)} />}
        {asking?.kind === 'weight' && <WeightDialog db={db} product={asking.product} onClose={() => setAsking(null)} />}
      </div>
    </TillStockProvider>
  );
}

function TillSearchField({ query, onQuery }: { query: string; onQuery: (query: string) => void }) {
  const { t } = useTranslation('till');
  return (
    <SearchField
      block="catalog-search"
      className="till-search"
      // A scan while the field has the focus adds its product (ui/useScanner.ts).
      fieldProps={scannerOptIn}
      value={query}
      onChange={onQuery}
      label={t('search')}
      placeholder={t('searchPlaceholder')}
      clearLabel={t('clearSearch')}
      testId="till-search"
    />
  );
}

/** "Unknown barcode": said politely beside the search, never blocking; it goes by itself after a while. */
function ScanNotice({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useTranslation('till');
  useEffect(() => {
    const timer = setTimeout(onClose, 8000);
    return () => clearTimeout(timer);
  }, [onClose]);
  return (
    <p className="notice till-scan-notice" role="status" data-testid="till-scan-notice">
      <IconWarning className="till-scan-notice__icon" />
      <span className="till-scan-notice__text">{t('unknownBarcode', { code })}</span>
      <button type="button" className="till-scan-notice__close" aria-label={t('dismiss')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
    </p>
  );
}

const groupTabId = (id: number) => `till-group-${id}`;
const groupPanelId = (id: number) => `till-group-panel-${id}`;
const categoryTabId = (id: number) => `till-category-${id}`;
const categoryPanelId = (id: number) => `till-category-panel-${id}`;

function chosenOf<T extends { id: number }>(records: readonly T[], id: number | null): T | null {
  return records.find((record) => record.id === id) ?? records[0] ?? null;
}

function Browser({ db, onChoose }: { db: ShopCatalogDb; onChoose: (product: StoredShopProduct) => void }) {
  const { t } = useTranslation('till');
  const groups = useLiveQuery(() => shopGroups(db), [db]);
  const [groupId, setGroupId] = useState<number | null>(null);
  if (groups === undefined) return <div className="till-browser" aria-busy="true" />;
  const group = chosenOf(groups, groupId);
  if (group === null) {
    return (
      <div className="till-browser till-browser--empty">
        <EmptyState title={t('catalogEmpty')} />
      </div>
    );
  }
  return (
    <div className="till-browser">
      <div
        className="catalog-groups"
        role="tablist"
        aria-orientation="vertical"
        aria-label={t('groups')}
        data-testid="till-groups"
        onKeyDown={(event) => onTabKeys(event, groups, group.id, { next: 'ArrowDown', previous: 'ArrowUp' }, (g) => setGroupId(g.id), groupTabId)}
      >
        {groups.map((each) => (
          <button
            key={each.id}
            id={groupTabId(each.id)}
            type="button"
            role="tab"
            className="catalog-group"
            aria-selected={each.id === group.id}
            aria-controls={groupPanelId(each.id)}
            tabIndex={each.id === group.id ? 0 : -1}
            onClick={() => setGroupId(each.id)}
          >
            {each.name || t('groupNumber', { id: each.id })}
          </button>
        ))}
      </div>
      <GroupPanel key={group.id} db={db} group={group} onChoose={onChoose} />
    </div>
  );
}

function GroupPanel({ db, group, onChoose }: { db: ShopCatalogDb; group: StoredShopGroup; onChoose: (product: StoredShopProduct) => void }) {
  const { t } = useTranslation('till');
  const categories = useLiveQuery(() => shopCategoriesOfGroup(db, group.id), [db, group.id]);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const category = categories === undefined ? null : chosenOf(categories, categoryId);
  return (
    <div className="catalog-group-panel" id={groupPanelId(group.id)} role="tabpanel" aria-labelledby={groupTabId(group.id)}>
      {categories !== undefined && category === null && <p className="till-empty">{t('groupEmpty')}</p>}
      {categories !== undefined && category !== null && (
        <>
          <div
            className="catalog-categories"
            role="tablist"
            aria-label={t('categoriesOf', { group: group.name || t('groupNumber', { id: group.id }) })}
            data-testid="till-categories"
            onKeyDown={(event) =>
              onTabKeys(event, categories, category.id, { next: 'ArrowRight', previous: 'ArrowLeft' }, (c) => setCategoryId(c.id), categoryTabId)
            }
          >
            {categories.map((each) => (
              <button
                key={each.id}
                id={categoryTabId(each.id)}
                type="button"
                role="tab"
                className="catalog-category"
                aria-selected={each.id === category.id}
                aria-controls={categoryPanelId(each.id)}
                tabIndex={each.id === category.id ? 0 : -1}
                onClick={() => setCategoryId(each.id)}
              >
                {each.name}
              </button>
            ))}
          </div>
          <CategoryProducts key={category.id} db={db} category={category} onChoose={onChoose} />
        </>
      )}
    </div>
  );
}

function CategoryProducts({ db, category, onChoose }: { db: ShopCatalogDb; category: StoredShopCategory; onChoose: (product: StoredShopProduct) => void }) {
  const { t } = useTranslation('till');
  // Narrow, indexed read: this category's products only.
  const products = useLiveQuery(() => shopProductsOfCategory(db, category.id), [db, category.id]);
  return (
    <div className="till-products" id={categoryPanelId(category.id)} role="tabpanel" aria-labelledby={categoryTabId(category.id)}>
      {products !== undefined && products.length === 0 && <p className="till-empty">{t('categoryEmpty', { category: category.name })}</p>}
      {products !== undefined && products.length > 0 && (
        <ProductGrid products={products} label={t('productsOf', { category: category.name })} testId="till-products" onChoose={onChoose} />
      )}
    </div>
  );
}

function SearchResults({ db, query, onChoose }: { db: ShopCatalogDb; query: string; onChoose: (product: StoredShopProduct) => void }) {
  const { t } = useTranslation('till');
  const found = useLiveQuery(() => searchShopProducts(db, query), [db, query]);
  return (
    <section className="till-products till-products--search" aria-label={t('searchResults')}>
      {found !== undefined && found.length === 0 && (
        <p className="till-empty" data-testid="till-search-empty">
          {t('noMatch', { query: query.trim() })}
        </p>
      )}
      {found !== undefined && found.length > 0 && (
        <ProductGrid
          products={found}
          label={t('productsMatching', { query: query.trim() })}
          testId="till-search-results"
          resetKey={query}
          onChoose={onChoose}
        />
      )}
    </section>
  );
}

function ProductGrid({
  products,
  label,
  testId,
  resetKey,
  onChoose,
}: {
  products: readonly StoredShopProduct[];
  label: string;
  testId: string;
  resetKey?: unknown;
  onChoose: (product: StoredShopProduct) => void;
}) {
  return (
    <VirtualGrid
      {...PRODUCT_GRID}
      items={products}
      itemKey={(product) => product.id}
      renderItem={(product, position) => <ProductCard product={product} position={position} onChoose={onChoose} />}
      label={label}
      testId={testId}
      resetKey={resetKey}
    />
  );
}

/**
 * One product: name (two lines), price, and a mark for "sizes & colours" or "by weight" — in words;
 * its shop-floor stock where the shop counts it (item 12: a sale lowers it at once). Holding it
 * (or Shift+F10) sets its stock, behind the PIN (features/till/stock); a variant master has none.
 */
function ProductCard({
  product,
  position,
  onChoose,
}: {
  product: StoredShopProduct;
  position: { index: number; count: number };
  onChoose: (product: StoredShopProduct) => void;
}) {
  const { t } = useTranslation('till');
  const { t: ts } = useTranslation('stock');
  const format = useFormat();
  const master = isVariantMaster(product);
  const level = shopStockLevel(useShopFloorStock(master ? null : product.id));
  const price = product.usesWeight ? t('pricePerKg', { price: format.money(product.price / 100) }) : format.money(product.price / 100);
  const badge = master ? t('badgeVariants') : product.usesWeight ? t('badgeWeight') : null;
  // Named by what it shows (WCAG 2.5.3, label in name): the stock mark is a number beside an icon,
  // so its words are there for screen readers only, right after it.
  const stockWords = stockText(ts, format, level);
  return (
    <li
      className="catalog-item"
      data-testid="till-product"
      data-product-id={product.id}
      data-stock={level.kind === 'untracked' ? undefined : level.quantity}
      aria-posinset={position.index + 1}
      aria-setsize={position.count}
    >
      <StockHoldButton product={master ? null : product} className="catalog-item__button" onTap={() => onChoose(product)}>
        <span className="catalog-item__name">{product.name}</span>{' '}
        <span className="catalog-item__meta">
          <span className="catalog-item__price">{price}</span> {badge !== null && <span className="catalog-item__badge">{badge}</span>}{' '}
          <StockMark level={level} />
          {stockWords !== null && <span className="visually-hidden">{stockWords}</span>}
        </span>{' '}
        {product.reference !== null && <span className="till-product__reference">{product.reference}</span>}
      </StockHoldButton>
    </li>
  );
}
