import { join } from 'node:path';
import { seriousViolations as violations } from './support/screens';
import { expect, test, type ShopWindowOptions } from './support/shopFixtures';
import type { TillPage } from './pages/shop/TillPage';

// The shop's till in the browser shell on a shop account, its catalog seeded
// through the page (renderer/src/features/till/tillSeed.ts, loaded with ?bench) as a sync writes a
// generation: a small shop with a variant master (sizes × colours, one sold out), a product sold by
// weight, a 2x1 on the T-shirts and a "Staff" price rate (−10 %, nearest .05; the tote bag's own
// price in it 7.00). The amounts are worked out here from those records by the clarifications'
// rules, not by the terminal's code.

test.use({ actionTimeout: 20_000 });

/** The browser shell on a shop account, its own first sync done, then the small shop seeded through the page's hooks. */
async function openTill(openShop: (options?: ShopWindowOptions) => Promise<TillPage>, viewport = { width: 1280, height: 800 }): Promise<TillPage> {
  // The shop's own first sync switches generations when it ends: openShop lets it finish before
  // seeding, or it would replace the seeded catalog under the test.
  const till = await openShop({ viewport, bench: true });
  await till.seedSmallShop();
  return till;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
]) {
  test(`sells a variant, a weighed product and a 2x1 at a price rate, by taps and scans (${viewport.width}×${viewport.height})`, async ({ openShop }) => {
    const till = await openTill(openShop, viewport);
    const { page } = till;
    const found: string[] = [];

    // A variant master opens its size × colour grid: stock per cell, the sold-out one marked, not hidden.
    await till.tapProduct(100);
    const grid = till.variants;
    await expect(grid.cells).toHaveCount(5);
    const soldOut = grid.cell(104);
    await expect(soldOut).toHaveAttribute('data-sold-out', 'true');
    await expect(soldOut).toContainText('Sold out');
    await expect(grid.cell(103)).toContainText('7 in stock');
    found.push(...(await violations(page)).map((v) => `variants: ${v}`));
    await grid.cell(101).tap();
    await expect(grid.root).toBeHidden();
    await expect(till.line(101).variant).toHaveText('S · Navy');

    // The second T-shirt by its barcode: the 2x1 gives the cheaper (here: equal) unit free, as its own line.
    await till.scan('84000000103');
    await expect(till.line(103).promotions).toContainText('2x1 T-shirts');
    await expect(till.line(103).promotions).toContainText('−€15.00');

    // By weight: the keypad asks for kg with 3 decimals.
    await till.openGroup('Deli');
    await till.tapProduct(300);
    const weight = till.weight;
    await weight.tapKeys(['0', 'Decimal comma', '3', '4', '5', '6']);
    await expect(weight.field).toHaveValue('0,345'); // a 4th decimal is not taken
    await weight.deleteLastDigit();
    await weight.tapKeys(['5']);
    found.push(...(await violations(page)).map((v) => `weight: ${v}`));
    await weight.confirm();
    await expect(till.line(300).measure).toContainText('0.345 kg');

    // An unknown barcode is said, politely; the basket is untouched.
    await till.scan('2000000000001');
    await expect(till.scanNotice).toContainText('2000000000001');
    await expect(till.lines).toHaveCount(3);

    // Shop prices: 15.00 + 15.00 − 15.00 + 18.99 × 0.345 (6.55155 → 6.55) = 21.55
    await expect(till.total).toHaveText('€21.55');
    // Staff rate (−10 %, nearest .05): T-shirts 13.50 (one free); cheese 17.091 → 17.10/kg × 0.345 = 5.8995 → 5.90;
    // two tote bags scanned at their own rate price 7.00.
    await till.chooseRate({ label: 'Staff' });
    await till.scan('8400000000200');
    await till.scan('8400000000200');
    await expect(till.line(200).sum).toHaveText('€14.00');
    await expect(till.total).toHaveText('€33.40');
    await expect(till.discounts).toHaveText('−€13.50');

    // +/− and a line discount with a note.
    await till.line(200).minus.tap();
    await expect(till.total).toHaveText('€26.40');
    await till.line(200).edit.tap();
    const dialog = till.lineDialog;
    await dialog.discountPercent('10');
    await dialog.note('Gift wrap');
    found.push(...(await violations(page)).map((v) => `line: ${v}`));
    await dialog.confirm();
    await expect(till.line(200).manualDiscount).toContainText('−€0.70');
    await expect(till.line(200).notes).toContainText('Gift wrap');
    await expect(till.total).toHaveText('€25.70');

    // To look at: the test's output folder, or SHOTS_DIR when set.
    await page.screenshot({ path: join(process.env.SHOTS_DIR ?? test.info().outputPath(), `till-${viewport.width}x${viewport.height}.png`) });
    found.push(...(await violations(page)).map((v) => `basket: ${v}`));
    expect(found).toEqual([]);

    // "Pay" hands the basket to the pay dialog (features/till/pay); a scan meanwhile changes nothing.
    await till.openPay();
    await till.scan('8400000000200');
    await expect(till.lines).toHaveCount(4);
  });
}

test('searches by name, reference and barcode, and is usable from the keyboard', async ({ openShop }) => {
  const till = await openTill(openShop);
  const { page, search } = till;
  await search.fill('tote');
  await expect(till.searchCards).toHaveCount(1);
  await search.fill('TSH-105');
  await expect(till.searchResult(105)).toBeVisible();
  await search.fill('nothing like this');
  await expect(till.searchEmpty).toBeVisible();
  await search.fill('');

  // Keyboard: the groups' tabs with the arrows, a product with Enter, its weight typed, confirmed with Enter.
  await till.group('Clothing').focus();
  await page.keyboard.press('ArrowDown');
  await expect(till.group('Deli')).toHaveAttribute('aria-selected', 'true');
  await till.product(300).button.focus();
  await page.keyboard.press('Enter');
  await expect(till.weight.root).toBeVisible();
  await page.keyboard.type('1,2');
  await page.keyboard.press('Enter');
  await expect(till.line(300).sum).toHaveText('€22.79'); // 18.99 × 1.2 = 22.788
  await till.line(300).edit.focus();
  await page.keyboard.press('Enter');
  await expect(till.lineDialog.root).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(till.lineDialog.root).toBeHidden();
  await expect(till.line(300).edit).toBeFocused();
});
