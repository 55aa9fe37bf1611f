import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../app';
import { demoHeaders } from '../testing';

// GET /__sandbox/gift-cards: a read-only view of an account's gift cards, so tests can referee a
// card's balance after a sale or a redeem (the spec has no call that reads a card).

describe('control API: gift cards', () => {
  it('lists the cards of an account, or one by uuid, with balances as the POS keeps them', async () => {
    const app = createSandboxApp();
    const sell = (uuid: string, balance: string) =>
      app.request(`/api/external/v2/giftCards?uuid=${uuid}&balance=${balance}`, { method: 'POST', headers: demoHeaders() });
    expect((await sell('card-a', '25.50')).status).toBe(201);
    expect((await sell('card-b', '10')).status).toBe(201);
    const redeemed = await app.request('/api/external/v2/giftCards/card-a', {
      method: 'POST',
      headers: { ...demoHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 5.25 }),
    });
    expect(redeemed.status).toBe(200);

    const all = (await (await app.request('/__sandbox/gift-cards')).json()) as { cards: { uuid: string; balance: number }[] };
    expect(all.cards.map((c) => [c.uuid, c.balance])).toEqual(
      expect.arrayContaining([
        ['card-a', 20.25],
        ['card-b', 10],
      ]),
    );
    const one = (await (await app.request('/__sandbox/gift-cards?uuid=card-a')).json()) as { cards: unknown[] };
    expect(one.cards).toEqual([{ uuid: 'card-a', balance: 20.25, campaign_id: null, customer_id: null }]);
    const none = (await (await app.request('/__sandbox/gift-cards?uuid=nope')).json()) as { cards: unknown[] };
    expect(none.cards).toEqual([]);
    expect((await app.request('/__sandbox/gift-cards?tenant=nobody')).status).toBe(404);
  });

  it('is read-only and behind the control API guards', async () => {
    const app = createSandboxApp();
    expect((await app.request('/__sandbox/gift-cards', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(404);
    expect((await app.request('/__sandbox/gift-cards', { headers: { Origin: 'http://evil.example' } })).status).toBe(403);
  });
});
