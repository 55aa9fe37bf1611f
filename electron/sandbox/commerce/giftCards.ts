// Gift cards (spec §2.3, §4.2, §7). Decisions where the spec is silent (conservative):
// - create reads `balance`, `uuid`, `campaign_id` from the QUERY string only (as §4.2 says);
// - a valid `uuid` is 1–64 characters of [A-Za-z0-9_-] (covers RFC 4122 UUIDs), compared exactly:
//   the terminal's own rule (shared/api/v2.ts GIFT_CARD_CODE; docs/decisions.md "Catalog batches
//   and gift-card codes"), so the two cannot drift apart;
// - `balance` is a non-negative decimal with at most 2 decimals ("25", "25.5", "25.50");
// - `campaign_id` is echoed as sent (a query value is a string), null when absent or empty;
// - redeem takes `amount` from the JSON body (number or decimal string), > 0, at most 2 decimals,
//   not above the balance; an unknown card → 422 like every other gift card failure (§7);
// - amounts are kept in whole cents, so balances are exact; the wire carries JSON numbers.
import { Hono } from 'hono';
import { GIFT_CARD_CODE } from '../../../shared/api/v2';
import type { SandboxEnv } from '../env';
import { errorResponse } from '../errors';
import type { GiftCardRecord } from './model';
import { fromCents, readJson, toCents } from './input';

export function giftCardsRoutes(): Hono<SandboxEnv> {
  const routes = new Hono<SandboxEnv>();

  routes.post('/giftCards', (c) => {
    const cards = c.get('account').commerce.giftCards;
    const uuid = c.req.query('uuid');
    const balanceRaw = c.req.query('balance');
    const campaignRaw = c.req.query('campaign_id');

    if (balanceRaw === undefined || balanceRaw.trim() === '') {
      return errorResponse(c, 422, 'The balance query parameter is required.');
    }
    const balance = toCents(balanceRaw);
    if (balance === null || balance < 0) {
      return errorResponse(c, 422, `The balance must be a non-negative decimal with at most 2 decimals, got "${balanceRaw}".`);
    }
    if (uuid === undefined || uuid === '') return errorResponse(c, 422, 'The uuid query parameter is required.');
    if (!GIFT_CARD_CODE.test(uuid)) {
      return errorResponse(c, 422, 'The uuid must be 1 to 64 characters among letters, digits, "-" and "_".');
    }
    if (cards.some((card) => card.uuid === uuid)) {
      return errorResponse(c, 422, `The uuid "${uuid}" has already been taken.`);
    }
    if (campaignRaw !== undefined && campaignRaw.length > 255) {
      return errorResponse(c, 422, 'The campaign_id may not be longer than 255 characters.');
    }

    const card: GiftCardRecord = {
      uuid,
      balance: fromCents(balance),
      campaign_id: campaignRaw === undefined || campaignRaw === '' ? null : campaignRaw,
      customer_id: null,
    };
    cards.push(card);
    return c.json({ balance: card.balance, uuid: card.uuid, campaign_id: card.campaign_id }, 201);
  });

  routes.post('/giftCards/:uuid', async (c) => {
    const uuid = c.req.param('uuid');
    const card = c.get('account').commerce.giftCards.find((g) => g.uuid === uuid);
    if (!card) return errorResponse(c, 422, `No gift card with uuid "${uuid}".`);

    const body = await readJson(c);
    if (!body.ok) return errorResponse(c, 422, body.message);
    const amountRaw = (body.value as { amount?: unknown } | null)?.amount;
    if (amountRaw === undefined || amountRaw === null) return errorResponse(c, 422, 'The amount field is required.');
    const amount = toCents(amountRaw);
    if (amount === null || amount <= 0) {
      return errorResponse(c, 422, 'The amount must be a decimal greater than 0 with at most 2 decimals.');
    }
    const balance = toCents(card.balance) ?? Math.round(card.balance * 100);
    if (amount > balance) {
      return errorResponse(c, 422, `The amount ${fromCents(amount).toFixed(2)} is above the card's balance ${fromCents(balance).toFixed(2)}.`);
    }
    card.balance = fromCents(balance - amount);
    return c.json({ balance: card.balance, customer_id: card.customer_id });
  });

  return routes;
}
