import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, startSandbox, type RunningSandbox } from '../../sandbox';
import { ServiceError } from '../bridge/dispatcher';
import { createGateway, type Gateway } from '../gateway';
import { giftCardHandlers } from './giftCards';
import type { CommerceDeps } from './handlers';
import { failureOf } from '../../../shared/testing/failureOf.testing';

// Selling a gift card against the sandbox (spec 4.2, 7): 201 → the card, exact to
// the cent; 422 → `gift-card-refused` with the vendor's words; nothing reached → `offline`.

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

function handlersOn(gateway: Gateway) {
  const deps: CommerceDeps = { gateway, dataDir: '/nonexistent', accountKey: 'test', emit: () => {} };
  return giftCardHandlers(deps);
}
const gatewayFor = (baseUrl: string) => createGateway({ baseUrl, secrets: async () => DEMO_ACCOUNT, timeoutMs: 5000 });

describe('createGiftCard', () => {
  it('sells a card: the POS keeps its exact balance and campaign, and answers the card', async () => {
    const { createGiftCard } = handlersOn(gatewayFor(sandbox.url));
    const uuid = `test-${Date.now()}-a`;
    const { card } = await createGiftCard({ uuid, balanceCents: 2_555, campaignId: 'XMAS' });
    expect(card).toEqual({ uuid, balanceCents: 2_555, campaignId: 'XMAS' });
    const plain = await createGiftCard({ uuid: `${uuid}b`, balanceCents: 10 });
    expect(plain.card).toEqual({ uuid: `${uuid}b`, balanceCents: 10, campaignId: null });
  });

  it('a uuid already sold is refused with the vendor’s words (422 → gift-card-refused)', async () => {
    const { createGiftCard } = handlersOn(gatewayFor(sandbox.url));
    const uuid = `test-${Date.now()}-dup`;
    await createGiftCard({ uuid, balanceCents: 1_000 });
    const error = await failureOf(createGiftCard({ uuid, balanceCents: 500 }), ServiceError);
    expect(error.info.kind).toBe('invalid');
    expect(error.info.code).toBe('gift-card-refused');
    expect(error.info.params?.said).toMatch(/already been taken/);
    expect(error.info.detail).toMatch(/HTTP 422/);
  });

  it('offline: the gateway’s offline error, nothing sold', async () => {
    // A port nobody listens on: the connection is refused, so nothing left.
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((done) => server.close(() => done()));
    const { createGiftCard } = handlersOn(gatewayFor(`http://127.0.0.1:${port}`));
    const error = await failureOf(createGiftCard({ uuid: 'never-sent', balanceCents: 1_000 }), ServiceError);
    expect(error.info.kind).toBe('offline');
    expect(error.info.code).toBe('offline');
  });

  it('an answer for another card or without an amount is not taken as the card', async () => {
    const lying = (answer: { uuid: string; balance: number }) =>
      handlersOn({ createGiftCard: async () => ({ ...answer, campaign_id: null }) } as unknown as Gateway);
    const other = await failureOf(lying({ uuid: 'other', balance: 10 }).createGiftCard({ uuid: 'mine', balanceCents: 1_000 }), ServiceError);
    expect(other.info).toMatchObject({ kind: 'invalid-response', code: 'response-unexpected-shape' });
    const float = await failureOf(lying({ uuid: 'mine', balance: 0.1 + 0.2 }).createGiftCard({ uuid: 'mine', balanceCents: 30 }), ServiceError);
    expect(float.info.kind).toBe('invalid-response');
  });

  it('sends the amount as an exact decimal in the query (never a float)', async () => {
    const sent: unknown[] = [];
    const { createGiftCard } = handlersOn({
      createGiftCard: async (card: unknown) => {
        sent.push(card);
        return { uuid: 'c1', balance: 0.3, campaign_id: 7 };
      },
    } as unknown as Gateway);
    const { card } = await createGiftCard({ uuid: 'c1', balanceCents: 30, campaignId: '7' });
    expect(sent).toEqual([{ uuid: 'c1', balance: '0.30', campaign_id: '7' }]);
    expect(card).toEqual({ uuid: 'c1', balanceCents: 30, campaignId: '7' });
  });
});
