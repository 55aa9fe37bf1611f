import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../../shared/bridge';
import { buildSaveInput, chainRoleForMode, formFromSettings, shownChainRole } from './settingsForm';

// The Settings form carries the venue's chain role (app/useChainOffered.test.ts:
// the Chain tab is offered on a master only).

const account = {
  mode: 'account' as const,
  environment: 'custom' as const,
  baseUrl: 'http://127.0.0.1:9000',
  imagesUrl: 'http://127.0.0.1:9000',
  tenant: 'demo',
};

describe('the chain role', () => {
  it('goes from the settings into the form and back out with Save', () => {
    const saved: Settings = { account: { ...account, chainRole: 'master' }, syncEveryMinutes: 15 };
    const form = formFromSettings(saved, []);
    expect(form.chainRole).toBe('master');
    expect(shownChainRole(formFromSettings({ account: { mode: 'demo' }, syncEveryMinutes: 15 }, []))).toBe('master');
    expect(shownChainRole(formFromSettings({ account, syncEveryMinutes: 15 }, []))).toBe('none');
    const built = buildSaveInput({ ...form, chainRole: 'child' });
    expect(built.ok && built.input.account).toMatchObject({ mode: 'account', chainRole: 'child' });
    const demo = buildSaveInput({ ...formFromSettings({ account: { mode: 'demo' }, syncEveryMinutes: 15 }, []) });
    expect(demo.ok && demo.input.account).toEqual({ mode: 'demo' });
    const demoChild = buildSaveInput({ ...formFromSettings({ account: { mode: 'demo' }, syncEveryMinutes: 15 }, []), chainRole: 'child' });
    expect(demoChild.ok && demoChild.input.account).toEqual({ mode: 'demo', chainRole: 'child' });
  });

  it('starts a newly chosen mode from the saved role of that mode, else its default', () => {
    const saved: Settings = { account: { ...account, chainRole: 'master' }, syncEveryMinutes: 15 };
    expect(chainRoleForMode('account', saved)).toBe('master');
    expect(chainRoleForMode('demo', saved)).toBeNull();
    expect(chainRoleForMode('demo', { account: { mode: 'demo', chainRole: 'child' }, syncEveryMinutes: 15 })).toBe('child');
    expect(chainRoleForMode('account', { account: { mode: 'demo', chainRole: 'child' }, syncEveryMinutes: 15 })).toBeNull();
  });
});
