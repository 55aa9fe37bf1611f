import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountKindOf, BridgeError, type AccountKind, type Settings } from '../../../../shared/bridge';
import { errorText } from '../../i18n/errorText';
import type { SettingsBridge } from './settingsStore';
import './accountSwitch.css';

/**
 * The header's "Venue | Shop" switch: shown when the terminal holds both accounts. The
 * other one becomes current through the normal account switch (saveSettings with the two swapped:
 * `account-changed`, and every window reopens that account's data). Two toggle buttons with
 * `aria-pressed` and the word, not colour alone.
 */
export function AccountSwitch({ bridge }: { bridge: SettingsBridge }) {
  const { t } = useTranslation('settings');
  const [settings, setSettings] = useState<Settings | null>(null);
  const [switching, setSwitching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    bridge.getSettings({}).then(
      (answer) => live && setSettings(answer.settings),
      () => live && setSettings(null),
    );
    return () => {
      live = false;
    };
  }, [bridge]);

  const secondary = settings?.secondary ?? null;
  if (!settings || !secondary) return null;
  const current = accountKindOf(settings.account);

  const choose = async (kind: AccountKind) => {
    if (kind === current || switching) return;
    setSwitching(true);
    setProblem(null);
    try {
      // The account scope restarts the terminal on the other account when this answers.
      await bridge.saveSettings({ account: secondary, secondary: settings.account, syncEveryMinutes: settings.syncEveryMinutes });
    } catch (error) {
      const reason = error instanceof BridgeError ? errorText(t, error) : String(error);
      setProblem(t('switchFailed', { reason }));
      setSwitching(false);
    }
  };

  return (
    <div className="account-switch" role="group" aria-label={t('switchLabel')} data-testid="account-switch" aria-busy={switching}>
      {(['venue', 'shop'] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          className="account-switch__button"
          data-testid={`account-switch-${kind}`}
          aria-pressed={kind === current}
          disabled={switching}
          onClick={() => void choose(kind)}
        >
          {t(kind === 'venue' ? 'switchVenue' : 'switchShop')}
        </button>
      ))}
      {problem && (
        <span className="account-switch__problem" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
