import { useCallback, useEffect, useRef, useState } from 'react';
import type { BridgeClient } from '../../../../shared/bridge';
import { includesToday, resolveRange, type RangeChoice, type ReportRange } from '../../../../shared/domain/retail/reportRanges';
import {
  createConcurrencyGate,
  readShopReports,
  REPORT_PAGES_AT_ONCE,
  ReportReadStopped,
  type ReadProgress,
  type ShopReportsData,
} from '../../../../shared/domain/retail/reportReader';
import { shopConnectionStore, type ShopConnectionStoreApi } from '../../data/shop/shopConnection';
import { keepReports, keptReports, lastChoice, openReportsDb, rememberChoice, type ReportsDb } from './reportsCache';

// The Reports screen's data: the period chosen (the last one shown,
// else today), the answer kept for it (shown at once, offline too, with the time it was read),
// then a fresh reading of every page while the shop's service is reachable, kept in turn. A new
// choice, a Refresh, or leaving the screen stops a reading under way. While the period includes
// today, the bridge event `shop-reports-stale` (the webhook receiver's `order.closed` /
// `payment.updated`) reads it again, a second after the last one, once the reading under way ends.

export interface ShownReports {
  data: ShopReportsData;
  /** ISO instant the answer was read. */
  readAt: string;
  /** Read since the screen opened (else: the kept answer). */
  fresh: boolean;
}

export interface ShopReportsView {
  choice: RangeChoice | null;
  range: ReportRange | null;
  shown: ShownReports | null;
  /** Pages read and known of the reading under way; null when none runs. */
  reading: ReadProgress | null;
  /** Why the last reading failed (a BridgeError), or null. */
  failure: unknown;
  /** The shop's service is known to be unreachable: nothing is asked until it is back. */
  offline: boolean;
}

export const STALE_DELAY_MS = 1_000;
/**
 * Today's stock alerts do not depend on the period: read for one period, they serve another chosen
 * within this time (the stocks report is the longest: about 19 pages for the demo shop's 3,800
 * rows, a sixth of a minute's budget). Refresh and a sale at the service read them again.
 */
export const STOCKS_REUSE_MS = 120_000;
/** A kept answer read this recently is shown without reading it again on opening (Refresh reads it; a sale at the service too). */
export const REREAD_AFTER_MS = 60_000;

/**
 * Every reading of this window goes through one gate: a reading stopped (the screen closed, another
 * period) cannot cancel its pages already asked for, which hold the window's connections to the
 * local service until answered; new pages wait for them rather than take the connections the
 * till's own calls need.
 */
const windowGate = createConcurrencyGate(REPORT_PAGES_AT_ONCE);

/** The stock alerts last read in this window, per account (they outlive the screen: STOCKS_REUSE_MS). */
const recentStocks = new Map<string, { stocks: ShopReportsData['stocks']; at: number }>();

export function useShopReports(
  bridge: Pick<BridgeClient, 'fetchShopReport' | 'onEvent'>,
  accountKey: string,
  connection: ShopConnectionStoreApi = shopConnectionStore,
) {
  const [view, setView] = useState<ShopReportsView>({
    choice: null,
    range: null,
    shown: null,
    reading: null,
    failure: null,
    offline: connection.getState().connection === 'offline',
  });
  const dbRef = useRef<ReportsDb | null>(null);
  const readingRef = useRef<AbortController | null>(null);
  /** A `shop-reports-stale` came while a reading ran: read once more when it ends. */
  const staleRef = useRef(false);
  /** The period chosen last, set at once (the view catches up at the next render). */
  const periodRef = useRef<{ choice: RangeChoice; range: ReportRange } | null>(null);
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  }, [view]);

  const read = useCallback(
    async (choice: RangeChoice, range: ReportRange, freshStock = false) => {
      readingRef.current?.abort();
      const recent = recentStocks.get(accountKey) ?? null;
      const stocks = !freshStock && recent !== null && Date.now() - recent.at < STOCKS_REUSE_MS ? recent.stocks : undefined;
      const stop = new AbortController();
      readingRef.current = stop;
      setView((v) => ({ ...v, reading: { read: 0, known: 0 }, failure: null }));
      try {
        const data = await readShopReports(range, {
          fetchPage: (input) => bridge.fetchShopReport(input),
          signal: stop.signal,
          gate: windowGate,
          stocks,
          onProgress: (progress) => {
            if (!stop.signal.aborted) setView((v) => ({ ...v, reading: progress }));
          },
        });
        if (stop.signal.aborted) return;
        const readAt = new Date();
        if (stocks === undefined) recentStocks.set(accountKey, { stocks: data.stocks, at: readAt.getTime() });
        setView((v) => ({ ...v, shown: { data, readAt: readAt.toISOString(), fresh: true }, reading: null, failure: null }));
        const db = dbRef.current;
        if (db !== null) await keepReports(db, choice, data, readAt).catch((error: unknown) => console.warn(`reports: not kept: ${String(error)}`));
      } catch (error) {
        if (error instanceof ReportReadStopped || stop.signal.aborted) return;
        setView((v) => ({ ...v, reading: null, failure: error }));
      } finally {
        if (readingRef.current === stop) {
          readingRef.current = null;
          if (staleRef.current && includesToday(range)) {
            staleRef.current = false;
            void read(choice, range, true);
          }
        }
      }
    },
    [bridge, accountKey],
  );

  /** Shows a period: its kept answer at once, then a fresh reading when the service is reachable. */
  const choose = useCallback(
    async (choice: RangeChoice) => {
      readingRef.current?.abort();
      staleRef.current = false;
      const range = resolveRange(choice);
      periodRef.current = { choice, range };
      setView((v) => ({ ...v, choice, range, shown: null, reading: null, failure: null }));
      const db = dbRef.current;
      if (db !== null) {
        void rememberChoice(db, choice).catch(() => {});
        const kept = await keptReports(db, choice).catch(() => null);
        if (periodRef.current?.choice !== choice) return;
        if (kept !== null) {
          setView((v) => (v.choice === choice && v.shown === null ? { ...v, shown: { data: kept.data, readAt: kept.readAt, fresh: false } } : v));
          // Read moments ago (the screen reopened): shown as it is.
          if (Date.now() - Date.parse(kept.readAt) < REREAD_AFTER_MS && sameRange(kept.data.range, range)) return;
        }
      }
      if (connection.getState().connection !== 'offline') void read(choice, range);
    },
    [connection, read],
  );

  const refresh = useCallback(() => {
    const choice = periodRef.current?.choice;
    if (choice === undefined) return;
    // A preset means "now": today may have become tomorrow since the screen opened.
    const range = resolveRange(choice);
    periodRef.current = { choice, range };
    setView((v) => ({ ...v, range }));
    void read(choice, range, true);
  }, [read]);

  // Open the account's kept answers, then the last period shown (else today).
  useEffect(() => {
    const db = openReportsDb(accountKey);
    dbRef.current = db;
    let closed = false;
    void lastChoice(db)
      .catch(() => null)
      .then((choice) => {
        if (!closed) void choose(choice ?? { kind: 'today' });
      });
    return () => {
      closed = true;
      readingRef.current?.abort();
      dbRef.current = null;
      db.close();
    };
  }, [accountKey, choose]);

  // Back online after a reading could not be made: read now.
  useEffect(
    () =>
      connection.subscribe((state, previous) => {
        const offline = state.connection === 'offline';
        setView((v) => (v.offline === offline ? v : { ...v, offline }));
        const { shown, failure } = viewRef.current;
        const period = periodRef.current;
        if (
          state.connection === 'online' &&
          previous.connection === 'offline' &&
          period !== null &&
          readingRef.current === null &&
          (failure !== null || shown === null || !shown.fresh)
        ) {
          void read(period.choice, period.range);
        }
      }),
    [connection, read],
  );

  // Today's figures changed at the service: read again, coalesced.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const again = () => {
      timer = null;
      const period = periodRef.current;
      if (period === null || !includesToday(period.range)) return;
      // A reading under way reads once more when it ends (`read`'s finally).
      if (readingRef.current !== null) staleRef.current = true;
      else void read(period.choice, period.range, true);
    };
    const unsubscribe = bridge.onEvent((event) => {
      if (event.type !== 'shop-reports-stale') return;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(again, STALE_DELAY_MS);
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [bridge, read]);

  return { view, choose, refresh };
}

function sameRange(a: ReportRange, b: ReportRange): boolean {
  return a.startDate === b.startDate && a.endDate === b.endDate && a.startTime === b.startTime && a.endTime === b.endTime;
}
