import { useTranslation } from 'react-i18next';
import type { ChainRole } from '../../../../shared/bridge';
import { shownChainRole } from './settingsForm';
import { settingsSelectors, useSettingsStore } from './settingsStore';

// The venue's place in a chain, on the Settings screen: the API cannot say
// whether an account is a chain's master, so the manager does. Saved with the account (Save); only
// a master is offered the chain sync in manager mode. Test id: settings-chain-role.

const ROLES = [
  { role: 'none', label: 'roleNone', hint: 'roleNoneHint' },
  { role: 'master', label: 'roleMaster', hint: 'roleMasterHint' },
  { role: 'child', label: 'roleChild', hint: 'roleChildHint' },
] as const satisfies readonly { role: ChainRole; label: string; hint: string }[];

export function ChainRoleSetting() {
  const { t } = useTranslation('managerVendors');
  const chainRole = useSettingsStore((state) => shownChainRole(settingsSelectors.form(state)));
  const chooseChainRole = useSettingsStore((state) => state.chooseChainRole);
  return (
    <fieldset className="settings__group" data-testid="settings-chain-role">
      <legend className="settings__legend">{t('roleTitle')}</legend>
      <div className="settings__choices settings__choices--three">
        {ROLES.map(({ role, label, hint }) => (
          <label key={role} className={`settings__choice${chainRole === role ? ' settings__choice--checked' : ''}`}>
            <input type="radio" className="settings__radio" name="chainRole" checked={chainRole === role} onChange={() => chooseChainRole(role)} />
            <span className="settings__choice-text">
              <span className="settings__choice-label">{t(label)}</span>
              <span className="settings__choice-hint">{t(hint)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
