import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { FirstStartPage } from './support/FirstStartPage';
import { FloorPage } from './support/FloorPage';
import { DEMO_HEADERS, freePort, startServe } from './support/processes';
import { SyncPage } from './support/SyncPage';
import { useCleanup } from './support/cleanup';

const SCREENS = 'test-results/screens';

const { running } = useCleanup();

async function total(sandboxUrl: string, path: string): Promise<number> {
  const response = await fetch(`${sandboxUrl}/api/external/v2/${path}`, { headers: DEMO_HEADERS });
  expect(response.status, path).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

async function setFaults(sandboxUrl: string, faults: Record<string, unknown>) {
  expect((await controlRequest(sandboxUrl, '/__sandbox/faults', { body: faults })).status).toBe(200);
}

test('the catalog syncs at start-up; the sync view shows what is stored, and "Sync now" shows its progress', async ({ page }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-data-'));
  const serve = await startServe(['--port', String(await freePort()), '--data', dataDir]);
  running.push(serve);
  const sandboxUrl = serve.output().match(/embedded sandbox at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
  expect(sandboxUrl, serve.output()).toBeTruthy();

  const floor = new FloorPage(page);
  const sync = new SyncPage(page);
  await floor.open(serve.url);
  await new FirstStartPage(page).choose('Demo venue');
  // The last successful sync time is always in the header.
  await expect(sync.status).toContainText(/Catalog synced \d\d:\d\d/);
  await expect(floor.connection).toContainText('Online');

  await sync.openView();
  await expect(sync.progress).toContainText('Up to date');
  const items = await total(sandboxUrl!, 'catalog/items?pagination=1');
  const customers = await total(sandboxUrl!, 'customers?pagination=1');
  await expect(sync.resource('items')).toContainText(`Items ${items.toLocaleString('en')}`);
  await expect(sync.resource('customers')).toContainText(`Customers ${customers.toLocaleString('en')}`);

  // Slow every answer down, so the sync under way can be watched.
  await setFaults(sandboxUrl!, { latencyMs: 400 });
  await sync.tapSyncNow();
  await expect(sync.status).toContainText('Updating');
  await expect(sync.status).toContainText('Catalog synced'); // still visible while updating
  await expect(sync.progress).toContainText(/Updating: \d+ of (about )?\d+ requests/);
  await expect(sync.resource('items')).toContainText(/Items [\d,]+ \/ [\d,…]+ · \d+ \/ [\d…]+ requests/);
  await page.screenshot({ path: `${SCREENS}/sync-progress.png` });

  await expect(sync.progress).toContainText('Up to date', { timeout: 60_000 });
  await expect(sync.resource('items')).toContainText(`Items ${items.toLocaleString('en')}`);
  await setFaults(sandboxUrl!, {});
});
