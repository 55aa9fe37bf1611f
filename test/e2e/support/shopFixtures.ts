import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { createFileShopVault } from '../../../electron/services/secrets/vault.file';
import { TillPage } from '../pages/shop/TillPage';
import { startScript, startServe, withParams, type Started } from './processes';
import { retailControl, SHOP_ACCOUNT } from './shop';
import { openWindow, type WindowOptions } from './terminal';

// The shop's e2e setup as fixtures: the vendor (the sandbox CLI's retail service, on a free port)
// and the terminal (the browser shell on a shop account pointed at that vendor, on a data folder
// of its own); or the demo shop (the shell's own retail sandbox, no vendor: a test that
// never needs the sandbox's address). A spec gets the vendor's address from here, never from a
// log line; the clean-up closes every browser, then stops the terminal and the vendor.

/** How the vendor and the terminal start (defaults: the spec's budgets, the demo shop's 300 articles). */
export interface ShopSetup {
  /** The retail sandbox's `--retail-scale`: a small shop syncs and is scanned in seconds. */
  articles?: number;
  /** The catalog budget a minute of the terminal (`--shop-catalog-per-minute`) and of the sandbox (`--retail-rate-limit`). */
  catalogPerMinute?: number;
  /** The sandbox's `--webhook-time-scale`. */
  webhookTimeScale?: number;
  /** settings.json's `shopWebhooks`: the receiver on, on a free loopback port. */
  webhookReceiver?: boolean;
  /** settings.json's `secondary`: the demo venue beside the shop (the header's Venue | Shop switch shows). */
  demoVenueBeside?: boolean;
}

export interface Vendor {
  /** The retail service's root URL (its API and its control routes). */
  retailUrl: string;
  /** Its control API: faults, ledger, the log of writes. */
  control: ReturnType<typeof retailControl>;
}

export interface Terminal {
  /** The launch link the shell printed. */
  url: string;
  dataDir: string;
}

export interface ShopWindowOptions extends WindowOptions {
  /** `?bench`: the till's seeding hooks (features/till/tillSeed.ts). */
  bench?: boolean;
}

export interface ShopFixtures {
  shopSetup: ShopSetup;
  vendor: Vendor;
  terminal: Terminal;
  /** A new browser window on the terminal, the till open once the shop's first sync filled it. */
  openShop: (options?: ShopWindowOptions) => Promise<TillPage>;
  /** The browser shell on the demo shop (settings.json `demo-shop`): the shell's own retail sandbox, no vendor. */
  demoShop: Terminal;
  /** openShop's window, on the demo shop. */
  openDemoShop: (options?: ShopWindowOptions) => Promise<TillPage>;
}

export const test = base.extend<ShopFixtures>({
  shopSetup: [{}, { option: true }],

  vendor: async ({ shopSetup }, use) => {
    const flags = [
      '--port',
      '0',
      '--retail-port',
      '0',
      '--rate-limit',
      '100000',
      ...(shopSetup.articles !== undefined ? ['--retail-scale', String(shopSetup.articles)] : []),
      ...(shopSetup.catalogPerMinute !== undefined ? ['--retail-rate-limit', String(shopSetup.catalogPerMinute)] : []),
      ...(shopSetup.webhookTimeScale !== undefined ? ['--webhook-time-scale', String(shopSetup.webhookTimeScale)] : []),
    ];
    const sandbox = await startScript('electron/sandbox/cli.ts', flags, /retail listening on (http:\/\/127\.0\.0\.1:\d+)/);
    try {
      const retailUrl = sandbox.match[1]!;
      await use({ retailUrl, control: retailControl(retailUrl) });
    } finally {
      await sandbox.stop();
    }
  },

  terminal: async ({ vendor, shopSetup }, use) => {
    // A shop account at the vendor, as Settings saves one: the account in settings.json (one sync
    // at start, none during the test), its token in the data folder's vault.
    const account = { mode: 'shop', baseUrl: vendor.retailUrl, username: SHOP_ACCOUNT.username };
    const saveToken = (dataDir: string) => createFileShopVault(dataDir).save({ ...SHOP_ACCOUNT }, new URL(vendor.retailUrl).origin);
    const flags = shopSetup.catalogPerMinute !== undefined ? ['--shop-catalog-per-minute', String(shopSetup.catalogPerMinute)] : [];
    await runShell(account, shopSetup, flags, use, saveToken);
  },

  openShop: async ({ terminal }, use) => {
    await shopWindows(terminal, use);
  },

  demoShop: async ({ shopSetup }, use) => {
    await runShell({ mode: 'demo-shop' }, shopSetup, [], use);
  },

  openDemoShop: async ({ demoShop }, use) => {
    await shopWindows(demoShop, use);
  },
});

/** The browser shell on `account` (settings.json, as Settings saves it), on a data folder of its own. */
async function runShell(
  account: Record<string, unknown>,
  setup: ShopSetup,
  flags: string[],
  use: (terminal: Terminal) => Promise<void>,
  beforeStart?: (dataDir: string) => Promise<void>,
) {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-shop-'));
  await writeFile(
    join(dataDir, 'settings.json'),
    JSON.stringify({
      account,
      ...(setup.demoVenueBeside ? { secondary: { mode: 'demo' } } : {}),
      syncEveryMinutes: 60,
      ...(setup.webhookReceiver ? { shopWebhooks: { enabled: true, host: '127.0.0.1', port: 0 } } : {}),
    }),
  );
  await beforeStart?.(dataDir);
  const serve: Started & { url: string } = await startServe(['--port', '0', '--data', dataDir, ...flags]);
  try {
    await use({ url: serve.url, dataDir });
  } finally {
    await serve.stop();
  }
}

/** Windows on a shop terminal, each with the till open once the shop's first sync filled it; closed after the test. */
async function shopWindows(terminal: Terminal, use: (open: (options?: ShopWindowOptions) => Promise<TillPage>) => Promise<void>) {
  const contexts: BrowserContext[] = [];
  try {
    await use(async (options = {}) => {
      const { bench, ...window } = options;
      const page: Page = await openWindow(bench ? withParams(terminal.url, { bench: '' }) : terminal.url, contexts, window);
      const till = new TillPage(page);
      await expect(till.root).toBeVisible({ timeout: 60_000 });
      await till.waitForCatalog();
      return till;
    });
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
}

export { expect };
