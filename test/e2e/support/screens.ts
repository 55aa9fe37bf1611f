import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

// What the e2e specs check of a screen besides its behaviour: axe's serious and critical findings,
// touch sizes, and screenshots (test-results/screens, plus a copy where a person looks at them).

/** axe's serious and critical findings on the page as it is, each with where and why. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Transitions finished: contrast is measured on the colours at rest.
  await page.evaluate(() => Promise.all((globalThis as unknown as { document: { getAnimations(): Array<{ finished: Promise<unknown> }> } }).document.getAnimations().map((a) => a.finished.catch(() => null))));
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}) ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`));
}

/** A touch target's smaller side is at least 44 px. */
export async function expectTouchSize(locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(Math.min(box!.width, box!.height), `touch size of ${what}`).toBeGreaterThanOrEqual(44);
}

export const SCREENS = 'test-results/screens';

/** A screenshot into test-results/screens and, when `copyTo` names a folder, a copy there. */
export async function screenshot(page: Page, name: string, copyTo?: string): Promise<void> {
  await mkdir(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/${name}.png` });
  if (copyTo) {
    await mkdir(copyTo, { recursive: true });
    await page.screenshot({ path: `${copyTo}/${name}.png` });
  }
}
