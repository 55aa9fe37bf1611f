import { FloorPage } from './pages/FloorPage';
import { SyncPage } from './pages/SyncPage';
import { test } from './support/fixtures';
import { screenshot } from './support/screens';

test('the catalog syncs at start-up; the sync view shows what is stored, and "Sync now" shows its progress', async ({ vendor, terminal }) => {
  const page = await terminal.open();
  const floor = new FloorPage(page);
  const sync = new SyncPage(page);
  // The last successful sync time is always in the header.
  await sync.expectStatus(/Catalog synced \d\d:\d\d/);
  await floor.expectOnline();

  await sync.openView();
  await sync.expectProgress('Up to date');
  const items = (await vendor.get<{ total: number }>('catalog/items?pagination=1')).total;
  const customers = (await vendor.get<{ total: number }>('customers?pagination=1')).total;
  await sync.expectResource('items', `Items ${items.toLocaleString('en')}`);
  await sync.expectResource('customers', `Customers ${customers.toLocaleString('en')}`);

  // Slow every answer down, so the sync under way can be watched.
  await vendor.faults({ latencyMs: 400 });
  await sync.tapSyncNow();
  await sync.expectStatus('Updating');
  await sync.expectStatus('Catalog synced'); // still visible while updating
  await sync.expectProgress(/Updating: \d+ of (about )?\d+ requests/);
  await sync.expectResource('items', /Items [\d,]+ \/ [\d,…]+ · \d+ \/ [\d…]+ requests/);
  await screenshot(page, 'sync-progress');

  await sync.expectProgress('Up to date', 60_000);
  await sync.expectResource('items', `Items ${items.toLocaleString('en')}`);
  await vendor.faults({});
});
