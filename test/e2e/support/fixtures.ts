import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { controlRequest } from '../../../electron/sandbox/control/request.testing';
import { DEMO_HEADERS, roomsFromServer, startScript, startServe, stopChild, tokenFileArgs, type ExpectedRoom, type Started } from './processes';
import { openSyncedWindow, openWindow, type WindowOptions } from './terminal';

// The e2e world as fixtures (STYLE: page models for e2e): the vendor's sandbox on free ports, the
// terminal's browser shell on a data folder of its own pointed at that vendor, and a window of it
// with its first catalog sync done. Each is started only when a test asks for it, once per test
// (a test's vendor state never leaks into the next one), and stopped after it: windows first,
// then the shell, then the vendor. A spec tunes them with `test.use({ vendorOptions: … })`.

/** What the vendor is started with (the sandbox CLI's flags). */
export interface VendorOptions {
  /** `--rate-limit`: requests per minute per tenant; lifted by default so the tests never wait on it. */
  rateLimit: number;
  /** `--scale`: a generated catalog of this many items. */
  scale?: number;
  /** Any further flags (`--state FILE`, `--page-size 5`…). */
  args?: string[];
}

/** One line of the sandbox's ledger of what the POS received (control API `/__sandbox/ledger`). */
export interface LedgerEntry {
  kind: 'flow' | 'loyalty' | string;
  payload: {
    skipMerge?: boolean;
    payments?: unknown;
    order?: {
      extraId?: string;
      total?: string | number;
      contents: unknown[];
      orderDiscount?: { amount: string | number };
      payment?: { amount: string | number; tip?: string | number; payment_method_id?: number; payment_reference?: string };
    };
    [key: string]: unknown;
  };
}

/** The vendor's sandbox as a test drives it: its addresses, its control API, its API read directly. */
export interface Vendor {
  /** The hospitality API's address. */
  url: string;
  /** The retail API's address. */
  retailUrl: string;
  /** One control API call (`/__sandbox/<path>`), answered 200; its body. */
  control<T = unknown>(path: string, body?: unknown): Promise<T>;
  /** Sets the hospitality faults (`{ offline: true }`, `{ latencyMs: 400 }`, `{}` for none). */
  faults(faults: Record<string, unknown>): Promise<void>;
  offline(): Promise<void>;
  online(): Promise<void>;
  /** The ledger; `E`: a spec's own, narrower reading of its entries. */
  ledger<E = LedgerEntry>(): Promise<E[]>;
  /** The floor as the server reports it, read independently of the terminal's code. */
  rooms(): Promise<ExpectedRoom[]>;
  /** The first room (back-office order) with its tables' ids and names. */
  firstRoom(): Promise<{ name: string; tables: Array<{ id: string; name: string }> }>;
  /** An API GET (v2) with the demo account; its JSON. */
  get<T = unknown>(path: string): Promise<T>;
  /** Stops the vendor now (a test of what happens once it is gone). */
  stop(): Promise<void>;
}

/** The terminal's browser shell: its launch link, its data folder, and its windows. */
export interface Terminal {
  url: string;
  dataDir: string;
  /** Everything the shell printed so far (a test that no secret is logged). */
  output(): string;
  /** A brand-new browser profile on the terminal. */
  open(options?: WindowOptions): Promise<Page>;
  /** open(), then its first catalog sync done. */
  openSynced(options?: WindowOptions): Promise<Page>;
}

/** More flags for the browser shell (`--requests-per-minute 30`…). */
export interface TerminalOptions {
  args?: string[];
}

/** What a test starts beyond the fixtures (a second shell, a browser profile kept on disk): stopped after it. */
export interface Owned {
  running: Started[];
  contexts: BrowserContext[];
}

interface Fixtures {
  vendorOptions: VendorOptions;
  terminalOptions: TerminalOptions;
  windowOptions: WindowOptions;
  vendor: Vendor;
  /** The terminal on the fixture's vendor (`--backend`, the demo account's tokens in a file). */
  terminal: Terminal;
  /** A new terminal with no account: its first start offers the demos (the embedded demo venue). */
  demoTerminal: Terminal;
  /** A window of the terminal, its first catalog sync done. */
  terminalPage: Page;
  owned: Owned;
}

export const test = base.extend<Fixtures>({
  vendorOptions: [{ rateLimit: 100_000 }, { option: true }],
  terminalOptions: [{}, { option: true }],
  windowOptions: [{}, { option: true }],

  vendor: async ({ vendorOptions }, use) => {
    const args = ['--port', '0', '--retail-port', '0', '--rate-limit', String(vendorOptions.rateLimit)];
    if (vendorOptions.scale !== undefined) args.push('--scale', String(vendorOptions.scale));
    args.push(...(vendorOptions.args ?? []));
    const started = await startScript('electron/sandbox/cli.ts', args, /^listening on (http:\/\/\S+)\nretail listening on (http:\/\/\S+)/m);
    try {
      await use(vendorOf(started.match[1]!, started.match[2]!, () => stopChild(started.child)));
    } finally {
      await stopChild(started.child);
    }
  },

  terminal: async ({ terminalOptions, vendor }, use) => {
    await runTerminal(vendor, terminalOptions, use);
  },

  demoTerminal: async ({ terminalOptions }, use) => {
    await runTerminal(null, terminalOptions, use);
  },

  terminalPage: async ({ terminal, windowOptions }, use) => {
    await use(await terminal.openSynced(windowOptions));
  },

  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  owned: async ({}, use) => {
    const owned: Owned = { running: [], contexts: [] };
    await use(owned);
    await Promise.all(owned.contexts.splice(0).map((c) => c.close()));
    await Promise.all(owned.running.splice(0).map((p) => p.stop()));
  },
});

export { expect };

function vendorOf(url: string, retailUrl: string, stop: () => Promise<void>): Vendor {
  const control = async <T>(path: string, body?: unknown): Promise<T> => {
    const answer = await controlRequest<T>(url, `/__sandbox/${path}`, body === undefined ? {} : { body });
    expect(answer.status, path).toBe(200);
    return answer.body;
  };
  return {
    url,
    retailUrl,
    control,
    faults: async (faults) => void (await control('faults', faults)),
    offline: async () => void (await control('faults', { offline: true })),
    online: async () => void (await control('faults', {})),
    ledger: async <E>() => (await control<{ entries: E[] }>('ledger')).entries,
    rooms: () => roomsFromServer(url),
    firstRoom: async () => {
      const rooms = await vendorGet<{ data: Array<{ name: string; order: string; tables: Array<{ id: string; name: string }> }> }>(url, 'rooms?withTables=1');
      return rooms.data.sort((a, b) => Number(a.order) - Number(b.order))[0]!;
    },
    get: (path) => vendorGet(url, path),
    stop,
  };
}

async function runTerminal(vendor: Vendor | null, options: TerminalOptions, use: (terminal: Terminal) => Promise<void>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-data-'));
  const backend = vendor === null ? [] : ['--backend', vendor.url, ...tokenFileArgs(dataDir)];
  const serve = await startServe(['--port', '0', '--data', dataDir, ...backend, ...(options.args ?? [])]);
  const contexts: BrowserContext[] = [];
  try {
    await use({
      url: serve.url,
      dataDir,
      output: () => serve.output(),
      open: (windowOptions = {}) => openWindow(serve.url, contexts, windowOptions),
      openSynced: (windowOptions = {}) => openSyncedWindow(serve.url, contexts, windowOptions),
    });
  } finally {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    await serve.stop();
  }
}

async function vendorGet<T>(url: string, path: string): Promise<T> {
  const response = await fetch(`${url}/api/external/v2/${path}`, { headers: DEMO_HEADERS });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}
