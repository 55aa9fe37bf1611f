// `npm run bench`: a --scale 20000 sandbox, the real browser shell and Debian
// Chromium. Writes test/bench/results/<date>.json and latest.json with:
// - requests used by a full sync vs the minimum possible (Σ ceil(records / page size));
// - sync wall time with the rate limit off and on (spec §8: 120 requests a minute);
// - records stored per second by the sync engine vs a raw Dexie bulkPut of the same records
//   (`BENCH_ONLY=sync` for the sync figures alone, rate limit off);
// - time from app start to a usable floor plan from local data;
// - search time per keystroke over the 20,000-item catalog (goal ≤ 5 ms p95);
// - tap-to-line-painted for plain items in the Catalog view (goal ≤ 50 ms p95);
// - the order queue: reconnect to first order sent, drain rate vs 120/min with zero 429s, saving a
//   round (tap on Send → "Saved") (outbox.ts);
// - a 300-table floor: Catalog → Floor painted, tap → seat dialog (floor300.ts);
// - the shop's promotion recompute for a 100-line basket (goal ≤ 5 ms p95,
//   promotions.ts; `BENCH_ONLY=promotions` for that figure alone, no browser);
// - the till's scan-to-line-painted with a 50,000-product shop catalog (goal
//   ≤ 50 ms p95, till.ts; `BENCH_ONLY=till` only).
// - the shop's Reports opened for 90 days of sales until every chart is drawn, the data kept
//   (goal p95 ≤ 500 ms, reports.ts; `BENCH_ONLY=reports` only), with the start-up and
//   Reports chunk sizes.
import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunch } from '../../playwright.config';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { DEMO_HEADERS, freePort, startScript, tokenFileArgs, withParams, type Started } from '../e2e/support/processes';
import type { BenchHooks, KeystrokeRun } from '../../renderer/src/data/benchHooks';
import { benchFloor300 } from './floor300';
import { benchOutbox, benchSaveRound } from './outbox';
import { benchPromotions } from './promotions';
import { benchTill } from './till';
import { benchReports } from './reports';
import { cpuBetween, cpuSnapshot, waitForQuiet } from './cpu';
import { startCpuSampler, type SpanCpu } from './cpuSampler';
import { median, percentile } from './stats';

const SCALE = Number(process.env.BENCH_SCALE ?? 20_000);
const START_RUNS = Number(process.env.BENCH_START_RUNS ?? 7);
const TAPS = Number(process.env.BENCH_TAPS ?? 60);
const UNLIMITED = 1_000_000;
const PAGE = 200;
const ROOMS_PAGE = 20;
const CATALOG = [
  'groups',
  'categories',
  'items',
  'sellingFormats',
  'sellingFormatPivots',
  'modifiers',
  'modifierCategories',
  'modifierGroups',
  'modifierPivots',
  'menuMenuCategories',
  'menuMenuItemCategoryPivots',
] as const;

// What a waiter types over the generated catalog's vocabulary (electron/sandbox/seed/scale.ts:
// "<base> de <ingredient><style>", "Menú <kind> <n>"): accented and unaccented input, capitals,
// multi-word queries, words out of order, and a query that matches nothing.
const SEARCH_QUERIES = [
  'jamón ibérico',
  'croquetas de bacalao',
  'tosta salmón',
  'calabacin',
  'Fideuà',
  'hamburguesa ternera a la brasa',
  'solomillo cerdo iberico',
  'pulpo a la gallega',
  'ensalada queso de cabra',
  'BUÑUELOS',
  'al pil-pil',
  'menú del día',
  'gambas ajillo',
  'espárragos tempura',
  'tarta trufa',
  'pizza margarita',
];
// The same kind of typing with the allergen filter on ("Hide items containing…").
const FILTERED_QUERIES = ['croquetas jamón', 'gambas', 'queso manchego', 'lomo con patatas'];
const FILTERED_ALLERGENS = [1, 7, 13] as const; // eggs, crustaceans, dairy

const running: Started[] = [];
const log = (line: string) => console.log(`bench: ${line}`);

async function getJson<T>(url: string, headers: Record<string, string> = DEMO_HEADERS): Promise<T> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** The fewest requests a complete copy can take: every list read at the largest page size. */
async function minimumRequests(sandbox: string): Promise<{ total: number; perResource: Record<string, number> }> {
  const v2 = `${sandbox}/api/external/v2`;
  const pages = (records: number, size: number) => Math.max(1, Math.ceil(records / size));
  const totalOf = async (path: string) => (await getJson<{ total: number }>(`${v2}/${path}${path.includes('?') ? '&' : '?'}pagination=1`)).total;
  const perResource: Record<string, number> = {};
  for (const resource of CATALOG) perResource[resource] = pages(await totalOf(`catalog/${resource}`), PAGE);
  perResource.rooms = pages(await totalOf('rooms'), ROOMS_PAGE);
  perResource.paymentMethods = 1; // a plain array: one request
  perResource.customers = pages(await totalOf('customers'), PAGE);
  const warehouses = await getJson<{ data: { id: number }[]; total: number }>(`${v2}/warehouses?pagination=${PAGE}`);
  perResource.warehouses = pages(warehouses.total, PAGE);
  perResource.stocks = 0;
  for (const warehouse of warehouses.data) perResource.stocks += pages(await totalOf(`warehouses/${warehouse.id}`), PAGE);
  return { total: Object.values(perResource).reduce((a, b) => a + b, 0), perResource };
}

async function startSandbox(rateLimit: number) {
  const started = await startScript(
    'electron/sandbox/cli.ts',
    ['--port', '0', '--scale', String(SCALE), '--rate-limit', String(rateLimit)],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
    120_000,
  );
  running.push(started);
  return { ...started, url: started.match[1]! };
}

async function startServe(port: number, dataDir: string, backend: string, requestsPerMinute?: number) {
  const args = ['--port', String(port), '--data', dataDir, '--backend', backend, ...tokenFileArgs(dataDir)];
  if (requestsPerMinute) args.push('--requests-per-minute', String(requestsPerMinute));
  // The launch link (one-time token): the first page.goto opens the session, later ones reuse its cookie.
  const started = await startScript('electron/web/cli.ts', args, /open (http:\/\/127\.0\.0\.1:\d+\/\?launch=[A-Za-z0-9_-]+)/);
  running.push(started);
  return { ...started, url: started.match[1]! };
}

async function launch(profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, { ...chromiumLaunch, viewport: { width: 1280, height: 800 }, hasTouch: true });
}

type Hooks = { __comandaBench?: BenchHooks };

/** Waits for the first complete sync of the account and returns its record. */
async function waitForSync(page: Page, accountKey: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const sync = await page.evaluate((key) => (globalThis as Hooks).__comandaBench?.currentSync(key) ?? null, accountKey);
    if (sync?.syncedAt) return sync;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`no complete sync of ${accountKey} within ${timeoutMs} ms`);
}

async function stats(sandbox: string) {
  return (await getJson<{ requests: Record<string, number> }>(`${sandbox}/__sandbox/stats`, {})).requests;
}

/** One full first sync of a fresh terminal against a fresh sandbox. */
async function syncScenario(rateLimited: boolean) {
  const sandbox = await startSandbox(rateLimited ? 120 : UNLIMITED);
  const minimum = await minimumRequests(sandbox.url);
  await controlRequest(sandbox.url, '/__sandbox/reset', { method: 'POST' }); // the counting above is not the terminal's
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-bench-data-'));
  const serve = await startServe(port, dataDir, sandbox.url, rateLimited ? undefined : UNLIMITED);
  const context = await launch(await mkdtemp(join(tmpdir(), 'comanda-bench-profile-')));
  const page = await context.newPage();
  const accountKey = `demo@${new URL(sandbox.url).host}`;
  const cpuBefore = cpuSnapshot();
  await page.goto(withParams(serve.url, { bench: '' }));
  // Diagnostic: BENCH_CPU_PROFILE=<file.cpuprofile> records the page's JavaScript from load to the sync done.
  const profiler = process.env.BENCH_CPU_PROFILE && !rateLimited ? await context.newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 500 });
    await profiler.send('Profiler.start');
  }
  // Diagnostic: BENCH_TRACE=<file.json> records a Chromium trace (timeline categories) of the same span.
  const tracer = process.env.BENCH_TRACE && !rateLimited ? await context.newCDPSession(page) : null;
  const traceEvents: unknown[] = [];
  const traceDone = new Promise<void>((done) => tracer?.on('Tracing.tracingComplete', () => done()));
  if (tracer) {
    tracer.on('Tracing.dataCollected', ({ value }) => traceEvents.push(...value));
    await tracer.send('Tracing.start', {
      traceConfig: {
        includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'IndexedDB', 'toplevel', 'mojom', 'loading', 'net'],
      },
      transferMode: 'ReportEvents',
    });
  }
  const sync = await waitForSync(page, accountKey, rateLimited ? 15 * 60_000 : 5 * 60_000);
  if (tracer) {
    await tracer.send('Tracing.end');
    await traceDone;
    await writeFile(process.env.BENCH_TRACE!, JSON.stringify({ traceEvents }));
    await tracer.detach();
  }
  if (profiler) {
    const { profile } = await profiler.send('Profiler.stop');
    await writeFile(process.env.BENCH_CPU_PROFILE!, JSON.stringify(profile));
    await profiler.detach();
  }
  // Diagnostic: CPU seconds per process tree from navigation to the sync seen done (≤ 0.5 s late).
  const cpuSeconds = cpuBetween(cpuBefore, cpuSnapshot(), { shell: serve.child.pid, sandbox: sandbox.child.pid });
  const used = (await stats(sandbox.url)).api ?? 0;
  const wallMs = Date.parse(sync.syncedAt!) - Date.parse(sync.startedAt);
  const records = recordsOf(sync.counts);
  return { sandbox, serve, context, page, accountKey, minimum, used, wallMs, records, sync, cpuSeconds };
}

/** From navigation start to the first table drawn, with the server stopped: local data only. */
async function startToFloor(context: BrowserContext, url: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const page = await context.newPage();
    // Runs in the page before the app's own scripts (page-side code, so a string).
    await page.addInitScript({
      content: `
        new MutationObserver((_records, observer) => {
          if (document.querySelector('.floor-table')) {
            globalThis.__floorAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      `,
    });
    await page.goto(url);
    await page.waitForFunction(() => typeof (globalThis as { __floorAt?: number }).__floorAt === 'number', null, { timeout: 60_000 });
    times.push(await page.evaluate(() => (globalThis as { __floorAt?: number }).__floorAt!));
    await page.close();
  }
  return times;
}

// Tap-to-line-painted, page side (a string: the node program has no DOM types). arm() installs a
// capturing `pointerdown` listener that records the tap's performance.now(), and a
// MutationObserver on the order column that waits for the ticket to show one more line or a larger
// quantity than before the tap, then stamps the next animation frame. probe() reads the result.
const TAP_PROBE = `
  globalThis.__tapBench ??= (() => {
    const lines = () => {
      const found = new Map();
      for (const line of document.querySelectorAll('[data-testid="order-ticket"] [data-testid="order-line"]')) {
        const text = line.querySelector('[data-testid="order-line-quantity"]')?.textContent ?? '';
        found.set(line.getAttribute('data-line-key'), Number(text.replace(/\\D+/g, '') || '1'));
      }
      return found;
    };
    let tap = { tapAt: null, paintedAt: null, cleanup: () => {} };
    return {
      arm() {
        tap.cleanup();
        const column = document.querySelector('[data-testid="order"]');
        if (column === null) throw new Error('No order column');
        const before = lines();
        const probe = { tapAt: null, paintedAt: null, cleanup: () => {} };
        const onDown = () => { probe.tapAt ??= performance.now(); };
        const observer = new MutationObserver(() => {
          if (probe.tapAt === null || document.querySelector('[data-testid="order-ticket"]') === null) return;
          const after = lines();
          const grew = after.size > before.size || [...after].some(([key, quantity]) => quantity > (before.get(key) ?? 0));
          if (!grew) return;
          probe.cleanup();
          requestAnimationFrame(() => { probe.paintedAt = performance.now(); });
        });
        probe.cleanup = () => {
          observer.disconnect();
          document.removeEventListener('pointerdown', onDown, true);
        };
        document.addEventListener('pointerdown', onDown, true);
        observer.observe(column, { childList: true, subtree: true, characterData: true });
        tap = probe;
      },
      probe() {
        return { tapAt: tap.tapAt, paintedAt: tap.paintedAt, sheetOpen: document.querySelector('[data-testid="order-sheet"]') !== null };
      },
    };
  })();
`;
interface TapProbe {
  tapAt: number | null;
  paintedAt: number | null;
  sheetOpen: boolean;
}
type TapBench = { __tapBench?: { arm(): void; probe(): TapProbe } };

/**
 * Tap-to-line-painted in the Catalog view: plain items (no badge; a tap that opens a sheet is
 * cancelled and the item left out) tapped one after another across categories, first adding
 * lines, then incrementing them.
 */
async function tapToLinePainted(page: Page, wanted: number) {
  await page.getByTestId('view-catalog').tap();
  // The venue's groups: "Most sold" (the first tab) is left out.
  const groups = page.getByTestId('catalog-groups').locator('[role="tab"]:not([data-testid="catalog-most-sold-tab"])');
  await groups.first().waitFor({ timeout: 30_000 });
  await page.evaluate(TAP_PROBE);
  const sheet = page.getByTestId('order-sheet');
  const ms: number[] = [];
  const byKind = { added: 0, incremented: 0, sheetsSkipped: 0 };
  const plain = new Set<string>();
  const groupCount = Math.min(await groups.count(), 4);
  for (let pass = 0; pass < 3 && ms.length < wanted; pass++) {
    for (let g = 0; g < groupCount && ms.length < wanted; g++) {
      await groups.nth(g).tap();
      const categories = page.getByTestId('catalog-categories').getByRole('tab');
      await categories
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
      const categoryCount = Math.min(await categories.count(), 3);
      for (let c = 0; c < categoryCount && ms.length < wanted; c++) {
        await categories.nth(c).tap();
        const cards = page.getByTestId('catalog-items').getByTestId('catalog-item');
        await cards
          .first()
          .waitFor({ timeout: 10_000 })
          .catch(() => undefined);
        const ids = await cards.evaluateAll((all) =>
          all.filter((card) => card.querySelector('[data-testid="catalog-item-badge"]') === null).map((card) => card.getAttribute('data-item-id') ?? ''),
        );
        let tapped = 0;
        for (const id of ids) {
          if (tapped >= 4 || ms.length >= wanted) break;
          if (pass > 0 && !plain.has(id)) continue;
          const lines = await page.getByTestId('order-line').count();
          await page.evaluate(() => (globalThis as TapBench).__tapBench!.arm());
          await page.locator(`[data-testid="catalog-items"] [data-testid="catalog-item"][data-item-id="${id}"] button`).first().tap();
          await page.waitForFunction(
            () => {
              const probe = (globalThis as TapBench).__tapBench!.probe();
              return probe.paintedAt !== null || probe.sheetOpen;
            },
            null,
            { timeout: 10_000 },
          );
          if (await sheet.count()) {
            byKind.sheetsSkipped++;
            await sheet.getByRole('button', { name: 'Cancel', exact: true }).tap();
            await sheet.waitFor({ state: 'detached' });
            continue;
          }
          const probe = await page.evaluate(() => (globalThis as TapBench).__tapBench!.probe());
          if (probe.tapAt === null || probe.paintedAt === null) throw new Error(`tap on item ${id} not measured`);
          ms.push(probe.paintedAt - probe.tapAt);
          if ((await page.getByTestId('order-line').count()) > lines) byKind.added++;
          else byKind.incremented++;
          plain.add(id);
          tapped++;
        }
      }
    }
  }
  return { ms, byKind, items: plain.size };
}

async function main() {
  if (process.env.BENCH_ONLY === 'outbox') return outboxOnly();
  if (process.env.BENCH_ONLY === 'floor300') return floorOnly();
  if (process.env.BENCH_ONLY === 'sync') return syncOnly();
  if (process.env.BENCH_ONLY === 'save-round') return saveRoundOnly();
  if (process.env.BENCH_ONLY === 'tap') return tapOnly();
  if (process.env.BENCH_ONLY === 'promotions') return promotionsOnly();
  if (process.env.BENCH_ONLY === 'till') return tillOnly();
  if (process.env.BENCH_ONLY === 'reports') return reportsOnly();
  log(`machine: ${cpus().length} cores, node ${process.version}; catalog of ${SCALE} items`);

  const { off, storing } = await syncAgainstRaw();

  log('search per keystroke…');
  const searchRuns: KeystrokeRun[] = [
    ...(await off.page.evaluate(([key, queries]) => (globalThis as Hooks).__comandaBench!.searchPerKeystroke(key, queries), [
      off.accountKey,
      SEARCH_QUERIES,
    ] as const)),
    ...(await off.page.evaluate(([key, queries, allergens]) => (globalThis as Hooks).__comandaBench!.searchPerKeystroke(key, [...queries], [...allergens]), [
      off.accountKey,
      FILTERED_QUERIES,
      FILTERED_ALLERGENS,
    ] as const)),
  ];
  const keystrokes = searchRuns.flatMap((run) => run.ms).sort((a, b) => a - b);
  const ms2 = (ms: number) => Number(ms.toFixed(2));
  const search = {
    keystrokes: keystrokes.length,
    p50Ms: ms2(percentile(keystrokes, 50)),
    p95Ms: ms2(percentile(keystrokes, 95)),
    maxMs: ms2(keystrokes[keystrokes.length - 1]!),
    goalP95Ms: 5,
    note: 'searchItems() only (the projection is loaded once, untimed), each query typed character by character, in the page',
    queries: searchRuns.map((run) => ({
      query: run.query,
      hiddenAllergens: run.hiddenAllergens,
      results: run.total,
      maxMs: ms2(Math.max(...run.ms)),
      keystrokeMs: run.ms.map(ms2),
    })),
  };
  log(`  p95 ${search.p95Ms} ms (p50 ${search.p50Ms}, max ${search.maxMs}) over ${search.keystrokes} keystrokes; goal ≤ 5 ms`);

  const tapToLine = await measureTapToLine(off.page);

  log('start-up to a usable floor plan from local data (server stopped)…');
  await off.sandbox.stop();
  // The page itself (the context holds the session): no launch redirect in the measured start.
  const starts = (await startToFloor(off.context, `${new URL(off.serve.url).origin}/`, START_RUNS)).sort((a, b) => a - b);
  log(`  median ${Math.round(percentile(starts, 50))} ms over ${starts.length} starts`);
  await off.context.close();
  await off.serve.stop();

  log('sync with the rate limit on (120 requests a minute)…');
  const on = await syncScenario(true);
  log(`  ${on.records} records in ${on.wallMs} ms, ${on.used} requests`);
  await on.context.close();

  log('the order queue: against the rate limit, and saving a round…');
  const outbox = await benchOutbox(log);
  const floor300 = await benchFloor300(log);
  const promotions = benchPromotions(undefined, log);

  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    catalogItems: SCALE,
    requests: { ...requestsOf(off), rateLimitedRunUsed: on.used },
    syncWallMs: { rateLimitOff: off.wallMs, rateLimitOn: on.wallMs },
    recordsStored: off.records,
    storing,
    startToUsableFloorMs: {
      runs: starts.map((t) => Math.round(t)),
      median: Math.round(percentile(starts, 50)),
      p95: Math.round(percentile(starts, 95)),
    },
    search,
    tapToLinePainted: tapToLine,
    outbox,
    floor300,
    promotions,
  };
  const dir = resolve('test/bench/results');
  await mkdir(dir, { recursive: true });
  const body = `${JSON.stringify(report, null, 2)}\n`;
  await writeFile(join(dir, `bench-${report.date.replace(/[:.]/g, '-')}.json`), body);
  await writeFile(join(dir, 'latest.json'), body);
  console.log(body);
}

/**
 * Syncs and raw bulkPuts each timed this many times: one alone varies by ±20% on a shared 2-core
 * machine, so each figure is the median of its runs.
 */
const STORE_RUNS = Number(process.env.BENCH_STORE_RUNS ?? 5);

/**
 * The sync engine's storing rate against the yardstick (goal ≥ 0.8): a fresh terminal's
 * first sync, then raw Dexie bulkPuts of the same records and further syncs ("Sync now") in turn in
 * the same page, each started once the machine is quiet again (the browser compacts its storage
 * after a deletion), so both meet the browser's storage in the same state. Each figure is the
 * median of its runs.
 */
async function syncAgainstRaw() {
  log('sync with the rate limit off…');
  const loadBefore = loadavg()[0]!;
  const sampler = startCpuSampler();
  const off = await syncScenario(false);
  log(`  ${off.records} records in ${off.wallMs} ms, ${off.used} requests (minimum ${off.minimum.total})`);
  log(`  CPU seconds during the sync: ${describeCpu(off.cpuSeconds)}`);
  log(`storing rate: ${STORE_RUNS} syncs and ${STORE_RUNS} raw bulkPuts in turn…`);
  const { page, accountKey } = off;
  const parts = { shell: off.serve.child.pid, sandbox: off.sandbox.child.pid };
  const spanOf = (from: number, ms: number) => sampler.over(from, from + ms, parts);
  const syncs: StoreRun[] = [{ records: off.records, ms: off.wallMs, cpuSeconds: off.cpuSeconds, span: spanOf(Date.parse(off.sync.startedAt), off.wallMs) }];
  log(`  during the sync itself: ${describeSpan(syncs[0]!.span)}`);
  const raws: StoreRun[] = [];
  // After the first sync the main side caches the catalog's photos (~40 s here): wait it out.
  log(`  waited ${Math.round((await waitForQuiet({ timeoutMs: 180_000 })) / 1000)} s for a quiet machine (the photos cached after the first sync)`);
  for (;;) {
    await waitForQuiet();
    let before = cpuSnapshot();
    const raw = await page.evaluate((key) => (globalThis as Hooks).__comandaBench!.rawBulkPut(key), accountKey);
    raws.push({ records: raw.records, ms: raw.ms, cpuSeconds: cpuBetween(before, cpuSnapshot(), parts), span: spanOf(raw.startedAt, raw.ms) });
    log(
      `  raw bulkPut ${raws.length}: ${raw.records} records in ${Math.round(raw.ms)} ms; CPU seconds ${describeCpu(raws.at(-1)!.cpuSeconds)}; during the copy itself: ${describeSpan(raws.at(-1)!.span)}`,
    );
    if (raws.length >= STORE_RUNS) break;
    await waitForQuiet();
    before = cpuSnapshot();
    const { attempts } = await page.evaluate((key) => (globalThis as Hooks).__comandaBench!.syncAgain(key), accountKey);
    if (attempts > 1) log(`  (the sync was asked for ${attempts} times: an earlier one stopped before it switched)`);
    const sync = await page.evaluate((key) => (globalThis as Hooks).__comandaBench!.currentSync(key), accountKey);
    const records = recordsOf(sync!.counts);
    const ms = Date.parse(sync!.syncedAt!) - Date.parse(sync!.startedAt);
    syncs.push({ records, ms, cpuSeconds: cpuBetween(before, cpuSnapshot(), parts), span: spanOf(Date.parse(sync!.startedAt), ms) });
    log(
      `  sync ${syncs.length}: ${records} records in ${ms} ms; CPU seconds ${describeCpu(syncs.at(-1)!.cpuSeconds)} (with the deletion of the generation it replaced); during the sync itself: ${describeSpan(syncs.at(-1)!.span)}`,
    );
  }

  sampler.stop();
  const rateOf = (run: { records: number; ms: number }) => run.records / (run.ms / 1000);
  const engineRate = median(syncs.map(rateOf));
  const rawRate = median(raws.map(rateOf));
  const storing = {
    syncEngineRecordsPerSecond: Math.round(engineRate),
    rawBulkPutRecordsPerSecond: Math.round(rawRate),
    syncRunsMs: syncs.map((run) => Math.round(run.ms)),
    rawBulkPutRunsMs: raws.map((run) => Math.round(run.ms)),
    engineOverRaw: Number((engineRate / rawRate).toFixed(3)),
    firstSyncOverRaw: Number((rateOf(syncs[0]!) / rawRate).toFixed(3)),
    goal: 0.8,
    // Both figures are wall times on a machine other programs may be using: say how busy it was.
    loadAverage1m: { before: Number(loadBefore.toFixed(2)), after: Number(loadavg()[0]!.toFixed(2)) },
    cpuSecondsPerSync: syncs.map((run) => run.cpuSeconds),
    cpuSecondsPerRawRun: raws.map((run) => run.cpuSeconds),
    // Over each run's own span (a sync from its start to its switch): cores busy, idle share, CPU per part.
    spanOfEachSync: syncs.map((run) => run.span),
    spanOfEachRawRun: raws.map((run) => run.span),
    note: 'engine: records / wall time of a whole sync (pages asked for five to a bridge call, validation, pages written together in transactions of 2,000 records or more while the next pages are fetched), the median of the first sync and the syncs run again; raw: one bulkPut per store of the same records into a scratch database, the median of the runs, taken in turn with the syncs, each started on a quiet machine',
  };
  log(
    `  engine / raw: ${storing.engineOverRaw} (medians of ${syncs.length} syncs and ${raws.length} raw runs; the first sync alone ${storing.firstSyncOverRaw}; goal ≥ 0.8; load average ${storing.loadAverage1m.before} → ${storing.loadAverage1m.after})`,
  );
  return { off, storing };
}

interface StoreRun {
  records: number;
  ms: number;
  cpuSeconds: Record<string, number>;
  /** CPU over the run's own span only, with the machine's idle share. */
  span: SpanCpu;
}

/** Records a generation holds, from its counts per store. */
function recordsOf(counts: Partial<Record<string, number>>): number {
  return Object.values(counts).reduce<number>((a, b) => a + (b ?? 0), 0);
}

function describeSpan(span: SpanCpu): string {
  return `${span.machineBusyCores} cores busy, ${Math.round(span.idleShare * 100)}% idle; ${describeCpu(span.seconds)}`;
}

function describeCpu(seconds: Record<string, number>): string {
  return Object.entries(seconds)
    .filter(([, value]) => value > 0)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
}

function requestsOf(run: Awaited<ReturnType<typeof syncScenario>>) {
  return {
    used: run.used,
    minimum: run.minimum.total,
    usedOverMinimum: Number((run.used / run.minimum.total).toFixed(3)),
    minimumPerResource: run.minimum.perResource,
    usedPerResource: run.sync.requests,
  };
}

function machine() {
  return { cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version, browser: 'Debian Chromium (headless)' };
}

/** `BENCH_ONLY=sync npm run bench`: only the sync figures (rate limit off), written into latest.json. */
async function syncOnly() {
  log(`machine: ${cpus().length} cores, node ${process.version}; catalog of ${SCALE} items`);
  const { off, storing } = await syncAgainstRaw();
  await off.context.close();
  const previous = JSON.parse(await readFile(join(resolve('test/bench/results'), 'latest.json'), 'utf8').catch(() => '{}')) as {
    requests?: Record<string, unknown>;
    syncWallMs?: Record<string, unknown>;
  };
  const sync = {
    syncDate: new Date().toISOString(),
    requests: { ...previous.requests, ...requestsOf(off) },
    syncWallMs: { ...previous.syncWallMs, rateLimitOff: off.wallMs },
    recordsStored: off.records,
    storing,
  };
  const file = join(resolve('test/bench/results'), 'latest.json');
  const report = { ...(JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as Record<string, unknown>), ...sync };
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(sync, null, 2));
}

/** `BENCH_ONLY=outbox npm run bench`: only the outbox figures, written into latest.json. */
async function outboxOnly() {
  const outbox = await benchOutbox(log);
  const file = join(resolve('test/bench/results'), 'latest.json');
  const report = { ...(JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as Record<string, unknown>), outbox, outboxDate: new Date().toISOString() };
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(outbox, null, 2));
}

/** `BENCH_ONLY=save-round npm run bench`: only tap on Send → "Saved" (no 3-minute drain), into latest.json's outbox figures. */
async function saveRoundOnly() {
  const saveRound = await benchSaveRound(log);
  const file = join(resolve('test/bench/results'), 'latest.json');
  const previous = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as { outbox?: Record<string, unknown> };
  const report = { ...previous, outbox: { ...previous.outbox, saveRound }, saveRoundDate: new Date().toISOString() };
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(saveRound, null, 2));
}

/** Tap-to-line-painted (TAPS taps) on a synced terminal's page, as the report writes it. */
async function measureTapToLine(page: Page) {
  log('tap-to-line-painted in the Catalog view…');
  const ms2 = (ms: number) => Number(ms.toFixed(2));
  const taps = await tapToLinePainted(page, TAPS);
  const tapMs = [...taps.ms].sort((a, b) => a - b);
  if (tapMs.length === 0) throw new Error('no plain item could be tapped');
  const tapToLine = {
    taps: tapMs.length,
    p50Ms: ms2(percentile(tapMs, 50)),
    p95Ms: ms2(percentile(tapMs, 95)),
    maxMs: ms2(tapMs[tapMs.length - 1]!),
    goalP95Ms: 50,
    added: taps.byKind.added,
    incremented: taps.byKind.incremented,
    distinctItems: taps.items,
    sheetsSkipped: taps.byKind.sheetsSkipped,
    note: 'Playwright tap() (hasTouch) on item cards of the Catalog view, synced sandbox up; from the capturing pointerdown (performance.now()) to the next requestAnimationFrame after a MutationObserver on the order column sees one more ticket line or a larger quantity; plain items only (cards with a badge skipped, taps that opened a sheet cancelled and not counted)',
    tapMs: taps.ms.map(ms2),
  };
  log(
    `  p95 ${tapToLine.p95Ms} ms (p50 ${tapToLine.p50Ms}, max ${tapToLine.maxMs}) over ${tapToLine.taps} taps (${taps.byKind.added} added, ${taps.byKind.incremented} incremented); goal ≤ 50 ms`,
  );
  return tapToLine;
}

/** `BENCH_ONLY=tap npm run bench`: a sync (rate limit off), then only tap-to-line-painted, written into latest.json. */
async function tapOnly() {
  log(`machine: ${cpus().length} cores, node ${process.version}; catalog of ${SCALE} items`);
  const off = await syncScenario(false);
  const tapToLinePainted = await measureTapToLine(off.page);
  await off.context.close();
  const file = join(resolve('test/bench/results'), 'latest.json');
  const previous = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as Record<string, unknown>;
  await writeFile(file, `${JSON.stringify({ ...previous, tapToLinePainted, tapToLineDate: new Date().toISOString() }, null, 2)}\n`);
  console.log(JSON.stringify(tapToLinePainted, null, 2));
}

/** `BENCH_ONLY=floor300 npm run bench`: only the 300-table floor figures, written into latest.json. */
async function floorOnly() {
  const floor300 = await benchFloor300(log);
  const file = join(resolve('test/bench/results'), 'latest.json');
  const report = { ...(JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as Record<string, unknown>), floor300 };
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(floor300, null, 2));
}

/** `BENCH_ONLY=promotions npm run bench`: only the promotion recompute, written into latest.json. */
async function promotionsOnly() {
  log(`machine: ${cpus().length} cores, node ${process.version}`);
  const promotions = benchPromotions(undefined, log);
  const file = join(resolve('test/bench/results'), 'latest.json');
  const previous = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as Record<string, unknown>;
  await writeFile(file, `${JSON.stringify({ ...previous, promotions, promotionsDate: new Date().toISOString() }, null, 2)}\n`);
  console.log(JSON.stringify(promotions, null, 2));
}

/** `BENCH_ONLY=till npm run bench`: only the till's scan-to-line-painted (till.ts), written into latest.json. */
async function tillOnly() {
  log(`machine: ${cpus().length} cores, node ${process.version}`);
  const till = await benchTill(log);
  const file = join(resolve('test/bench/results'), 'latest.json');
  const previous = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as Record<string, unknown>;
  await writeFile(file, `${JSON.stringify({ ...previous, tillScanToLinePainted: till, tillDate: new Date().toISOString() }, null, 2)}\n`);
  console.log(JSON.stringify(till, null, 2));
}

/** `BENCH_ONLY=reports npm run bench`: only the Reports' opening for 90 days (reports.ts), written into latest.json. */
async function reportsOnly() {
  log(`machine: ${cpus().length} cores, node ${process.version}`);
  const reports = await benchReports(log);
  const file = join(resolve('test/bench/results'), 'latest.json');
  const previous = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as Record<string, unknown>;
  await writeFile(file, `${JSON.stringify({ ...previous, reportsOpened: reports, reportsDate: new Date().toISOString() }, null, 2)}\n`);
  console.log(JSON.stringify({ ...reports, coldMs: undefined, warmMs: undefined }, null, 2));
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await Promise.all(running.map((p) => p.stop()));
  });
