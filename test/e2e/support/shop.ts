import { expect, type Page } from '@playwright/test';
import { controlRequest } from '../../../electron/sandbox/control/request.testing';

// The retail sandbox as the shop's e2e proofs read it (the vendor of support/shopFixtures.ts): its
// own API with the demo credentials (retail-api.md §5, README "Retail demo account"), its control
// API (faults, ledger, the log of writes, an order as stored) and a barcode scanner. Nothing here
// reads the terminal's code: the amounts a test expects come from the sandbox's catalog through
// test/contract/retail/shopReferee.ts.

/** The demo shop's public credentials at the retail sandbox (retail-api.md §5, README "Retail demo account"). */
export const SHOP_ACCOUNT = { username: 'demo-shop', token: 'demo-token' } as const;

const SHOP_HEADERS = { username: SHOP_ACCOUNT.username, Authorization: `Bearer ${SHOP_ACCOUNT.token}` };

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
