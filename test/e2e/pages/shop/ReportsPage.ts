import { expect, type Locator, type Page } from '@playwright/test';

/** The report sections, in the order the screen shows them. */
export const REPORT_SECTIONS = ['hours', 'categories', 'products', 'payments', 'taxes', 'stocks'] as const;

/** The Reports screen (features/reports): ranges, sections with a chart, a table and a CSV each. */
export class ReportsPage {
  readonly screen: Locator;
  readonly button: Locator;
  readonly customRange: Locator;
  readonly asOf: Locator;
  readonly note: Locator;
  constructor(readonly page: Page) {
    this.screen = page.getByTestId('reports-screen');
    this.button = page.getByTestId('reports-button');
    this.customRange = page.getByTestId('reports-range-custom');
    this.asOf = page.getByTestId('reports-as-of');
    this.note = page.getByTestId('reports-note');
  }
  section(id: string): Locator {
    return this.page.getByTestId(`report-${id}`);
  }
  rows(section: string): Locator {
    return this.section(section).getByTestId('report-row');
  }
  totalCell(section: string, column: string): Locator {
    return this.section(section).getByTestId('report-total').locator(`[data-column="${column}"]`);
  }
  /** The back button, in the language shown. */
  back(label: string): Locator {
    return this.page.getByRole('button', { name: label });
  }

  async open() {
    await this.button.tap();
    await expect(this.screen).toBeVisible({ timeout: 30_000 });
  }

  /** Every page read: no reading under way, and the time the figures were read. */
  async settled() {
    await expect(this.asOf).toBeVisible({ timeout: 180_000 });
    await expect(this.page.getByTestId('reports-progress')).toHaveCount(0, { timeout: 180_000 });
  }

  /** Every section's chart is drawn (an SVG in it, ECharts said `finished`). */
  async chartsDrawn() {
    for (const id of REPORT_SECTIONS) {
      const chart = this.section(id).getByTestId('report-chart');
      await expect(chart).toHaveAttribute('data-drawn', 'true', { timeout: 30_000 });
      await expect(chart.locator('svg').first()).toBeVisible();
    }
  }

  async chooseDates(from: string, to: string) {
    await this.customRange.tap();
    const form = this.page.getByTestId('reports-custom');
    await form.getByTestId('reports-from').fill(from);
    await form.getByTestId('reports-to').fill(to);
    await form.getByTestId('reports-show').tap();
    await expect(form).toBeHidden();
  }

  /** A section's CSV, downloaded. */
  async downloadCsv(section: string) {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.section(section).getByTestId('report-csv').tap()]);
    return download;
  }

  /** The table's cells as shown, header and Total row included. */
  async tableTexts(section: string): Promise<string[][]> {
    return this.section(section)
      .getByTestId('report-table')
      .evaluate((table) => [...table.querySelectorAll('tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())));
  }
}
