import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { BridgeClient } from '../../../../../shared/bridge';
import type { CatalogDb } from '../../../data/catalog/catalogDb';
import { catalogSelectors } from '../../../data/catalog/catalogStore';
import { errorText } from '../../../i18n/errorText';
import { useFormat } from '../../../i18n/useFormat';
import { Banner, EmptyState } from '../../../ui/Notice';
import { Button, RetryButton } from '../../../ui/Button';
import { IconCheck, IconWarning } from '../../../ui/icons';
import { scannerOptIn, useScanner } from '../../../ui/useScanner';
import { SearchField } from '../../../ui/SearchField';
import { SearchList } from '../../../ui/SearchList';
import { sessionSelectors, useSession } from '../../../session/session';
import { sortWarehouses, useWarehouseStore } from '../../../data/stock/warehouseStore';
import { useCatalog } from '../../../session/useCatalog';
import type { ManagerTabProps } from '../managerTab';
import {
  countAgain,
  countedIds,
  isCounted,
  itemByBarcode,
  itemIdsOf,
  keepCount,
  matchesSearch,
  sheetFromRead,
  withItem,
  withOneMore,
  withoutScannedText,
  withTyped,
  type CountItem,
  type CountSheet,
} from './stockCount';
import { CountRow } from './CountRow';
import { saveStockCount } from './countStock';
import { chooseCountWarehouse, claimStockCounts, stockCountSelectors, updateSheet, useStockCountStore } from './stockCountStore';
import './stockCount.css';

// Manager mode's stock count. Choose a warehouse: its items with inventory and
// their quantities are read from the POS (online). Count by searching an item and typing what is
// on the shelf, or with a keyboard-wedge scanner (each scan counts one more, anywhere on the
// screen); every counted item shows in stock, counted and the difference in words. Save
// (countStock.ts) writes the counted items in one call, after the main side has checked that nothing changed at the POS
// since it was read: an item that did is shown ("changed elsewhere: now 7") with "Keep my count"
// and "Count again", and nothing is written until the manager decides. Offline: nothing can be
// read or saved, and what was typed stays (the sheets live in stockCountStore.ts).
//
// Test ids: stock-count-row (data-item-id), stock-count-status, stock-count-result.

/** Rows drawn at once; the search narrows the rest. */
const MAX_ROWS = 300;
/** Items offered from the catalog for a search that are not in the warehouse yet. */
const MAX_OTHERS = 8;

const OFFLINE_CODES = new Set(['offline', 'offline-nothing-sent', 'host-unreachable']);
const isOfflineError = (error: unknown) => typeof error === 'object' && error !== null && OFFLINE_CODES.has(String((error as { code?: unknown }).code));

type ReadState = { warehouseId: number; state: 'reading' } | { warehouseId: number; state: 'failed'; error: unknown };
type SaveResult =
  | { kind: 'saved'; count: number }
  | { kind: 'changed'; count: number }
  | { kind: 'invalid' }
  | { kind: 'unsettled'; count: number }
  | { kind: 'too-many'; count: number }
  | { kind: 'failed'; error: unknown };
type ScanNote =
  | { kind: 'counted'; itemId: number; counted: string; at: number }
  | { kind: 'unknown'; code: string; at: number }
  | { kind: 'not-a-number'; itemId: number; at: number };

export function StockCountTab({ bridge }: ManagerTabProps) {
  const { t } = useTranslation('managerStock');
  const format = useFormat();
  const db = useCatalog(catalogSelectors.catalogDb);
  const offline = useSession(sessionSelectors.connection) === 'offline';
  const warehouses = useLiveQuery(async () => (db === null ? null : sortWarehouses(await db.warehouses.toArray(), format.collator)), [db, format]);
  const sellingWarehouse = useWarehouseStore((state) => state.warehouseId);
  const chosenWarehouse = useStockCountStore(stockCountSelectors.warehouseId(bridge));

  useEffect(() => claimStockCounts(bridge), [bridge]);

  // The chosen one; else the one this terminal sells from; else the first synced.
  const listed = warehouses ?? [];
  const warehouseId =
    chosenWarehouse ?? (sellingWarehouse !== null && listed.some((w) => w.id === sellingWarehouse) ? sellingWarehouse : (listed[0]?.id ?? null));
  const sheet = useStockCountStore(stockCountSelectors.sheet(bridge, warehouseId));

  // A read is wanted by setting `reading` to 'reading' (a tap, or while rendering below); the effect
  // after it asks the main side (docs/decisions.md, "React hooks lint"). A newer read wins.
  const [reading, setReading] = useState<ReadState | null>(null);
  const read = (id: number) => setReading({ warehouseId: id, state: 'reading' });
  const readSeq = useRef(0);
  useEffect(() => {
    if (reading?.state !== 'reading') return;
    const id = reading.warehouseId;
    const seq = ++readSeq.current;
    bridge.readWarehouseStock({ warehouseId: id }).then(
      (answer) => {
        if (seq !== readSeq.current) return;
        updateSheet(bridge, id, (previous) => sheetFromRead(id, answer.stocks, previous));
        setReading(null);
      },
      (error: unknown) => {
        if (seq === readSeq.current) setReading({ warehouseId: id, state: 'failed', error });
      },
    );
  }, [bridge, reading]);

  // A warehouse without a sheet yet is read when it is shown.
  const hasSheet = sheet !== undefined;
  const wantsFirstRead = warehouseId !== null && !hasSheet ? warehouseId : null;
  const [firstReadFor, setFirstReadFor] = useState<number | null>(null);
  if (wantsFirstRead !== firstReadFor) {
    setFirstReadFor(wantsFirstRead);
    if (wantsFirstRead !== null) read(wantsFirstRead);
  }
  // A read that failed offline is tried again when the connection comes back.
  const failedOffline = reading?.state === 'failed' && reading.warehouseId === warehouseId && isOfflineError(reading.error);
  if (!offline && failedOffline && warehouseId !== null) read(warehouseId);

  if (db === null) return <EmptyState title={t('notDownloaded')} />;
  if (warehouses === undefined) return <EmptyState title={t('reading')} />;
  if (warehouses === null || warehouses.length === 0) return <EmptyState title={t('noWarehouses')}>{t('noWarehousesHint')}</EmptyState>;

  const readingThis = reading !== null && reading.warehouseId === warehouseId ? reading : null;
  return (
    <div className="stock-count">
      <div className="stock-count__top">
        <div className="stock-count__warehouses" role="group" aria-labelledby="stock-count-warehouse-label">
          <span className="stock-count__label" id="stock-count-warehouse-label">
            {t('warehouse')}
          </span>
          <div className="segments">
            {warehouses.map((w) => (
              <button key={w.id} type="button" className="segment" aria-pressed={w.id === warehouseId} onClick={() => chooseCountWarehouse(bridge, w.id)}>
                {w.name || t('warehouseNumber', { id: w.id })}
              </button>
            ))}
          </div>
        </div>
        {sheet !== undefined && warehouseId !== null && (
          <Button className="stock-count__reread" disabled={offline || readingThis?.state === 'reading'} onClick={() => read(warehouseId)}>
            {readingThis?.state === 'reading' ? t('reading') : t('readAgain')}
          </Button>
        )}
      </div>
      {offline && sheet !== undefined && <Banner>{t('offlineKept')}</Banner>}
      {readingThis?.state === 'failed' && sheet !== undefined && (
        <p className="form-error" role="alert">
          <IconWarning className="form-error__icon" />
          <span>{t('cannotReadAgain', { reason: errorText(t, readingThis.error) })}</span>
        </p>
      )}
      {sheet === undefined || warehouseId === null ? (
        readingThis?.state === 'failed' ? (
          <EmptyState
            tone="problem"
            title={isOfflineError(readingThis.error) ? t('offlineCannotRead') : t('cannotRead')}
            action={<RetryButton onRetry={async () => read(readingThis.warehouseId)} />}
          >
            {errorText(t, readingThis.error)}
          </EmptyState>
        ) : (
          <EmptyState title={t('reading')} />
        )
      ) : (
        <CountSheetView key={warehouseId} bridge={bridge} db={db} sheet={sheet} offline={offline} />
      )}
    </div>
  );
}

/** What the catalog says of the sheet's items (names, barcodes); an item it lacks shows its number. */
function useCountItems(db: CatalogDb, sheet: CountSheet) {
  const { t } = useTranslation('managerStock');
  const format = useFormat();
  const ids = useMemo(() => itemIdsOf(sheet), [sheet]);
  const idsKey = ids.join(',');
  const records = useLiveQuery(async () => db.items.bulkGet(idsKey === '' ? [] : idsKey.split(',').map(Number)), [db, idsKey]);
  const items = useMemo(() => {
    const known = new Map<number, CountItem>();
    for (const record of records ?? []) if (record) known.set(record.id, { itemId: record.id, name: record.name, barcode: record.barcode ?? null });
    return ids
      .map((itemId) => known.get(itemId) ?? { itemId, name: t('itemNumber', { id: itemId }), barcode: null })
      .sort((a, b) => format.collator.compare(a.name, b.name) || a.itemId - b.itemId);
  }, [records, ids, t, format]);
  const itemsById = useMemo(() => new Map(items.map((item) => [item.itemId, item])), [items]);
  return { items, itemsById };
}

interface ScanCounting {
  db: CatalogDb;
  itemsById: ReadonlyMap<number, CountItem>;
  change: (next: (sheet: CountSheet) => CountSheet) => void;
  setQuery: (update: (typed: string) => string) => void;
  /** After a scan counted an item: its row comes into view, the last save's result goes. */
  onCounted: (itemId: number) => void;
  enabled: boolean;
}

/** A scan counts one more of its item, wherever the focus is; unknown codes are said, never guessed. */
function useScanCounting({ db, itemsById, change, setQuery, onCounted, enabled }: ScanCounting) {
  const [scanNote, setScanNote] = useState<ScanNote | null>(null);
  const scans = useRef(Promise.resolve());
  const onScan = useCallback(
    (code: string) => {
      setQuery((typed) => (typed.endsWith(code) ? typed.slice(0, -code.length) : typed));
      const focused = Number(document.activeElement?.getAttribute('data-count-item'));
      if (Number.isInteger(focused) && focused > 0) change((current) => withoutScannedText(current, focused, code));
      scans.current = scans.current.then(async () => {
        const listedItem = itemByBarcode(itemsById.values(), code);
        const record = listedItem ? undefined : await db.items.filter((r) => typeof r.barcode === 'string' && r.barcode.trim() === code.trim()).first();
        const item: CountItem | undefined = listedItem ?? (record ? { itemId: record.id, name: record.name, barcode: record.barcode ?? null } : undefined);
        const at = Date.now();
        if (item === undefined) {
          setScanNote({ kind: 'unknown', code, at });
          return;
        }
        const { itemId } = item;
        // The scanned item's row is shown: a search that hides it goes.
        setQuery((typed) => (matchesSearch(item, typed) ? typed : ''));
        let counted: string | null = null;
        change((current) => {
          const next = withOneMore(current, itemId);
          counted = next?.typed[itemId] ?? null;
          return next ?? current;
        });
        setScanNote(counted !== null ? { kind: 'counted', itemId, counted, at } : { kind: 'not-a-number', itemId, at });
        onCounted(itemId);
      });
    },
    [change, db, itemsById, setQuery, onCounted],
  );
  useScanner(onScan, { enabled });
  return { scanNote, setScanNote };
}

/** Focus and scrolling inside the list, after the row is drawn (an item just added, or the "counted" filter). */
function useCountList() {
  const listRef = useRef<HTMLUListElement | null>(null);
  const focusCount = useCallback((itemId: number) => {
    requestAnimationFrame(() => {
      const input = listRef.current?.querySelector<HTMLInputElement>(`input[data-count-item="${itemId}"]`);
      input?.focus();
      input?.select();
    });
  }, []);
  const scrollToRow = useCallback((itemId: number) => {
    requestAnimationFrame(() => listRef.current?.querySelector(`[data-item-id="${itemId}"]`)?.scrollIntoView({ block: 'nearest' }));
  }, []);
  return { listRef, focusCount, scrollToRow };
}

function CountSheetView({ bridge, db, sheet, offline }: { bridge: BridgeClient; db: CatalogDb; sheet: CountSheet; offline: boolean }) {
  const { t } = useTranslation('managerStock');
  const { warehouseId } = sheet;
  const [query, setQuery] = useState('');
  const [show, setShow] = useState<'all' | 'counted'>('all');
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<SaveResult | null>(null);
  const [invalidShown, setInvalidShown] = useState(false);
  const searchRef = useRef<HTMLInputElement | null>(null);
  const { listRef, focusCount, scrollToRow } = useCountList();
  const { items, itemsById } = useCountItems(db, sheet);

  const counted = countedIds(sheet);
  const changedIds = Object.keys(sheet.changed).map(Number);
  const visible = items.filter((item) => (show === 'all' || isCounted(sheet, item.itemId) || item.itemId in sheet.changed) && matchesSearch(item, query));
  const shown = visible.slice(0, MAX_ROWS);

  const change = useCallback(
    (next: (sheet: CountSheet) => CountSheet) => updateSheet(bridge, warehouseId, (current) => next(current ?? sheet)),
    [bridge, warehouseId, sheet],
  );
  const onCounted = useCallback(
    (itemId: number) => {
      setResult(null);
      scrollToRow(itemId);
    },
    [scrollToRow],
  );
  const { scanNote, setScanNote } = useScanCounting({ db, itemsById, change, setQuery, onCounted, enabled: !saving });

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // A typed barcode, or the one item the search leaves: to its count.
    const target = itemByBarcode(items, query) ?? (visible.length === 1 ? visible[0] : undefined);
    if (target) focusCount(target.itemId);
  };

  const addOther = (itemId: number) => {
    change((current) => withItem(current, itemId));
    setQuery('');
    focusCount(itemId);
  };

  const save = async () => {
    const sending = () => {
      setSaving(true);
      setResult(null);
      setScanNote(null);
    };
    try {
      const saved = await saveStockCount(bridge, sheet, sending);
      if (saved.kind === 'nothing') return;
      if (saved.kind === 'invalid') {
        setInvalidShown(true);
        setResult({ kind: 'invalid' });
        setShow('all');
        setQuery('');
        focusCount(saved.itemIds[0]!);
        return;
      }
      setResult(saved);
      if (saved.kind === 'saved') {
        setInvalidShown(false);
        setShow('all');
      } else if (saved.kind === 'changed') {
        setShow('counted');
        setQuery('');
        scrollToRow(saved.firstItemId);
      }
    } catch (error) {
      setResult({ kind: 'failed', error });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <CountTools
        query={query}
        onQuery={(text) => {
          setQuery(text);
          // A search looks through every item, not only the counted ones.
          if (text.trim() !== '') setShow('all');
        }}
        onSearchKey={onSearchKey}
        searchRef={searchRef}
        show={show}
        onShow={(next) => {
          setShow(next);
          // Every counted item: the search (which looks through all of them) goes.
          if (next === 'counted') setQuery('');
        }}
        itemCount={items.length}
        countedCount={counted.length + changedIds.filter((id) => !counted.includes(id)).length}
      />
      <p className="stock-count__status" role="status" data-testid="stock-count-status">
        <ScanNoteText note={scanNote} itemsById={itemsById} />
      </p>

      <OtherItems db={db} sheet={sheet} query={query} onAdd={addOther} />

      {shown.length === 0 ? (
        <EmptyState title={items.length === 0 ? t('emptyWarehouse') : show === 'counted' && query.trim() === '' ? t('noneCounted') : t('noMatch')} />
      ) : (
        <ul className="stock-count__list" ref={listRef} aria-label={t('listLabel')}>
          {shown.map((item) => (
            <CountRow
              key={item.itemId}
              item={item}
              expected={sheet.expected[item.itemId] ?? 0}
              typed={sheet.typed[item.itemId] ?? ''}
              changedTo={sheet.changed[item.itemId]}
              added={sheet.added.includes(item.itemId)}
              showInvalid={invalidShown}
              onType={(text) => {
                change((current) => withTyped(current, item.itemId, text));
                if (result?.kind !== 'changed') setResult(null);
              }}
              onDone={() => {
                searchRef.current?.focus();
                searchRef.current?.select(); // the next name typed replaces the last one
              }}
              onKeep={() => change((current) => keepCount(current, item.itemId))}
              onCountAgain={() => {
                change((current) => countAgain(current, item.itemId));
                focusCount(item.itemId);
              }}
            />
          ))}
        </ul>
      )}
      {visible.length > shown.length && <p className="form-hint stock-count__more">{t('typeMore', { shown: shown.length, n: visible.length })}</p>}

      <div className="stock-count__footer">
        <div className="stock-count__result" data-testid="stock-count-result" role={result !== null && result.kind !== 'saved' ? 'alert' : 'status'}>
          {result !== null && <SaveResultText result={result} />}
          {result === null && offline && (
            <span className="stock-count__offline">
              <IconWarning className="stock-count__result-icon" />
              {t('offlineSave')}
            </span>
          )}
        </div>
        <span className="stock-count__summary">{t('countedSummary', { count: counted.length })}</span>
        <Button
          variant="primary"
          className="stock-count__save"
          disabled={counted.length === 0 || saving || offline}
          aria-busy={saving}
          onClick={() => void save()}
        >
          {saving ? t('saving') : offline ? t('saveOffline') : counted.length === 0 ? t('saveNone') : t('save', { count: counted.length })}
        </Button>
      </div>
    </>
  );
}

interface CountToolsProps {
  query: string;
  onQuery: (text: string) => void;
  onSearchKey: (event: KeyboardEvent<HTMLInputElement>) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  show: 'all' | 'counted';
  onShow: (show: 'all' | 'counted') => void;
  itemCount: number;
  countedCount: number;
}

/** The search (names and barcodes) and "All" / "Counted". */
function CountTools({ query, onQuery, onSearchKey, searchRef, show, onShow, itemCount, countedCount }: CountToolsProps) {
  const { t } = useTranslation('managerStock');
  return (
    <div className="stock-count__tools">
      <SearchField
        block="catalog-search"
        className="stock-count__search"
        fieldProps={{ ...scannerOptIn, onKeyDown: onSearchKey }}
        fieldRef={searchRef}
        value={query}
        onChange={onQuery}
        label={t('search')}
        placeholder={t('searchPlaceholder')}
        clearLabel={t('clearSearch')}
        testId="stock-count-search"
      />
      <div className="segments stock-count__show" role="group" aria-label={t('showLabel')}>
        <button type="button" className="segment" aria-pressed={show === 'all'} onClick={() => onShow('all')}>
          {t('showAll', { n: itemCount })}
        </button>
        <button type="button" className="segment" aria-pressed={show === 'counted'} onClick={() => onShow('counted')}>
          {t('showCounted', { n: countedCount })}
        </button>
      </div>
    </div>
  );
}

function ScanNoteText({ note, itemsById }: { note: ScanNote | null; itemsById: ReadonlyMap<number, CountItem> }) {
  const { t } = useTranslation('managerStock');
  if (note === null) return null;
  if (note.kind === 'unknown') return t('scanUnknown', { code: note.code });
  const name = itemsById.get(note.itemId)?.name ?? '';
  return note.kind === 'not-a-number' ? t('scanNotANumber', { name }) : t('scanCounted', { name, counted: note.counted });
}

/** Catalog items with inventory that the warehouse has no row for, offered for a search. */
function OtherItems({ db, sheet, query, onAdd }: { db: CatalogDb; sheet: CountSheet; query: string; onAdd: (itemId: number) => void }) {
  const { t } = useTranslation('managerStock');
  const searching = query.trim().length >= 2;
  const others = useLiveQuery(
    async () =>
      !searching
        ? []
        : db.items
            .filter(
              (record) =>
                record.hasInventory &&
                !(record.id in sheet.expected) &&
                matchesSearch({ itemId: record.id, name: record.name, barcode: record.barcode ?? null }, query),
            )
            .limit(MAX_OTHERS)
            .toArray(),
    [db, query, searching, sheet.expected],
  );
  if (!searching || others === undefined || others.length === 0) return null;
  return (
    <section className="stock-count__others" aria-labelledby="stock-count-others">
      <h2 className="stock-count__others-title" id="stock-count-others">
        {t('othersTitle')}
      </h2>
      <SearchList
        items={others}
        itemKey={(record) => record.id}
        className="stock-count__others-list"
        renderRow={(record) => (
          <Button className="stock-count__add" onClick={() => onAdd(record.id)} aria-label={t('addToCountLabel', { name: record.name })}>
            {t('addToCount', { name: record.name })}
          </Button>
        )}
      />
    </section>
  );
}

function SaveResultText({ result }: { result: SaveResult }) {
  const { t } = useTranslation('managerStock');
  if (result.kind === 'saved') {
    return (
      <span className="stock-count__saved">
        <IconCheck className="stock-count__result-icon" />
        {t('saved', { count: result.count })}
      </span>
    );
  }
  const text =
    result.kind === 'changed'
      ? t('changedNothingSaved', { count: result.count })
      : result.kind === 'invalid'
        ? t('fixInvalid')
        : result.kind === 'unsettled'
          ? t('settleFirst', { count: result.count })
          : result.kind === 'too-many'
            ? t('tooMany', { n: result.count })
            : isOfflineError(result.error)
              ? t('offlineNotSaved', { reason: errorText(t, result.error) })
              : t('notSaved', { reason: errorText(t, result.error) });
  return (
    <span className="stock-count__problem">
      <IconWarning className="stock-count__result-icon" />
      {text}
    </span>
  );
}
