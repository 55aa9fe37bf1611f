import { test, type BrowserContext } from '@playwright/test';
import type { Started } from './processes';

/**
 * What a spec's tests start, stopped after each test: browser contexts closed first, then the
 * processes (browser shells, sandboxes). Call once at the top of a spec; pass the arrays to the
 * helpers that start things (startVendor, openSyncedTerminal…) or push onto them.
 */
export function useCleanup(): { running: Started[]; contexts: BrowserContext[] } {
  const running: Started[] = [];
  const contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    await Promise.all(running.splice(0).map((p) => p.stop()));
  });
  return { running, contexts };
}
