import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

// What the e2e specs check of a screen besides its behaviour: axe's serious and critical findings,
// touch sizes, and screenshots (test-results/screens, plus a copy where a person looks at them).

/**
 * Rules every axe run must have run: a run that filters them away (tags, disabled rules, an older
 * axe-core keeping them experimental) fails instead of passing silently. Label in name: WCAG 2.5.3.
 */
export const REQUIRED_AXE_RULES = ['label-content-name-mismatch', 'color-contrast', 'button-name'] as const;

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** axe on the page (or on `include`, a selector), with every rule it has on; the required ones checked to have run. */
export async function analyze(page: Page, include?: string): Promise<AxeResults> {
  const builder = new AxeBuilder({ page });
  const result = await (include === undefined ? builder : builder.include(include)).analyze();
  const ran = new Set([...result.passes, ...result.violations, ...result.incomplete, ...result.inapplicable].map((rule) => rule.id));
  const missing = REQUIRED_AXE_RULES.filter((id) => !ran.has(id));
  expect(missing, `axe ${result.testEngine.version} ran without these rules`).toEqual([]);
  return result;
}

/** axe's serious and critical findings on the page as it is, each with where and why. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Transitions finished: contrast is measured on the colours at rest.
  await page.evaluate(() =>
    Promise.all(
      (globalThis as unknown as { document: { getAnimations(): Array<{ finished: Promise<unknown> }> } }).document
        .getAnimations()
        .map((a) => a.finished.catch(() => null)),
    ),
  );
  const result = await analyze(page);
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
