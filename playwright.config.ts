import { defineConfig } from '@playwright/test';

/** Debian's Chromium: Playwright never downloads a browser here. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  // A slow, shared 2-core machine: one worker, generous timeouts, no retries hiding flakes.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    hasTouch: true,
    // The e2e suite runs in English: the terminal follows the system's language.
    locale: 'en-GB',
    launchOptions: chromiumLaunch,
    trace: 'off',
  },
});
