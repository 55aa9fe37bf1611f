// `npm run bench` ("smooth at 300 tables"): one room of 300 tables, the browser
// shell and Debian Chromium. Two interactions, each from the tap's pointerdown to the first frame
// that shows the result:
// - switching from the Catalog view to the floor plan until all 300 table buttons are drawn;
// - tapping a free table until the seat dialog is on screen (then Cancel).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { createSandboxApp } from '../../electron/sandbox/app';
import { serializeState } from '../../electron/sandbox/persistence';
import { chromiumLaunch } from '../../playwright.config';
import { startScript, startServe, tokenFileArgs, type Started } from '../e2e/support/processes';
import { percentile } from './stats';

const TABLES = 300;
const RUNS = Number(process.env.BENCH_FLOOR_RUNS ?? 15);

export interface Floor300Bench {
  tables: number;
  floorViewPaintedMs: { p50: number; p95: number; max: number; runs: number };
  tapToSeatDialogMs: { p50: number; p95: number; max: number; runs: number };
  note: string;
}

type Probe = { __floorBench?: { arm: () => void; at: () => number | null; done: (selector: string, count: number) => Promise<number> } };

// Installed in the page: remembers the last pointerdown; `done` resolves with the time of the
// first animation frame in which `selector` matches at least `count` elements.
// (A string: tsx would wrap a function's inner helpers in a `__name` the page does not have.)
const PROBE = `
  globalThis.__floorBench ??= (() => {
    let tapAt = null;
    addEventListener('pointerdown', () => (tapAt = performance.now()), { capture: true });
    return {
      arm: () => (tapAt = null),
      at: () => tapAt,
      done: (selector, count) =>
        new Promise((resolve) => {
          const check = () => {
            if (document.querySelectorAll(selector).length >= count) requestAnimationFrame(() => resolve(performance.now()));
            else requestAnimationFrame(check);
          };
          check();
        }),
    };
  })();
`;

const ms1 = (value: number) => Math.round(value * 10) / 10;
function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: ms1(percentile(sorted, 50)), p95: ms1(percentile(sorted, 95)), max: ms1(sorted[sorted.length - 1]!), runs: sorted.length };
}

async function measure(page: Page, tap: () => Promise<void>, selector: string, count: number): Promise<number> {
  await page.evaluate(() => (globalThis as Probe).__floorBench!.arm());
  const painted = page.evaluate(([s, n]) => (globalThis as Probe).__floorBench!.done(s as string, n as number), [selector, count] as const);
  await tap();
  const end = await painted;
  const start = await page.evaluate(() => (globalThis as Probe).__floorBench!.at());
  if (start === null) throw new Error('the tap was not seen');
  return end - start;
}

export async function benchFloor300(log: (line: string) => void): Promise<Floor300Bench> {
  const dir = await mkdtemp(join(tmpdir(), 'comanda-bench-floor-'));
  const state = join(dir, 'state.json');
  const tables = Array.from({ length: TABLES }, (_, i) => ({
    id: i + 1,
    name: `${i + 1}`,
    x: 20 + (i % 20) * 70,
    y: 20 + Math.floor(i / 20) * 60,
    width: 56,
    height: 44,
    color: i % 3 ? '#ffd54f' : '#90caf9',
    type_id: 1,
  }));
  await writeFile(state, serializeState(createSandboxApp({ seed: { rooms: [{ id: 1, name: 'Gran salón', order: 1, tables }] } }).state));
  const started: Started[] = [];
  const vendor = await startScript(
    'electron/sandbox/cli.ts',
    ['--port', '0', '--rate-limit', '100000', '--state', state],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
  started.push(vendor);
  const context = await chromium.launchPersistentContext(join(dir, 'profile'), { ...chromiumLaunch, viewport: { width: 1280, height: 800 }, hasTouch: true });
  try {
    const serve = await startServe(['--port', '0', '--data', join(dir, 'data'), '--backend', vendor.match[1]!, ...tokenFileArgs(join(dir, 'data'))]);
    started.push(serve);
    const page = await context.newPage();
    await page.goto(serve.url);
    await page.getByText(/Catalog synced/).waitFor({ timeout: 60_000 });
    await page
      .locator('.floor-table')
      .nth(TABLES - 1)
      .waitFor({ timeout: 30_000 });
    await page.evaluate(PROBE);

    log(`floor of ${TABLES} tables: Catalog → Floor (${RUNS} runs)…`);
    const floorMs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.getByTestId('view-catalog').tap();
      await page.locator('.floor-table').first().waitFor({ state: 'detached' });
      floorMs.push(await measure(page, () => page.getByTestId('view-floor').tap(), '.floor-table', TABLES));
    }
    log(`tap a free table → seat dialog (${RUNS} runs)…`);
    const dialogMs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const table = page.getByRole('button', { name: new RegExp(`^${((run * 19) % TABLES) + 1}, `) });
      dialogMs.push(await measure(page, () => table.tap(), '[role="dialog"]', 1));
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).tap();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    const result: Floor300Bench = {
      tables: TABLES,
      floorViewPaintedMs: summary(floorMs),
      tapToSeatDialogMs: summary(dialogMs),
      note: "one room of 300 tables, Debian Chromium, 1280×800; from the tap's pointerdown to the frame after all 300 table buttons (or the seat dialog) are in the page",
    };
    log(
      `  floor painted p50 ${result.floorViewPaintedMs.p50} ms, p95 ${result.floorViewPaintedMs.p95} ms; seat dialog p50 ${result.tapToSeatDialogMs.p50} ms, p95 ${result.tapToSeatDialogMs.p95} ms`,
    );
    return result;
  } finally {
    await context.close();
    await Promise.all(started.map((p) => p.stop()));
  }
}
