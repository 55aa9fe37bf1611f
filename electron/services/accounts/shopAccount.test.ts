import { describe, expect, it } from 'vitest';
import type { AppInfo, BridgeResult } from '../../../shared/bridge';
import { defaultRetailAccounts, startRetailSandbox } from '../../sandbox/retail';
import { bridgeValue, coreFixture, ROOMS_PAGE, roomsOf } from '../core.testing';

// The terminal holds a venue, a shop, or both; the header's switch swaps them through
// the normal account switch. A shop answers the venue's operations `not-a-venue` and the other way round.

const fixture = coreFixture('comanda-core-shop-');

const failureCode = (result: BridgeResult<unknown>) => (result.ok ? null : result.error.code);

describe('venue and shop accounts', () => {
  it('switches demo venue ⇄ demo shop: account key, kind, events, and each answers only its own operations', async () => {
    const { core, call, events } = await fixture.start();
    const venueInfo = bridgeValue<AppInfo>(await call('getAppInfo'));
    expect(venueInfo).toMatchObject({ kind: 'venue', mode: 'demo', accountKey: 'demo' });
    expect(failureCode(await call('fetchShopPages', { pages: [{ resource: 'paymentMethods', page: 1 }] }))).toBe('not-a-shop');

    // Settings: the demo shop in use, the demo venue as the second account.
    expect(bridgeValue(await call('saveSettings', { account: { mode: 'demo-shop' }, secondary: { mode: 'demo' }, syncEveryMinutes: 15 }))).toEqual({
      accountKey: 'shop:demo',
    });
    expect(core.accountKey).toBe('shop:demo');
    expect(events).toContainEqual({ type: 'account-changed', accountKey: 'shop:demo' });
    const shopInfo = bridgeValue<AppInfo>(await call('getAppInfo'));
    expect(shopInfo).toMatchObject({ kind: 'shop', mode: 'demo', accountKey: 'shop:demo', tenant: 'demo-shop' });
    expect(bridgeValue(await call('getSettings'))).toMatchObject({ settings: { account: { mode: 'demo-shop' }, secondary: { mode: 'demo' } } });

    // The demo shop is the embedded retail sandbox, reachable on its own.
    const retailUrl = core.sandboxUrl!;
    const answer = await fetch(`${retailUrl}/api/external/config/payment_methods`, { headers: { username: 'demo-shop', authorization: 'Bearer demo-token' } });
    expect(answer.status).toBe(200);
    const pages = bridgeValue<{ pages: Array<{ records: unknown[] }> }>(await call('fetchShopPages', { pages: [{ resource: 'paymentMethods', page: 1 }] }));
    expect(pages.pages[0]!.records.length).toBeGreaterThan(0);

    // The venue's operations say this is not a venue; the queue itself serves the shop.
    expect(failureCode(await call('fetchSyncPages', { pages: [{ resource: 'groups', page: 1 }] }))).toBe('not-a-venue');
    expect(failureCode(await call('clearTable', { serviceId: '00000000-0000-4000-8000-000000000000' }))).toBe('not-a-venue');
    expect(bridgeValue<{ entries: unknown[] }>(await call('getQueue')).entries).toEqual([]);

    // The header's switch: the same settings with the two swapped.
    expect(bridgeValue(await call('saveSettings', { account: { mode: 'demo' }, secondary: { mode: 'demo-shop' }, syncEveryMinutes: 15 }))).toEqual({
      accountKey: 'demo',
    });
    expect(bridgeValue<AppInfo>(await call('getAppInfo'))).toMatchObject({ kind: 'venue', accountKey: 'demo' });
    expect(roomsOf(await call('fetchSyncPages', ROOMS_PAGE)).length).toBeGreaterThan(0);
    // The retail sandbox of the demo shop stopped with it.
    await expect(fetch(`${retailUrl}/api/external/config/payment_methods`)).rejects.toThrow();
  });

  it('refuses a second account of the same kind, and nothing changes', async () => {
    const { core, call } = await fixture.start();
    const result = await call('saveSettings', {
      account: { mode: 'demo' },
      secondary: { mode: 'account', environment: 'custom', baseUrl: 'http://127.0.0.1:1', imagesUrl: 'http://127.0.0.1:1', tenant: 'x' },
      syncEveryMinutes: 15,
    });
    expect(failureCode(result)).toBe('secondary-same-kind');
    expect(core.accountKey).toBe('demo');
  });

  it("a real shop: its token goes to the shop's vault slot, the venue's tokens stay, and it is never echoed", async () => {
    const TOKEN = 'shop-secret-4c1e77ab';
    const retail = fixture.track(await startRetailSandbox({ port: 0, accounts: defaultRetailAccounts(TOKEN) }));
    const { core, call, vault, shopVault, logged } = await fixture.start();
    const venueTokens = { tenant: 'bar-pepe', accessToken: 'venue-access-1234', integratorToken: 'venue-client-5678' };
    await vault.save(venueTokens, 'https://pos.example.com');
    const shop = { mode: 'shop', baseUrl: retail.url, username: 'demo-shop' };
    const outputs: string[] = [];
    const recorded = async (name: string, input: unknown) => {
      const result = await call(name, input);
      outputs.push(JSON.stringify(result));
      return result;
    };

    // No token typed and none saved: refused before switching.
    expect(failureCode(await recorded('saveSettings', { account: shop, syncEveryMinutes: 15 }))).toBe('shop-token-missing');
    // A venue's tokens for a shop: refused.
    expect(
      failureCode(await recorded('saveSettings', { account: shop, secrets: { accessToken: 'a-token', integratorToken: 'b-token' }, syncEveryMinutes: 15 })),
    ).toBe('secrets-wrong-kind');
    // A wrong token fails the connection test at the credentials.
    const wrong = bridgeValue<{ ok: boolean; checks: Array<{ check: string; ok: boolean }> }>(
      await recorded('testConnection', { account: shop, secrets: { token: 'not-the-token' } }),
    );
    expect(wrong.ok).toBe(false);
    expect(wrong.checks.find((c) => c.check === 'credentials')).toMatchObject({ ok: false });
    const right = bridgeValue<{ ok: boolean; checks: Array<{ check: string; code: string }> }>(
      await recorded('testConnection', { account: shop, secrets: { token: TOKEN } }),
    );
    expect(right.ok).toBe(true);
    expect(right.checks.map((c) => c.code)).toEqual(['shop-address-ok', 'host-answered', 'shop-credentials-accepted', 'payment-methods-read']);

    const host = new URL(retail.url).host;
    expect(bridgeValue(await recorded('saveSettings', { account: shop, secrets: { token: TOKEN }, syncEveryMinutes: 15 }))).toEqual({
      accountKey: `shop:demo-shop@${host}`,
    });
    expect(core.accountKey).toBe(`shop:demo-shop@${host}`);
    expect(await shopVault.read()).toEqual({ username: 'demo-shop', token: TOKEN, origin: new URL(retail.url).origin });
    expect(await vault.load({ origin: 'https://pos.example.com', tenant: 'bar-pepe' })).toEqual(venueTokens);
    expect(bridgeValue<AppInfo>(await recorded('getAppInfo', {}))).toMatchObject({ kind: 'shop', mode: 'account', tenant: 'demo-shop', catalogPerMinute: 40 });
    expect(bridgeValue(await recorded('getSettings', {}))).toMatchObject({ hasSecrets: true });
    const pages = bridgeValue<{ pages: Array<{ records: unknown[] }> }>(await recorded('fetchShopPages', { pages: [{ resource: 'paymentMethods', page: 1 }] }));
    expect(pages.pages[0]!.records.length).toBeGreaterThan(0);
    // Saved now: the same shop again needs no token typed.
    expect(bridgeValue(await recorded('saveSettings', { account: shop, syncEveryMinutes: 20 }))).toEqual({ accountKey: `shop:demo-shop@${host}` });

    for (const text of [...outputs, ...logged]) expect(text).not.toContain(TOKEN);
  });

  it('a restart comes up on the saved shop with its token from the vault', async () => {
    const TOKEN = 'shop-secret-restart-91';
    const retail = fixture.track(await startRetailSandbox({ port: 0, accounts: defaultRetailAccounts(TOKEN) }));
    const first = await fixture.start();
    await first.call('saveSettings', {
      account: { mode: 'shop', baseUrl: retail.url, username: 'demo-shop' },
      secondary: { mode: 'demo' },
      secrets: { token: TOKEN },
      syncEveryMinutes: 15,
    });
    await first.core.close();
    const again = await fixture.start(undefined, first.dataDir);
    expect(bridgeValue<AppInfo>(await again.call('getAppInfo'))).toMatchObject({ kind: 'shop', tenant: 'demo-shop' });
    expect(bridgeValue(await again.call('getSettings'))).toMatchObject({
      hasSecrets: true,
      secondaryHasSecrets: false,
      settings: { secondary: { mode: 'demo' } },
    });
    const pages = bridgeValue<{ pages: Array<{ records: unknown[] }> }>(
      await again.call('fetchShopPages', { pages: [{ resource: 'paymentMethods', page: 1 }] }),
    );
    expect(pages.pages[0]!.records.length).toBeGreaterThan(0);
  });
});
