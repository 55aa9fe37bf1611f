import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunch } from '../../../playwright.config';
import { nextLaunchLink, startScript, startServe, tokenFileArgs, type Started } from './processes';
import { SyncPage } from '../pages/SyncPage';

// The setup most e2e tests share: the vendor's sandbox on its own (so a test can read its API and
// control its faults), and the browser shell on that sandbox's demo account, open in Debian
// Chromium as a 1280×800 touchscreen, with its first catalog sync done. Each test gets its own
// data folder and browser profile (STYLE: page models for e2e).

/** The vendor sandbox (demo venue, rate limit lifted); its URL. Stopped by the test's afterEach. */
export async function startVendor(running: Started[]): Promise<string> {
  const vendor = await startScript('electron/sandbox/cli.ts', ['--port', '0', '--rate-limit', '100000'], /listening on (http:\/\/127\.0\.0\.1:\d+)/);
  running.push(vendor);
  return vendor.match[1]!;
}

/** The browser shell on the vendor's demo account, on a data folder of its own; its URL. */
export async function startTerminal(vendorUrl: string, running: Started[]): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-data-'));
  const serve = await startServe(['--port', '0', '--data', dataDir, '--backend', vendorUrl, ...tokenFileArgs(dataDir)]);
  running.push(serve);
  return serve.url;
}

/** How a window is opened: the system language the terminal starts in (the suite runs in English). */
export interface WindowOptions {
  locale?: string;
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
}

/** Launch tokens already opened: each opens one browser once (the browser shell refuses it again). */
const usedTokens = new Set<string>();
/** One window opens at a time: each takes the link the shell keeps for the next one. */
let opening: Promise<unknown> = Promise.resolve();

/**
 * A brand-new browser context (its own empty profile: no IndexedDB) on the terminal; its page. The
 * printed launch link opens the first window; every further one opens the next link the shell
 * keeps in its data folder, as a kiosk script restarting its browser would.
 */
export function openWindow(url: string, contexts: BrowserContext[], options: WindowOptions = {}): Promise<Page> {
  const run = opening.then(() => openWindowNow(url, contexts, options));
  opening = run.catch(() => {});
  return run;
}

async function openWindowNow(url: string, contexts: BrowserContext[], options: WindowOptions): Promise<Page> {
  const profileDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    ...chromiumLaunch,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    hasTouch: true,
    locale: options.locale ?? 'en-GB',
    colorScheme: options.colorScheme ?? 'light',
  });
  contexts.push(context);
  let link = new URL(url);
  const token = link.searchParams.get('launch');
  if (token !== null && usedTokens.has(token)) {
    const next = new URL(nextLaunchLink(url));
    // The other parameters of the link asked for (`?bench`) go along.
    for (const [name, value] of link.searchParams) if (name !== 'launch') next.searchParams.set(name, value);
    link = next;
  }
  const opened = link.searchParams.get('launch');
  if (opened !== null) usedTokens.add(opened);
  const page = await context.newPage();
  // The shell writes the next link before this one answers: once here, the next window can read it.
  await page.goto(link.toString());
  return page;
}

/** openWindow, then its first catalog sync done. */
export async function openSyncedWindow(url: string, contexts: BrowserContext[], options: WindowOptions = {}): Promise<Page> {
  const page = await openWindow(url, contexts, options);
  // In any language: the status button's state class, and the time of the sync it shows.
  const status = new SyncPage(page).status;
  await expect(status).toHaveClass(/sync-status--synced/, { timeout: 60_000 });
  await expect(status).toContainText(/\d\d:\d\d/);
  return page;
}

/** The terminal on the vendor's demo account, its catalog synced; the page it shows. */
export async function openSyncedTerminal(vendorUrl: string, running: Started[], contexts: BrowserContext[], options: WindowOptions = {}): Promise<Page> {
  return openSyncedWindow(await startTerminal(vendorUrl, running), contexts, options);
}
