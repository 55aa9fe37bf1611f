import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { eurosOfCents as euros } from './pages/CatalogPage';
import { ReceiptView } from './pages/ReceiptView';
import { analyze } from './support/screens';
import { expect, test } from './support/shopFixtures';

// The till's receipt in the browser shell on the demo shop, its own catalog as
// the shop's sync brings it and its sales delivered to the demo shop's retail sandbox: two socks of
// one size and colour (the shop's "2x1 en mitjons" takes one off, shown under the line) and a book
// (4 % VAT), paid in cash with 50 € handed over. The receipt shows the total the basket showed,
// the change worked out here, the taxes by rate adding up to the total, and the invoice's number
// once the sandbox gave it; the PDF holds the same; printing prints the receipt alone.

test.use({ actionTimeout: 20_000 });

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/receipt';

/** "€12.85" → 1285. */
function cents(text: string): number {
  const match = /(\d+)\.(\d\d)/.exec(text.replace(/,/g, ''));
  expect(match, `an amount in ${text}`).not.toBeNull();
  return Number(match![1]) * 100 + Number(match![2]);
}

async function serious(page: Page, include: string): Promise<string[]> {
  const result = await analyze(page, include);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a cash sale with change: the receipt on screen, as a PDF and printed alone', async ({ openDemoShop }) => {
  await mkdir(SHOTS, { recursive: true });
  const till = await openDemoShop({ viewport: { width: 1280, height: 800 } });
  const { page, pay } = till;
  // No sale yet in this window: "Last receipt" is there but off.
  await expect(till.lastReceiptButton).toBeDisabled();

  // Two socks of one variant: the shop's 2x1 on its socks category.
  await till.tapFirstProductOf('Complements', 'Mitjons');
  await till.variants.chooseFirstAvailable();
  const socks = till.lineAt(0);
  await socks.plus.tap();
  await expect(socks.promotions).toContainText('2x1 en mitjons');
  const sockName = (await socks.name.innerText()).trim();
  const sockVariant = (await socks.variant.innerText()).trim();
  // A book: 4 % VAT beside the socks' 21 %.
  await till.tapFirstProductOf('Llibreria i altres', 'Llibres i revistes');
  await expect(till.lines).toHaveCount(2);
  const total = cents(await till.total.innerText());

  // Pay in cash, 50 € handed over (more than the total: the change is 50 € − total).
  expect(total).toBeLessThan(5000);
  await till.openPay();
  await pay.payRest(2, '50');
  await expect(pay.change).toHaveText(euros(5000 - total));
  await pay.submitButton.tap();
  await expect(pay.saved).toBeVisible();

  // The receipt, in the dialog: lines with variant and the promotion under its line, the total, cash and change.
  const receipt = pay.receipt;
  await expect(receipt.paper).toBeVisible();
  await expect(receipt.shop).toHaveText('Demo shop');
  await expect(receipt.when).toHaveText(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d$/);
  await expect(receipt.lines).toHaveCount(2);
  const sockLine = receipt.lineParts(0);
  await expect(sockLine.line).toContainText(sockName);
  await expect(sockLine.variant).toHaveText(sockVariant);
  await expect(sockLine.measure).toContainText(/^2 × €\d+\.\d\d$/);
  await expect(sockLine.discounts).toHaveCount(1);
  await expect(sockLine.discounts).toContainText('2x1 en mitjons');
  await expect(receipt.total).toHaveText(euros(total));
  await expect(receipt.tendered).toHaveText('€50.00');
  await expect(receipt.change).toHaveText(euros(5000 - total));
  // Taxes by rate (21 % and 4 %), then their sum: its total is the receipt's total, each base + tax its rate's total.
  await expect(receipt.taxes).toHaveCount(3);
  const taxRows = await receipt.taxRows();
  expect(taxRows.map((row) => row[0])).toEqual(['VAT 21 %', 'VAT 4 %', 'All']);
  for (const row of taxRows) expect(cents(row[1]!) + cents(row[2]!)).toBe(cents(row[3]!));
  expect(cents(taxRows[0]![3]!) + cents(taxRows[1]![3]!)).toBe(total);
  expect(cents(taxRows[2]![3]!)).toBe(total);
  // The invoice's number once the demo shop's system answered ("pending" until then).
  await expect(receipt.invoice).toHaveAttribute('data-state', 'numbered', { timeout: 60_000 });
  const invoiceText = (await receipt.invoice.innerText()).trim();
  expect(invoiceText).toMatch(/^Invoice E-\d+$/);
  expect(await serious(page, '[data-testid="sale-pay-dialog"]')).toEqual([]);
  await page.screenshot({ path: join(SHOTS, 'receipt-after-pay-1280x800.png') });

  // Save PDF: a download named after the day and the sale, a PDF holding the total, the change and the invoice.
  const download = await receipt.savePdf();
  expect(download.suggestedFilename()).toMatch(/^receipt-\d{4}-\d\d-\d\d-[0-9A-F]{8}\.pdf$/);
  const pdf = (await readFile((await download.path())!)).toString('latin1');
  expect(pdf.startsWith('%PDF-1.4')).toBe(true);
  expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  // Windows-1252: "€" is byte 0x80.
  expect(pdf).toContain(`(\x80${(total / 100).toFixed(2)}) Tj`);
  expect(pdf).toContain(`(\x80${((5000 - total) / 100).toFixed(2)}) Tj`);
  expect(pdf).toContain(`(${invoiceText}) Tj`);
  expect(pdf).toContain('(2x1 en mitjons) Tj');
  await writeFile(join(SHOTS, 'receipt.pdf'), await readFile((await download.path())!));

  // Print: the system's print dialog (stubbed here), and the print stylesheet shows the receipt alone.
  await page.evaluate(() => {
    const w = globalThis as unknown as { print: () => void; printed: number };
    w.printed = 0;
    w.print = () => (w.printed += 1);
  });
  await receipt.print();
  expect(await page.evaluate(() => (globalThis as unknown as { printed: number }).printed)).toBe(1);
  const printed = receipt.printed;
  await expect(printed).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(printed).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'receipt-print-media-1280x800.png') });
  await expect(printed).toContainText(euros(total));
  await expect(printed).toContainText(invoiceText);
  await expect(pay.root).toBeHidden();
  await expect(till.root).toBeHidden();
  // A till roll's width: 72 mm (272 CSS px), whatever the window.
  const width = await receipt.printedWidth();
  expect(Math.round(width)).toBe(272);
  await page.emulateMedia({ media: 'screen' });
  await expect(printed).toBeHidden();
  await expect(pay.root).toBeVisible();

  // Portrait.
  await page.setViewportSize({ width: 800, height: 1280 });
  await expect(receipt.paper).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'receipt-after-pay-800x1280.png') });

  // New sale: the basket is empty, and "Last receipt" shows the same receipt again.
  await receipt.close();
  await expect(till.basketEmpty).toBeVisible();
  await expect(receipt.printed).toHaveCount(0);
  await till.lastReceiptButton.tap();
  const shown = ReceiptView.lastReceipt(page);
  await expect(shown.total).toHaveText(euros(total));
  await expect(shown.change).toHaveText(euros(5000 - total));
  await expect(shown.invoice).toHaveText(invoiceText);
  expect(await serious(page, '[data-testid="receipt-dialog"]')).toEqual([]);
  await page.screenshot({ path: join(SHOTS, 'last-receipt-800x1280.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(SHOTS, 'last-receipt-1280x800.png') });
  await shown.close();
  await expect(till.lastReceiptButton).toBeEnabled();
  await page.screenshot({ path: join(SHOTS, 'till-1280x800.png') });
});
