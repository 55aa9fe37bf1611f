import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { BillPage } from './pages/BillPage';
import { GiftCardsPage } from './pages/GiftCardsPage';
import { Header } from './pages/Header';
import { FloorPage } from './pages/FloorPage';
import { ServicePage } from './pages/ServicePage';
import { expect, test, type Vendor } from './support/fixtures';
import { seriousViolations as violations } from './support/screens';
import { seatAndSendWater } from './support/steps';

// Selling a gift card on the demo venue, with the sandbox as the referee. A card
// sold with a typed amount and a generated code is at the POS with that balance, to the cent; the
// same code sold again shows the POS's 422 in its own words; a keyboard-wedge scanner's burst
// fills the code. SHOTS_DIR=<folder> also saves the screen with a sold card (en, ca; landscape,
// portrait).

interface SandboxCard {
  uuid: string;
  balance: number;
  campaign_id: string | null;
}

async function cardAtSandbox(vendor: Vendor, uuid: string): Promise<SandboxCard[]> {
  return (await vendor.control<{ cards: SandboxCard[] }>(`gift-cards?uuid=${encodeURIComponent(uuid)}`)).cards;
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

test('sells a gift card: the POS has it with that balance; the same code again shows why it is refused', async ({ vendor, terminalPage: page }) => {
  const cards = new GiftCardsPage(page);
  await cards.open();

  // Typed amount, generated code, a campaign.
  await cards.amount.fill('37.50');
  await cards.generateCode();
  await expect(cards.code).toHaveValue(/^[0-9a-f-]{36}$/);
  const uuid = await cards.code.inputValue();
  await cards.campaign.fill('Winter');
  await cards.sell('Sell €37.50');
  await cards.expectSold(uuid, '€37.50');

  expect(await violations(page)).toEqual([]);

  // The referee: the POS keeps the card with exactly that balance.
  expect(await cardAtSandbox(vendor, uuid)).toEqual([{ uuid, balance: 37.5, campaign_id: 'Winter', customer_id: null }]);

  // The same code again: refused (422), in the POS's words; the card is unchanged.
  await cards.sellAnother();
  await expect(cards.amount).toBeFocused();
  await cards.amount.fill('10');
  await cards.code.fill(uuid);
  await cards.sell('Sell €10.00');
  await cards.expectRefused('The POS refused the gift card.', `The uuid "${uuid}" has already been taken.`);
  await cards.expectNoneSold();
  expect(await violations(page)).toEqual([]);
  expect(await cardAtSandbox(vendor, uuid)).toEqual([{ uuid, balance: 37.5, campaign_id: 'Winter', customer_id: null }]);
});

test('a scanner fills the code from anywhere on the screen; offline, Sell says so', async ({ vendor, terminalPage: page }) => {
  const cards = new GiftCardsPage(page);
  await cards.open();

  // A quick amount, then a scan while the focus is on a button: the code lands in its field and
  // the scan's Enter does not press the button.
  await cards.quickAmount('€25.00');
  expect(await scan(page, 'GC-SCAN-0001')).toBe(true);
  await cards.expectScanned('GC-SCAN-0001');
  // A burst typed into another text field is that field's own: the campaign keeps it.
  await cards.campaign.focus();
  expect(await scan(page, 'ZZZZ')).toBe(false);
  await expect(cards.code).toHaveValue('GC-SCAN-0001');

  await cards.sell('Sell €25.00');
  await cards.expectSoldCode('GC-SCAN-0001');
  expect(await cardAtSandbox(vendor, 'GC-SCAN-0001')).toEqual([{ uuid: 'GC-SCAN-0001', balance: 25, campaign_id: null, customer_id: null }]);

  // Offline: Sell says so and sends nothing.
  await vendor.offline();
  await new Header(page).expectConnection('Offline');
  await cards.sellAnother();
  await cards.amount.fill('5');
  await cards.generateCode();
  await cards.expectSellNeedsConnection();
});

test('a sold card pays part of a bill: its balance at the POS goes down by that amount, the payment names the card', async ({ vendor, terminalPage: page }) => {
  const cards = new GiftCardsPage(page);
  await cards.open();
  await cards.amount.fill('50');
  await cards.code.fill('GC-REDEEM-1');
  await cards.sell('Sell €50.00');
  await cards.expectSoldCode('GC-REDEEM-1');
  await cards.backToFloor();

  // A table of 2, one round of three waters, sent.
  const [room] = await vendor.rooms();
  await seatAndSendWater(new FloorPage(page), room!.name, room!.tables[1]!.name, 2, [3]);
  await new ServicePage(page).expectAllDelivered(15_000);

  // The bill, half of it with the card.
  const bill = new BillPage(page);
  await bill.open();
  const dialog = await bill.openPay();
  await dialog.evenlyInto(2);
  const { text: half, cents: halfCents } = await dialog.amountCents();
  await dialog.method('Gift card');
  const tender = dialog.giftCard;
  // What this payment is, by default.
  await expect.poll(() => tender.amountCents()).toBe(halfCents);
  // Never more than what this payment is.
  await tender.amount.fill('999');
  await tender.tryTake();
  await tender.expectRefused(`More than what is left to pay (${half})`);
  await tender.amount.fill((halfCents / 100).toFixed(2));
  // Scanned into the code field (which takes scans); the scan's Enter does not submit.
  await tender.code.focus();
  expect(await scan(page, 'GC-REDEEM-1')).toBe(true);
  await expect(tender.code).toHaveValue('GC-REDEEM-1');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/giftcards-tender-en-1280x800.png` });
  await tender.take(half);
  // The pay dialog (features/bill) tells the redeem's outcome, with the balance the POS answered.
  await dialog.expectMessage(/^Gift card accepted/, `Gift card accepted. Its balance left: €${((5_000 - halfCents) / 100).toFixed(2)}.`, 30_000);
  await dialog.close();

  // The referee: the card is down by that amount, and the payment names the card.
  await expect.poll(async () => (await cardAtSandbox(vendor, 'GC-REDEEM-1'))[0]?.balance, { timeout: 30_000 }).toBe((5_000 - halfCents) / 100);
  await expect
    .poll(
      async () => {
        const entries = await vendor.ledger();
        return entries
          .filter((e) => e.kind === 'loyalty' && e.payload.order?.contents.length === 0)
          .map((e) => [Math.round(Number(e.payload.order!.payment!.amount) * 100), e.payload.order!.payment!.payment_reference]);
      },
      { timeout: 30_000 },
    )
    .toEqual([[halfCents, 'GC-REDEEM-1']]);
});

test('screenshots of a sold card (SHOTS_DIR)', async ({ terminal }) => {
  const dir = process.env.SHOTS_DIR;
  test.skip(!dir, 'SHOTS_DIR not set');
  await mkdir(dir!, { recursive: true });
  const languages = [
    { lang: 'en', cards: new GiftCardsPage(await terminal.openSynced()), amount: '40', sell: 'Sell €40.00', campaign: 'Christmas' },
    {
      lang: 'ca',
      cards: new GiftCardsPage(await terminal.openSynced({ locale: 'ca-ES' }), {
        more: 'Més',
        giftCards: 'Targetes regal',
        title: 'Ven una targeta regal',
        amount: 'Import',
        campaign: 'Campanya',
        generate: 'Genera un codi',
        sellAnother: 'Ven-ne una altra',
      }),
      amount: '40',
      sell: 'Ven 40,00 €',
      campaign: 'Nadal',
    },
  ];
  for (const { lang, cards, amount, sell, campaign } of languages) {
    const p: Page = cards.page;
    await cards.open();
    await cards.amount.fill(amount);
    await cards.campaign.fill(campaign);
    await cards.generateCode();
    await p.screenshot({ path: `${dir}/giftcards-form-${lang}-1280x800.png` });
    await cards.sell(sell);
    await expect(cards.sold).toBeVisible();
    await p.screenshot({ path: `${dir}/giftcards-sold-${lang}-1280x800.png` });
    await p.setViewportSize({ width: 800, height: 1280 });
    await p.screenshot({ path: `${dir}/giftcards-sold-${lang}-800x1280.png` });
    await cards.sellAnother();
    await p.screenshot({ path: `${dir}/giftcards-form-${lang}-800x1280.png` });
  }
});
