import { mkdir } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { CatalogPage } from './support/CatalogPage';
import { useCleanup } from './support/cleanup';
import { FloorPage } from './support/FloorPage';
import { roomsFromServer } from './support/processes';
import { ServicePage } from './support/ServicePage';
import { openSyncedTerminal, openSyncedWindow, startVendor } from './support/terminal';
import { seriousViolations as violations } from './support/screens';

// Selling a gift card on the demo venue, with the sandbox as the referee. A card
// sold with a typed amount and a generated code is at the POS with that balance, to the cent; the
// same code sold again shows the POS's 422 in its own words; a keyboard-wedge scanner's burst
// fills the code. SHOTS_DIR=<folder> also saves the screen with a sold card (en, ca; landscape,
// portrait).

const { running, contexts } = useCleanup();

interface SandboxCard {
  uuid: string;
  balance: number;
  campaign_id: string | null;
}

async function cardAtSandbox(vendorUrl: string, uuid: string): Promise<SandboxCard[]> {
  const answer = await controlRequest<{ cards: SandboxCard[] }>(vendorUrl, `/__sandbox/gift-cards?uuid=${encodeURIComponent(uuid)}`);
  expect(answer.status).toBe(200);
  return answer.body.cards;
}

/** axe's serious and critical violations on the page, one line per element. */

/** Header → More → Gift cards, in the window's language. */
async function openGiftCards(page: Page, words = { more: 'More', giftCards: 'Gift cards', title: 'Sell a gift card' }) {
  await page.getByRole('button', { name: words.more, exact: true }).click();
  await page.getByRole('menuitem', { name: words.giftCards }).click();
  await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
}

/**
 * What a keyboard-wedge scanner does: the code's keys and Enter in one burst, wherever the focus
 * is (dispatched in the page, so the burst's timing does not depend on this machine's load).
 * True when the page swallowed the Enter (so it cannot press the focused button).
 */
async function scan(page: Page, code: string): Promise<boolean> {
  return page.evaluate((text) => {
    // This file is type-checked without the DOM's types: the page's globals, as far as used here.
    type Target = { dispatchEvent(event: unknown): boolean };
    const page = globalThis as unknown as {
      document: { activeElement: Target | null; body: Target };
      KeyboardEvent: new (type: string, init: { key: string; bubbles: boolean; cancelable: boolean }) => unknown;
    };
    const target = page.document.activeElement ?? page.document.body;
    let enterKept = true;
    for (const key of [...text, 'Enter']) enterKept = target.dispatchEvent(new page.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    return !enterKept;
  }, code);
}

test('sells a gift card: the POS has it with that balance; the same code again shows why it is refused', async () => {
  const vendorUrl = await startVendor(running);
  const page = await openSyncedTerminal(vendorUrl, running, contexts);
  await openGiftCards(page);

  // Typed amount, generated code, a campaign.
  const amount = page.getByRole('textbox', { name: 'Amount' });
  await amount.fill('37.50');
  await page.getByRole('button', { name: 'Generate code' }).click();
  const codeField = page.getByRole('textbox', { name: 'Card code' });
  await expect(codeField).toHaveValue(/^[0-9a-f-]{36}$/);
  const uuid = await codeField.inputValue();
  await page.getByRole('textbox', { name: 'Campaign' }).fill('Winter');
  await page.getByRole('button', { name: 'Sell €37.50' }).click();

  const sold = page.getByTestId('gift-card-sold');
  await expect(sold.getByRole('heading', { name: 'Gift card sold' })).toBeVisible();
  await expect(sold.getByTestId('gift-card-uuid')).toHaveText(uuid);
  await expect(sold.getByTestId('gift-card-balance')).toHaveText('€37.50');
  const qr = sold.getByRole('img', { name: `QR code of card ${uuid}` });
  await expect(qr).toBeVisible();
  // Static SVG only: a rect and a path, nothing that runs.
  expect(await qr.evaluate((el) => [...el.querySelectorAll('*')].map((n) => n.tagName).join(' '))).toBe('svg rect path');

  expect(await violations(page)).toEqual([]);

  // The referee: the POS keeps the card with exactly that balance.
  expect(await cardAtSandbox(vendorUrl, uuid)).toEqual([{ uuid, balance: 37.5, campaign_id: 'Winter', customer_id: null }]);

  // The same code again: refused (422), in the POS's words; the card is unchanged.
  await page.getByRole('button', { name: 'Sell another' }).click();
  await expect(amount).toBeFocused();
  await amount.fill('10');
  await codeField.fill(uuid);
  await page.getByRole('button', { name: 'Sell €10.00' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Not sold' });
  await expect(refusal).toContainText('The POS refused the gift card.');
  await expect(refusal).toContainText(`The uuid "${uuid}" has already been taken.`);
  await expect(page.getByTestId('gift-card-sold')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  expect(await cardAtSandbox(vendorUrl, uuid)).toEqual([{ uuid, balance: 37.5, campaign_id: 'Winter', customer_id: null }]);
});

test('a scanner fills the code from anywhere on the screen; offline, Sell says so', async () => {
  const vendorUrl = await startVendor(running);
  const page = await openSyncedTerminal(vendorUrl, running, contexts);
  await openGiftCards(page);

  // A quick amount, then a scan while the focus is on a button: the code lands in its field and
  // the scan's Enter does not press the button.
  const quick = page.getByRole('button', { name: '€25.00', exact: true });
  await quick.click();
  await expect(quick).toBeFocused();
  expect(await scan(page, 'GC-SCAN-0001')).toBe(true);
  await expect(page.getByRole('textbox', { name: 'Card code' })).toHaveValue('GC-SCAN-0001');
  await expect(page.getByText('Code scanned: GC-SCAN-0001')).toBeVisible();
  // A burst typed into another text field is that field's own: the campaign keeps it.
  const campaign = page.getByRole('textbox', { name: 'Campaign' });
  await campaign.focus();
  expect(await scan(page, 'ZZZZ')).toBe(false);
  await expect(page.getByRole('textbox', { name: 'Card code' })).toHaveValue('GC-SCAN-0001');

  await page.getByRole('button', { name: 'Sell €25.00' }).click();
  await expect(page.getByTestId('gift-card-uuid')).toHaveText('GC-SCAN-0001');
  expect(await cardAtSandbox(vendorUrl, 'GC-SCAN-0001')).toEqual([{ uuid: 'GC-SCAN-0001', balance: 25, campaign_id: null, customer_id: null }]);

  // Offline: Sell says so and sends nothing.
  await controlRequest(vendorUrl, '/__sandbox/faults', { body: { offline: true } });
  await expect(page.getByTestId('connection-indicator')).toContainText('Offline', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Sell another' }).click();
  await page.getByRole('textbox', { name: 'Amount' }).fill('5');
  await page.getByRole('button', { name: 'Generate code' }).click();
  await expect(page.getByRole('button', { name: 'Offline: selling a gift card needs the connection' })).toBeDisabled();
});

test('a sold card pays part of a bill: its balance at the POS goes down by that amount, the payment names the card', async () => {
  const vendorUrl = await startVendor(running);
  const page = await openSyncedTerminal(vendorUrl, running, contexts);
  await openGiftCards(page);
  await page.getByRole('textbox', { name: 'Amount' }).fill('50');
  await page.getByRole('textbox', { name: 'Card code' }).fill('GC-REDEEM-1');
  await page.getByRole('button', { name: 'Sell €50.00' }).click();
  await expect(page.getByTestId('gift-card-uuid')).toHaveText('GC-REDEEM-1');
  await page.getByRole('button', { name: 'Back to floor' }).click();

  // A table of 2, one round of three waters, sent.
  const [room] = await roomsFromServer(vendorUrl);
  const table = room!.tables[1]!.name;
  const floor = new FloorPage(page);
  const service = new ServicePage(page);
  await floor.showRoom(room!.name);
  await floor.table(table).tap();
  await service.seat(table, 2);
  const catalog = new CatalogPage(page);
  await catalog.search('agua mineral 50');
  for (let i = 0; i < 3; i++) await catalog.itemButton('Agua mineral 50 cl').tap();
  await service.send();
  await expect(service.pendingCount).toHaveText('0', { timeout: 15_000 });

  // The bill, half of it with the card.
  await page.getByRole('button', { name: 'Bill', exact: true }).tap();
  await expect(page.getByTestId('bill')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).tap();
  const dialog = page.getByTestId('pay-dialog');
  await dialog.getByRole('button', { name: 'Evenly' }).tap();
  const parts = dialog.getByRole('group', { name: 'Ways' }).locator('output');
  while (Number(await parts.textContent()) > 2) await dialog.getByRole('button', { name: 'One way fewer' }).tap();
  const half = (await dialog.getByTestId('pay-amount').textContent())!;
  const halfCents = Math.round(Number(half.replace(/[^\d.]/g, '')) * 100);
  await dialog.getByRole('button', { name: 'Gift card', exact: true }).tap();
  const tender = dialog.getByRole('form', { name: 'Pay with a gift card' });
  const tenderAmount = tender.getByRole('textbox', { name: 'Amount to take from the card' });
  // What this payment is, by default.
  await expect.poll(async () => Math.round(Number(await tenderAmount.inputValue()) * 100)).toBe(halfCents);
  // Never more than what this payment is.
  await tenderAmount.fill('999');
  await tender.getByRole('button', { name: 'Take from the card' }).tap();
  await expect(tender.getByText(`More than what is left to pay (${half})`)).toBeVisible();
  await tenderAmount.fill((halfCents / 100).toFixed(2));
  // Scanned into the code field (which takes scans); the scan's Enter does not submit.
  await tender.getByRole('textbox', { name: 'Card code' }).focus();
  expect(await scan(page, 'GC-REDEEM-1')).toBe(true);
  await expect(tender.getByRole('textbox', { name: 'Card code' })).toHaveValue('GC-REDEEM-1');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/giftcards-tender-en-1280x800.png` });
  await tender.getByRole('button', { name: `Take ${half} from the card` }).tap();
  // The pay dialog (features/bill) tells the redeem's outcome, with the balance the POS answered.
  await expect(dialog.getByText(/^Gift card accepted/)).toHaveText(`Gift card accepted. Its balance left: €${((5_000 - halfCents) / 100).toFixed(2)}.`, { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close' }).tap();
  await expect(dialog).toBeHidden();

  // The referee: the card is down by that amount, and the payment names the card.
  await expect.poll(async () => (await cardAtSandbox(vendorUrl, 'GC-REDEEM-1'))[0]?.balance, { timeout: 30_000 }).toBe((5_000 - halfCents) / 100);
  await expect
    .poll(async () => {
      const { body } = await controlRequest<{ entries: { kind: string; payload: { order?: { contents: unknown[]; payment?: { amount: number | string; payment_reference?: string } } } }[] }>(vendorUrl, '/__sandbox/ledger');
      return body.entries.filter((e) => e.kind === 'loyalty' && e.payload.order?.contents.length === 0).map((e) => [Math.round(Number(e.payload.order!.payment!.amount) * 100), e.payload.order!.payment!.payment_reference]);
    }, { timeout: 30_000 })
    .toEqual([[halfCents, 'GC-REDEEM-1']]);
});

test('screenshots of a sold card (SHOTS_DIR)', async () => {
  const dir = process.env.SHOTS_DIR;
  test.skip(!dir, 'SHOTS_DIR not set');
  await mkdir(dir!, { recursive: true });
  const vendorUrl = await startVendor(running);
  const page = await openSyncedTerminal(vendorUrl, running, contexts);
  const languages = [
    { lang: 'en', page, words: { more: 'More', giftCards: 'Gift cards', title: 'Sell a gift card' }, amount: '40', sell: 'Sell €40.00', campaign: 'Christmas' },
    {
      lang: 'ca',
      page: await openSyncedWindow(page.url(), contexts, { locale: 'ca-ES' }),
      words: { more: 'Més', giftCards: 'Targetes regal', title: 'Ven una targeta regal' },
      amount: '40',
      sell: 'Ven 40,00 €',
      campaign: 'Nadal',
    },
  ];
  for (const { lang, page: p, words, amount, sell, campaign } of languages) {
    await openGiftCards(p, words);
    await p.getByRole('textbox', { name: lang === 'en' ? 'Amount' : 'Import' }).fill(amount);
    await p.getByRole('textbox', { name: lang === 'en' ? 'Campaign' : 'Campanya' }).fill(campaign);
    await p.getByRole('button', { name: lang === 'en' ? 'Generate code' : 'Genera un codi' }).click();
    await p.screenshot({ path: `${dir}/giftcards-form-${lang}-1280x800.png` });
    await p.getByRole('button', { name: sell }).click();
    await expect(p.getByTestId('gift-card-sold')).toBeVisible();
    await p.screenshot({ path: `${dir}/giftcards-sold-${lang}-1280x800.png` });
    await p.setViewportSize({ width: 800, height: 1280 });
    await p.screenshot({ path: `${dir}/giftcards-sold-${lang}-800x1280.png` });
    await p.getByRole('button', { name: lang === 'en' ? 'Sell another' : 'Ven-ne una altra' }).click();
    await p.screenshot({ path: `${dir}/giftcards-form-${lang}-800x1280.png` });
  }
});
