import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SettingsPage } from './pages/SettingsPage';
import { startServe } from './support/processes';
import { openWindow } from './support/terminal';
import { useCleanup } from './support/cleanup';
import { analyze, expectTouchSize } from './support/screens';
import { AccountSwitch } from './pages/shop/AccountSwitch';

// The terminal holds a venue, a shop, or both; with both, a "Venue | Shop" switch
// in the header swaps them through the normal account switch, and a shop shows the till.

test.use({ actionTimeout: 20_000 });

const { running, contexts } = useCleanup();

const accountSwitch = (page: Page) => new AccountSwitch(page);

test('Settings → demo shop with the demo venue as second account: the header switch appears, swaps, and the shop shows the till', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-shop-'));
  const serve = await startServe(['--port', '0', '--data', dataDir]);
  running.push(serve);
  const page = await openWindow(serve.url, contexts);

  // The demo venue, alone: no switch.
  const sw = accountSwitch(page);
  await expect(sw.floor).toBeVisible({ timeout: 60_000 });
  await expect(sw.group).toHaveCount(0);

  const settings = new SettingsPage(page);
  await settings.open();
  await settings.choose('Both');
  await settings.choose('Demo venue');
  await settings.choose('Demo shop');
  await settings.choose('The shop');
  await settings.save();
  await expect(settings.saveStatus).toContainText('the demo shop');
  await settings.backToFloor();

  // The shop in use: the till, and the switch with "Shop" pressed.
  await expect(sw.till).toBeVisible({ timeout: 60_000 });
  await expect(sw.shopName).toContainText('Demo shop');
  await expect(sw.shop).toHaveAttribute('aria-pressed', 'true');
  await expect(sw.venue).toHaveAttribute('aria-pressed', 'false');
  await expect(sw.floor).toHaveCount(0);
  await expectTouchSize(sw.venue, 'Venue switch');
  await expectTouchSize(sw.shop, 'Shop switch');
  // The header with the switch: no serious or critical axe violation.
  const axe = await analyze(page, '.app-header');
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Swap to the venue: the floor is back, the till gone.
  await sw.venue.tap();
  await expect(sw.floor).toBeVisible({ timeout: 60_000 });
  await expect(sw.venue).toHaveAttribute('aria-pressed', 'true');
  await expect(sw.till).toHaveCount(0);

  // And back to the shop; the saved settings say so after a restart too.
  await sw.shop.tap();
  await expect(sw.till).toBeVisible({ timeout: 60_000 });
  await expect(sw.shop).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(sw.till).toBeVisible({ timeout: 60_000 });
  await expect(accountSwitch(page).shop).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: 'test-results/screens/shop-switch-1280.png' });
});

for (const { locale, venue, shop } of [
  { locale: 'es-ES', venue: 'Local', shop: 'Tienda' },
  { locale: 'ca-ES', venue: 'Local', shop: 'Botiga' },
]) {
  test(`the switch in ${locale}, on an 800 px portrait screen and at 1920 px: words, touch size, nothing off screen`, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-shop-'));
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ account: { mode: 'demo-shop' }, secondary: { mode: 'demo' }, syncEveryMinutes: 60 }));
    const serve = await startServe(['--port', '0', '--data', dataDir]);
    running.push(serve);
    for (const viewport of [
      { width: 800, height: 1280 },
      { width: 1920, height: 1080 },
    ]) {
      const page = await openWindow(serve.url, contexts, { locale, viewport });
      const sw = accountSwitch(page);
      await expect(sw.shop).toHaveText(shop, { timeout: 60_000 });
      await expect(sw.venue).toHaveText(venue);
      await expect(sw.shop).toHaveAttribute('aria-pressed', 'true');
      for (const button of [sw.venue, sw.shop]) {
        await expectTouchSize(button, `${locale} switch`);
        const box = (await button.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      await page.screenshot({ path: `test-results/screens/shop-switch-${locale}-${viewport.width}.png` });
    }
  });
}
