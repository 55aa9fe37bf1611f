import { describe, expect, it } from 'vitest';
import { isChainMaster } from './useChainOffered';

const account = {
  mode: 'account' as const,
  environment: 'custom' as const,
  baseUrl: 'http://127.0.0.1:9000',
  imagesUrl: 'http://127.0.0.1:9000',
  tenant: 'demo',
};

describe('the chain role', () => {
  it('is offered on a master only (the demo venue is the sandbox chain master by default)', () => {
    expect(isChainMaster({ account: { mode: 'demo' }, syncEveryMinutes: 15 })).toBe(true);
    expect(isChainMaster({ account: { mode: 'demo', chainRole: 'child' }, syncEveryMinutes: 15 })).toBe(false);
    expect(isChainMaster({ account, syncEveryMinutes: 15 })).toBe(false);
    expect(isChainMaster({ account: { ...account, chainRole: 'master' }, syncEveryMinutes: 15 })).toBe(true);
    expect(isChainMaster({ account: { mode: 'demo-shop' }, secondary: { mode: 'demo' }, syncEveryMinutes: 15 })).toBe(false);
  });
});
