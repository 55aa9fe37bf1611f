// Payments, the bill discount and gift cards through the core on the demo venue, with the sandbox's ledger and gift cards as the
// referee: a bill paid by card and by a gift card (the card charged first, then its payment), a
// redeem the POS refuses (its payment never leaves), and a customer created through the queue.
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../shared/bridge';
import { demoHeaders } from '../../sandbox/testing';
import { bridgeValue, coreFixture, ROOMS_PAGE, roomsOf, waitForQueue, type TestCore } from '../core.testing';
import { customerDraft, newService, paymentDraft, redeemDraft, seatingDraft } from '../queue/store.testing';

const fixture = coreFixture('comanda-core-payments-');

async function firstTable(terminal: TestCore): Promise<number> {
  const rooms = roomsOf(await terminal.call('fetchSyncPages', ROOMS_PAGE));
  return rooms[0]!.tables[0]!.id;
}

async function sellCard(sandboxUrl: string, uuid: string, balance: string) {
  const response = await fetch(`${sandboxUrl}/api/external/v2/giftCards?uuid=${uuid}&balance=${balance}`, { method: 'POST', headers: demoHeaders() });
  expect(response.status).toBe(201);
}

async function cardBalance(sandboxUrl: string, uuid: string): Promise<number> {
  const { cards } = (await (await fetch(`${sandboxUrl}/__sandbox/gift-cards?uuid=${uuid}`)).json()) as { cards: Array<{ balance: number }> };
  return cards[0]!.balance;
}

const settled = (entries: readonly OutboxEntry[], ids: readonly string[]) => ids.every((id) => entries.some((e) => e.id === id && e.pending === 0));

describe('core: payments, gift cards and customers through the queue', () => {
  it('a bill of 10,00 € paid 4,00 € by card and 6,00 € by a gift card reaches the POS once each; the card’s balance is right', async () => {
    const terminal = await fixture.start({ mode: 'demo' });
    const sandbox = terminal.core.sandboxUrl!;
    const table = await firstTable(terminal);
    const service = newService([{ id: table, name: String(table) }], 2);
    bridgeValue(await terminal.call('seatService', { service, drafts: [seatingDraft(service, 4)] }));
    await sellCard(sandbox, 'CORE-CARD-1', '20.00');

    const card = bridgeValue<{ entry: OutboxEntry }>(await terminal.call('submitEntry', { draft: paymentDraft(service, 400, { tipCents: 50 }) })).entry;
    const redeem = bridgeValue<{ entry: OutboxEntry }>(await terminal.call('submitEntry', { draft: redeemDraft(service, 600, 'CORE-CARD-1') })).entry;
    const byCard = bridgeValue<{ entry: OutboxEntry }>(
      await terminal.call('submitEntry', { draft: paymentDraft(service, 600, { after: redeem.id, giftCardUuid: 'CORE-CARD-1' }) }),
    ).entry;
    // Nothing is left: a third payment is refused where it is committed.
    const refused = await terminal.call('submitEntry', { draft: paymentDraft(service, 1) });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid-input', code: 'payment-more-than-left', params: { leftCents: 0 } } });

    const done = await waitForQueue(terminal, (queue) => settled(queue.entries, [card.id, redeem.id, byCard.id]), 'payments settled');
    const state = (id: string) => done.entries.find((e) => e.id === id);
    expect([card.id, redeem.id, byCard.id].map((id) => state(id)?.state)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(state(redeem.id)?.answer).toEqual({ balanceCents: 1400 });
    expect(await cardBalance(sandbox, 'CORE-CARD-1')).toBe(14);
    // Once each at the POS: the seating (Flow) and the two payments (loyalty, no contents).
    const ledger = ((await (await fetch(`${sandbox}/__sandbox/ledger`)).json()) as { entries: Array<{ kind: string; payload: unknown }> }).entries;
    expect(ledger.map((e) => e.kind)).toEqual(['flow', 'loyalty', 'loyalty']);
    expect(JSON.stringify(ledger.slice(1).map((e) => e.payload))).toMatch(/"amount":"4\.00"[\s\S]*"amount":"6\.00"/);
    // The card's payment left after the card was charged.
    expect(Date.parse(state(byCard.id)!.lastAttemptAt!)).toBeGreaterThanOrEqual(Date.parse(state(redeem.id)!.lastAttemptAt!));
  }, 40_000);

  it('a redeem the POS refuses (above the balance): the payment waiting for it is discarded and never sent', async () => {
    const terminal = await fixture.start({ mode: 'demo' });
    const sandbox = terminal.core.sandboxUrl!;
    const table = await firstTable(terminal);
    const service = newService([{ id: table, name: String(table) }], 2);
    bridgeValue(await terminal.call('seatService', { service, drafts: [seatingDraft(service, 4)] }));
    await sellCard(sandbox, 'CORE-CARD-2', '3.00');
    const redeem = bridgeValue<{ entry: OutboxEntry }>(await terminal.call('submitEntry', { draft: redeemDraft(service, 500, 'CORE-CARD-2') })).entry;
    const payment = bridgeValue<{ entry: OutboxEntry }>(
      await terminal.call('submitEntry', { draft: paymentDraft(service, 500, { after: redeem.id, giftCardUuid: 'CORE-CARD-2' }) }),
    ).entry;
    const done = await waitForQueue(terminal, (queue) => settled(queue.entries, [payment.id]), 'payment discarded');
    expect(done.entries.find((e) => e.id === redeem.id)).toMatchObject({
      state: 'rejected',
      pending: 1,
      lastError: { code: 'gift-card-redeem-refused', params: { said: expect.stringContaining('above the card') } },
    });
    expect(done.entries.find((e) => e.id === payment.id)).toMatchObject({
      resolution: 'discarded',
      attempts: 0,
      lastError: { code: 'payment-card-not-charged' },
    });
    expect(await cardBalance(sandbox, 'CORE-CARD-2')).toBe(3);
  }, 40_000);

  it('a customer created through the queue is created at the POS, and leaves the queue', async () => {
    const terminal = await fixture.start({ mode: 'demo' });
    const entry = bridgeValue<{ entry: OutboxEntry }>(await terminal.call('submitEntry', { draft: customerDraft('Núria Queue') })).entry;
    // Once accepted it leaves the snapshot (no open service holds it).
    await waitForQueue(terminal, (queue) => !queue.entries.some((e) => e.id === entry.id && e.pending === 1), 'customer sent');
    const response = await fetch(`${terminal.core.sandboxUrl!}/api/external/v2/customers?pagination=200`, { headers: demoHeaders() });
    const body = (await response.json()) as { data?: Array<{ name: string }> } | Array<{ name: string }>;
    const list = Array.isArray(body) ? body : (body.data ?? []);
    expect(list.map((c) => c.name)).toContain('Núria Queue');
  }, 40_000);
});
