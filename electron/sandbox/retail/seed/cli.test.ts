// The demo shop in `npm run sandbox`: `demo-shop` serves it, and `--retail-scale N` builds it with
// N articles (each with its variants).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { stopChild } from '../../../../test/e2e/support/processes';
import { parseCliArgs, USAGE, UsageError } from '../../cliArgs';
import { MAX_RETAIL_SCALE } from './demoShop';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const children: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(children.splice(0).map((child) => stopChild(child)));
});

async function retailUrlOf(child: ChildProcess): Promise<string> {
  let stdout = '';
  return new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /retail listening on (\S+)/.exec(stdout);
      if (match) resolve(match[1] as string);
    });
    child.on('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${stdout}`)));
  });
}

const SHOP = { username: 'demo-shop', Authorization: 'Bearer demo-token' };

interface Page {
  last_page: number;
  total: number;
  data: Array<{ type?: number }>;
}

const get = async (url: string): Promise<Page> => (await (await fetch(url, { headers: SHOP })).json()) as Page;

describe('--retail-scale', () => {
  it('takes a positive article count up to the maximum', () => {
    expect(parseCliArgs(['--retail-scale', '5000']).retailScale).toBe(5000);
    expect(parseCliArgs(['--retail-scale=1']).retailScale).toBe(1);
    expect(parseCliArgs([]).retailScale).toBeUndefined();
    for (const bad of ['0', '-1', '1.5', 'many', String(MAX_RETAIL_SCALE + 1)]) expect(() => parseCliArgs(['--retail-scale', bad]), bad).toThrow(UsageError);
    expect(USAGE).toContain('--retail-scale');
  });

  it('the sandbox CLI serves the demo shop, at the scale asked for', { timeout: 60_000 }, async () => {
    const child = spawn('node_modules/.bin/tsx', ['electron/sandbox/cli.ts', '--port', '0', '--retail-scale', '40'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const url = await retailUrlOf(child);
    const products = await get(`${url}/api/external/catalog/products?pagination=200`);
    const articles = [];
    for (let page = 1; page <= products.last_page; page++) {
      const body = await get(`${url}/api/external/catalog/products?pagination=200&page=${page}`);
      articles.push(...body.data.filter((p) => p.type !== 6));
    }
    expect(articles).toHaveLength(40);
    const orders = await get(`${url}/api/external/v3/reports/orders?start_date=2000-01-01&dateField=closed_at`);
    expect(orders.total).toBeGreaterThan(1000);
    await stopChild(child);
  });
});
