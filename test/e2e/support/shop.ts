import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { controlRequest } from '../../../electron/sandbox/control/request.testing';
import { startServe, type Started } from './processes';
import { openWindow } from './terminal';

// The demo shop for e2e proofs: the browser shell started on the demo shop
// (settings.json), the URL of its embedded retail sandbox (from the shell's log line), that
// sandbox's own API read with the demo credentials (retail-api.md §5, README "Retail demo
// account") and its control API (faults, ledger, the log of writes, an order as stored), and a page
// model of the till. Nothing here reads the terminal's code: the amounts a test expects come from
// the sandbox's catalog through test/contract/retail/shopReferee.ts.

const SHOP_HEADERS = { username: 'demo-shop', Authorization: 'Bearer demo-token' };

/** How the demo shop starts (defaults: the shells' own demo shop, the spec's budgets, in English). */
export interface DemoShopSetup {
  /** `--demo-shop-articles`: a small shop syncs and is scanned in seconds. */
  articles?: number;
  /** `--shop-catalog-per-minute`: the terminal's and the sandbox's catalog budget (the combo scan takes half). */
  catalogPerMinute?: number;
  /** The system language the window starts in. */
  locale?: string;
  /** Runs against the sandbox before the window opens: the terminal's first sync sees what it set up. */
  beforeWindow?: (retailUrl: string) => Promise<void>;
}

export interface DemoShop {
  page: Page;
  /** The embedded retail sandbox's root URL. */
  retailUrl: string;
}

/** The browser shell on the demo shop with a data folder of its own; its till open, the real catalog synced. */
export async function openDemoShop(running: Started[], contexts: BrowserContext[], viewport = { width: 1280, height: 800 }, setup: DemoShopSetup = {}): Promise<DemoShop> {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-shop-'));
  // One sync at start; none during the test (the catalog does not change under it).
  await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ account: { mode: 'demo-shop' }, syncEveryMinutes: 60 }));
  const flags = [
    ...(setup.articles !== undefined ? ['--demo-shop-articles', String(setup.articles)] : []),
    ...(setup.catalogPerMinute !== undefined ? ['--shop-catalog-per-minute', String(setup.catalogPerMinute)] : []),
  ];
  const serve = await startServe(['--port', '0', '--data', dataDir, ...flags]);
  running.push(serve);
  const logged = /demo shop: embedded retail sandbox at (http:\/\/127\.0\.0\.1:\d+)/;
  await expect.poll(() => logged.test(serve.output()), { timeout: 30_000, message: 'the shell names its retail sandbox' }).toBe(true);
  const retailUrl = serve.output().match(logged)![1]!;
  await setup.beforeWindow?.(retailUrl);
  const page = await openWindow(serve.url, contexts, { viewport, ...(setup.locale !== undefined ? { locale: setup.locale } : {}) });
  await expect(page.getByTestId('till')).toBeVisible({ timeout: 60_000 });
  // The first group tab shows once the shop's first sync switched to its generation.
  await expect(page.getByTestId('till-groups').getByRole('tab').first()).toBeVisible({ timeout: 120_000 });
  return { page, retailUrl };
}

/** GET on the retail service with the demo shop's credentials; a 429 waits out its Retry-After (the terminal shares the budget). */
export async function retailGet<T>(retailUrl: string, path: string): Promise<T> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await fetch(`${retailUrl}/api/external/${path}`, { headers: SHOP_HEADERS });
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after') ?? '5');
      await new Promise((done) => setTimeout(done, (Number.isFinite(seconds) ? seconds : 5) * 1000 + 250));
      continue;
    }
    if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
  throw new Error(`GET ${path}: still rate-limited after 5 tries`);
}

export type Wire = Record<string, unknown>;

/** A write on the retail service with the demo shop's credentials (the shop's back office, as a manager would); its JSON answer. */
export async function retailSend<T>(retailUrl: string, method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${retailUrl}/api/external/${path}`, {
    method,
    headers: { ...SHOP_HEADERS, 'Content-Type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The retail path of a product's promotion links (retail-api.md §4.5). */
export const productLinksPath = (productId: number) => `/api/external/catalog/products/${productId}/promotions`;

/**
 * A combo on linked products (type 3, `apply_to` 1) created at the shop, linked to `productIds`
 * product by product (the only way the API links them); its id.
 */
export async function createLinkedCombo(retailUrl: string, combo: { name: string; comboPrice: string; productIds: readonly number[] }): Promise<number> {
  const created = await retailSend<Wire>(retailUrl, 'POST', 'promotions/promotions', { name: combo.name, type: 3, apply_to: 1, combo_price: combo.comboPrice });
  const id = Number(created.id);
  for (const productId of combo.productIds) {
    const linked = await retailSend<Wire[]>(retailUrl, 'POST', `catalog/products/${productId}/promotions`, { promotions: [id] });
    expect(linked.map((p) => Number(p.id))).toContain(id);
  }
  return id;
}

export interface LedgerEntry {
  service: 'retail';
  kind: 'order' | 'invoice';
  tenant: string;
  receivedAt: string;
  orderId: number;
  payload: Wire;
}

export interface LoggedWrite {
  seq: number;
  at: string;
  method: string;
  path: string;
  username: string | null;
  status: number;
}

/** The retail sandbox's control API (electron/sandbox/retail/control). */
export function retailControl(retailUrl: string) {
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const answer = await controlRequest<T>(retailUrl, `/__sandbox/${path}`, { body });
    expect(answer.status, path).toBe(200);
    return answer.body;
  };
  return {
    offline: () => call('faults', { offline: true }),
    online: () => call('faults', {}),
    ledger: async () => (await call<{ entries: LedgerEntry[] }>('ledger?tenant=demo-shop')).entries,
    /** The writes that arrived at the orders paths, oldest first. */
    orderWrites: async () => (await call<{ entries: LoggedWrite[] }>('requests?path=/api/external/orders*')).entries,
    /** Every write that arrived. */
    writes: async () => (await call<{ entries: LoggedWrite[] }>('requests')).entries,
    order: (id: number) => call<Wire>(`orders/${id}?username=demo-shop`),
    /** These exact paths answer 503 until the next call ([] lifts them); the rest of the service works. */
    outage: (paths: string[]) => call<{ paths: string[]; refused: number }>('outages', { paths }),
    /** The paths out and how many requests they refused. */
    outages: () => call<{ paths: string[]; refused: number }>('outages'),
  };
}

/**
 * A keyboard-wedge scanner: the code's keys and Enter within a millisecond or two, at whatever has
 * the focus (dispatched in the page: Playwright's own typing can leave more than the scanner's
 * 35 ms between keys on a busy machine).
 */
export async function scan(page: Page, code: string): Promise<void> {
  await page.evaluate(`(() => {
    const target = document.activeElement ?? document.body;
    for (const key of ${JSON.stringify([...code, 'Enter'])}) target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  })()`);
}

/** The till and its pay dialog (features/till): test ids only. */
export class TillPage {
  constructor(readonly page: Page) {}

  line(productId: number): Locator {
    return this.page.locator(`[data-testid="till-line"][data-product-id="${productId}"]`);
  }
  get lines(): Locator {
    return this.page.getByTestId('till-line');
  }
  get total(): Locator {
    return this.page.getByTestId('till-total');
  }
  get rate(): Locator {
    return this.page.getByTestId('till-rate');
  }
  get payDialog(): Locator {
    return this.page.getByTestId('sale-pay-dialog');
  }
  /** The basket's "Discounts" total (shown only when there is one). */
  get discounts(): Locator {
    return this.page.getByTestId('till-discounts');
  }
  /** A promotion's discount under a line. */
  lineDiscount(productId: number, promotionId: number): Locator {
    return this.line(productId).locator(`[data-testid="till-line-promotion"][data-promotion-id="${promotionId}"]`);
  }
  /** A line's note that a combo it belongs to is not applied yet (its product list not known). */
  comboWaiting(productId: number, promotionId: number): Locator {
    return this.line(productId).locator(`[data-testid="till-line-combo-waiting"][data-promotion-id="${promotionId}"]`);
  }

  /** "−" on a line of one unit: the line goes. */
  async removeLine(productId: number): Promise<void> {
    await expect(this.line(productId).getByTestId('till-line-measure')).toContainText(/^1 ×|^1 /);
    await this.line(productId).getByTestId('till-line-minus').tap();
    await expect(this.line(productId)).toHaveCount(0);
  }

  /** Scans a barcode and waits for its product's line to show `quantity` units. */
  async scanProduct(code: string, productId: number, quantity: number): Promise<void> {
    await scan(this.page, code);
    await expect(this.line(productId)).toBeVisible();
    await expect(this.line(productId).getByTestId('till-line-measure')).toContainText(new RegExp(`^${quantity} ×|^${quantity} `));
  }

  async openPay(): Promise<void> {
    await this.page.getByTestId('till-pay').tap();
    await expect(this.payDialog).toBeVisible();
  }

  /** Adds a payment row of a method; its amount field set to `amount` (as typed: "10.55"), cash's handed-over field to `tendered`. */
  async addPayment(methodId: number, amount: string, tendered?: string): Promise<void> {
    const rows = this.payDialog.getByTestId('sale-pay-row');
    const before = await rows.count();
    await this.payDialog.getByTestId(`sale-pay-method-${methodId}`).tap();
    await expect(rows).toHaveCount(before + 1);
    const row = rows.nth(before);
    await row.getByTestId('sale-pay-amount').fill(amount);
    if (tendered !== undefined) await row.getByTestId('sale-pay-tendered').fill(tendered);
  }

  /** Pay, then the dialog says the sale is saved (with its receipt, when it has one). */
  async submitPayment(): Promise<void> {
    await this.payDialog.getByTestId('sale-pay-submit').tap();
    await expect(this.payDialog.getByTestId('sale-pay-saved')).toBeVisible({ timeout: 30_000 });
  }

  /** Closes the paid sale's dialog ("New sale", or Escape where it has no such button): the till is free for the next sale. */
  async closePaid(): Promise<void> {
    const close = this.payDialog.getByTestId('receipt-close');
    if (await close.isVisible()) await close.tap();
    else await this.page.keyboard.press('Escape');
    await expect(this.payDialog).toBeHidden();
    await expect(this.lines).toHaveCount(0);
  }
}
