import { mkdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { FirstStartPage } from './support/FirstStartPage';
import { startServe } from './support/processes';
import { openWindow } from './support/terminal';
import { useCleanup } from './support/cleanup';

// A new terminal (no settings saved) opens on a first screen offering the demo venue, the demo shop
// and "Connect my account" (README "Settings and accounts"); a terminal started with --backend
// never shows it (the other specs). Choosing the demo shop lands on its till, and a restart keeps
// the choice.

test.use({ actionTimeout: 20_000 });

const { running, contexts } = useCleanup();

test('a new terminal offers both demos and an account; the demo shop lands on the till, and stays after a reload', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-first-'));
  const serve = await startServe(['--port', '0', '--data', dataDir]);
  running.push(serve);
  const page = await openWindow(serve.url, contexts);
  const first = new FirstStartPage(page);
  await first.expectShown();
  for (const title of ['Demo venue', 'Demo shop', 'Connect my account'] as const) await expect(first.choice(title)).toBeVisible();
  // No table plan behind it: the newcomer chooses first.
  await expect(page.getByRole('tab')).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).include('[data-testid="first-start"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  mkdirSync('test-results/shots', { recursive: true });
  await page.screenshot({ path: 'test-results/shots/first-start-1280.png' });

  await first.choose('Demo shop');
  await expect(page.getByTestId('till')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('header-shop')).toContainText('Demo shop');

  // Chosen once: the next start opens the till, not the first screen.
  await page.reload();
  await expect(page.getByTestId('till')).toBeVisible({ timeout: 60_000 });
  await expect(first.screen).toHaveCount(0);
});
