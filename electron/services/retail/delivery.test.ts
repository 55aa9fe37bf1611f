import { describe, expect, it } from 'vitest';
import { coded } from '../../../shared/bridge';
import { GatewayError } from '../gateway/errors';
import { VaultUnavailableError } from '../secrets/vault';
import { deliverRetail } from './delivery';
import { anySale } from './delivery.testing';
import type { RetailGateway } from './gateway';
import { createRetailLimiter } from './limiter';

// deliverRetail's classification with a gateway that fails as told: the same
// outcomes as the venue's delivery (classify), the evidence rule of "already invoiced", and
// nothing sent while the account waits out a 429. The sandbox test covers the real answers.

function gatewayThat(fail: () => never, limiter = createRetailLimiter()): RetailGateway & { calls: string[] } {
  const calls: string[] = [];
  return {
    limiter,
    calls,
    createOrder: async () => {
      calls.push('order');
      fail();
    },
    createInvoice: async (orderId: number) => {
      calls.push(`invoice ${orderId}`);
      fail();
    },
  } as unknown as RetailGateway & { calls: string[] };
}

const error = (init: ConstructorParameters<typeof GatewayError>[0]) => () => {
  throw new GatewayError(init);
};

describe('deliverRetail', () => {
  const { sale, invoice } = anySale();

  it('an order that may have arrived is unknown (the queue never resends it by itself); one that cannot have is not sent', async () => {
    const timeout = gatewayThat(error({ kind: 'timeout', endpoint: 'POST orders', text: coded('order-unconfirmed') }));
    expect(await deliverRetail(timeout, sale.request)).toMatchObject({ outcome: 'unknown', code: 'order-unconfirmed' });
    const offline = gatewayThat(error({ kind: 'offline', endpoint: 'POST orders', text: coded('offline') }));
    expect(await deliverRetail(offline, sale.request)).toMatchObject({ outcome: 'not-sent', reason: 'offline' });
    const refused = gatewayThat(
      error({ kind: 'invalid', status: 422, endpoint: 'POST orders', text: coded('server-rejected', { status: 422, said: 'The given data was invalid.' }) }),
    );
    expect(await deliverRetail(refused, sale.request)).toMatchObject({
      outcome: 'rejected',
      reason: 'invalid',
      params: { said: 'The given data was invalid.' },
    });
    const vault = gatewayThat(() => {
      throw new VaultUnavailableError('vault-no-encryption');
    });
    expect(await deliverRetail(vault, sale.request)).toMatchObject({ outcome: 'not-sent', reason: 'unauthorised', code: 'order-credentials-unreadable' });
    const bug = gatewayThat(() => {
      throw new TypeError('boom');
    });
    expect(await deliverRetail(bug, sale.request)).toMatchObject({ outcome: 'unknown', code: 'order-send-failed' });
  });

  it('"already invoiced" is evidence only after an unconfirmed attempt of the same invoice', async () => {
    const already = gatewayThat(
      error({
        kind: 'invalid',
        code: 'already-invoiced',
        status: 422,
        endpoint: 'POST orders/{id}/invoices',
        text: coded('server-rejected', { status: 422, said: 'Order already invoiced' }),
      }),
    );
    expect(await deliverRetail(already, invoice.request, { afterOrderId: 5, afterUnconfirmed: false })).toMatchObject({
      outcome: 'rejected',
      reason: 'invalid',
    });
    expect(await deliverRetail(already, invoice.request, { afterOrderId: 5, afterUnconfirmed: true })).toEqual({
      outcome: 'accepted',
      orderId: 5,
      evidence: 'already-invoiced',
    });
    expect(already.calls).toEqual(['invoice 5', 'invoice 5']);
  });

  it('sends nothing while the account waits out a 429, nor an invoice without its order id', async () => {
    const limiter = createRetailLimiter();
    limiter.all.pause(30_000);
    const paused = gatewayThat(error({ kind: 'offline', endpoint: 'x', text: coded('offline') }), limiter);
    expect(await deliverRetail(paused, sale.request)).toMatchObject({ outcome: 'not-sent', reason: 'rate-limited', retryAfterSeconds: 30 });
    expect(await deliverRetail(gatewayThat(error({ kind: 'offline', endpoint: 'x', text: coded('offline') })), invoice.request)).toMatchObject({
      outcome: 'rejected',
      code: 'invoice-order-unknown',
    });
    expect(paused.calls).toEqual([]);
  });
});
