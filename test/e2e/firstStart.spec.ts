import { FirstStartPage } from './pages/FirstStartPage';
import { expect, test } from './support/fixtures';
import { analyze, screenshot } from './support/screens';

// A new terminal (no settings saved) opens on a first screen offering the demo venue, the demo shop
// and "Connect my account" (README "Settings and accounts"); a terminal started with --backend
// never shows it (the other specs). Choosing the demo shop lands on its till, and a restart keeps
// the choice.

test.use({ actionTimeout: 20_000 });

test('a new terminal offers both demos and an account; the demo shop lands on the till, and stays after a reload', async ({ demoTerminal }) => {
  const page = await demoTerminal.open();
  const first = new FirstStartPage(page);
  await first.expectShown();
  for (const title of ['Demo venue', 'Demo shop', 'Connect my account'] as const) await expect(first.choice(title)).toBeVisible();
  // No table plan behind it: the newcomer chooses first.
  await first.expectNothingBehind();
  const axe = await analyze(page, '[data-testid="first-start"]');
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await screenshot(page, 'first-start-1280', 'test-results/shots');

  await first.choose('Demo shop');
  await first.expectTill('Demo shop');

  // Chosen once: the next start opens the till, not the first screen.
  await page.reload();
  await first.expectTill();
  await expect(first.screen).toHaveCount(0);
});
