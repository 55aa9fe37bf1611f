import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../shared/bridge';
import { errorText } from '../../i18n/errorText';
import { IconWarning } from '../../ui/icons';
import { connectMyAccount, startWithDemo, type StartChoice } from './firstStart';
import type { SettingsBridge } from './settingsStore';
import './firstStart.css';

// A new terminal's first screen (firstStart.ts): the demo venue, the demo shop, or the newcomer's
// own account (Settings' account form). Test names (English): heading "How do you want to start?",
// buttons "Demo venue …", "Demo shop …", "Connect my account …".

type Busy = StartChoice | 'account' | null;

export function FirstStartScreen({ bridge, settings }: { bridge: SettingsBridge; settings: Settings | null }) {
  const { t } = useTranslation(['settings', 'errors']);
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = (what: NonNullable<Busy>, work: () => Promise<void>) => {
    if (busy !== null) return;
    setBusy(what);
    setProblem(null);
    work().then(
      // A demo saved: the account switch replaces this screen. Settings opened: it shows instead.
      () => setBusy(null),
      (error: unknown) => {
        setBusy(null);
        setProblem(t('firstStartFailed', { reason: errorText(t, error) }));
      },
    );
  };

  const choices: { id: NonNullable<Busy>; title: string; hint: string; act: () => Promise<void> }[] = [
    { id: 'demo', title: t('demo'), hint: t('firstStartVenueHint'), act: () => startWithDemo(bridge, 'demo', settings) },
    { id: 'demo-shop', title: t('demoShop'), hint: t('firstStartShopHint'), act: () => startWithDemo(bridge, 'demo-shop', settings) },
    { id: 'account', title: t('firstStartConnect'), hint: t('firstStartConnectHint'), act: () => connectMyAccount(bridge) },
  ];

  return (
    <section className="first-start" aria-labelledby="first-start-title" data-testid="first-start">
      <div className="first-start__panel">
        <h1 className="first-start__title" id="first-start-title">
          {t('firstStartTitle')}
        </h1>
        <p className="first-start__intro">{t('firstStartIntro')}</p>
        <ul className="first-start__choices">
          {choices.map((choice) => (
            <li key={choice.id}>
              <button
                type="button"
                className="card-button first-start__choice"
                disabled={busy !== null}
                aria-busy={busy === choice.id}
                onClick={() => run(choice.id, choice.act)}
              >
                <span className="first-start__choice-title">{busy === choice.id ? t('firstStartOpening', { name: choice.title }) : choice.title}</span>
                <span className="first-start__choice-hint">{choice.hint}</span>
              </button>
            </li>
          ))}
        </ul>
        <p className="first-start__later">{t('firstStartLater')}</p>
        {problem && (
          <p className="form-error" role="alert">
            <IconWarning className="form-error__icon" />
            {problem}
          </p>
        )}
      </div>
    </section>
  );
}
