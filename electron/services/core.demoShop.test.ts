// In demo mode both shells (through the core) also start the retail sandbox on its
// own loopback port, log its address, and stop it with the demo venue.
import { describe, expect, it } from 'vitest';
import { coreFixture } from './core.testing';

const { start } = coreFixture('comanda-demo-shop-');

describe('demo shop (retail sandbox) beside the demo venue', () => {
  it('is started, logged, answers the demo-shop account, and stops with the core', async () => {
    const { core, logged } = await start();
    const line = logged.find((l) => l.startsWith('demo shop: embedded retail sandbox at '));
    const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(line ?? '')?.[1];
    expect(url, logged.join('\n')).toBeDefined();
    expect(url).not.toBe(core.sandboxUrl);
    const answer = await fetch(`${url}/api/external/config/payment_methods`, { headers: { username: 'demo-shop', Authorization: 'Bearer demo-token' } });
    expect(answer.status).toBe(200);
    await core.close();
    await expect(fetch(`${url}/api/external/config/payment_methods`)).rejects.toThrow();
  });
});
