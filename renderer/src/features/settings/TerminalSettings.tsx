import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preferences } from '../../../../shared/bridge';
import { languageNames, languages, type Language } from '../../i18n/languages';
import { Button } from '../../ui/Button';
import { IconCheck, IconWarning } from '../../ui/icons';
import { useLockActions } from '../../session/lock/LockProvider';
import { lockSelectors, useLockStore } from '../../session/lock/lockStore';
import { PinSetupDialog, type PinSetupMode } from '../../session/lock/PinSetupDialog';
import { usePreferencesStore, type Theme } from '../../session/preferences';
import './terminalSettings.css';

const THEMES = [
  { theme: 'system', label: 'themeSystem' },
  { theme: 'light', label: 'themeLight' },
  { theme: 'dark', label: 'themeDark' },
] as const satisfies readonly { theme: Theme; label: string }[];

const IDLE_MINUTES = [0, 1, 2, 5, 10, 15, 30, 60] as const;

/**
 * This terminal's own settings: language, theme and the PIN lock. They
 * belong to no account and take effect at once (no Save).
 */
/** `warehouse`: the venue's choice of the warehouse it sells from (the stock feature's, passed in by the app); none on a shop, whose till sells from the shop floor. */
export function TerminalSettings({ warehouse = null }: { warehouse?: ReactNode } = {}) {
  const { t } = useTranslation('settings');
  const preferences = usePreferencesStore((state) => state.preferences);
  const failed = usePreferencesStore((state) => state.failed);
  const choose = usePreferencesStore((state) => state.choose);
  const { i18n } = useTranslation();
  // Until the main side answered, the language on screen is the one in use.
  const language = (preferences?.language ?? i18n.language) as Language;
  const theme = preferences?.theme ?? 'system';

  return (
    <section className="settings__terminal" aria-labelledby="settings-terminal-title">
      <h2 id="settings-terminal-title" className="settings__subtitle">
        {t('terminalTitle')}
      </h2>
      <div className="settings__terminal-row">
        <fieldset className="settings__group" disabled={preferences === null}>
          <legend className="settings__legend">{t('language')}</legend>
          <div className="settings__choices settings__choices--three">
            {languages.map((option) => (
              <ChoiceButton
                key={option}
                name="language"
                checked={language === option}
                onChoose={() => void choose({ language: option })}
                label={languageNames[option]}
                lang={option}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="settings__group" disabled={preferences === null}>
          <legend className="settings__legend">{t('theme')}</legend>
          <div className="settings__choices settings__choices--three">
            {THEMES.map((option) => (
              <ChoiceButton
                key={option.theme}
                name="theme"
                checked={theme === option.theme}
                onChoose={() => void choose({ theme: option.theme })}
                label={t(option.label)}
              />
            ))}
          </div>
        </fieldset>
      </div>
      <PinLock preferences={preferences} onIdleMinutes={(lockIdleMinutes) => void choose({ lockIdleMinutes })} />
      {warehouse}
      {failed && (
        <p className="settings__error" role="alert">
          <IconWarning className="settings__error-icon" />
          <span>{t('preferenceNotSaved')}</span>
        </p>
      )}
    </section>
  );
}

function ChoiceButton({ name, checked, onChoose, label, lang }: { name: string; checked: boolean; onChoose: () => void; label: string; lang?: string }) {
  return (
    <label className={`settings__choice settings__choice--compact${checked ? ' settings__choice--checked' : ''}`}>
      <input type="radio" className="settings__radio" name={name} checked={checked} onChange={onChoose} />
      <span className="settings__choice-label" lang={lang}>
        {label}
      </span>
    </label>
  );
}

function PinLock({ preferences, onIdleMinutes }: { preferences: Preferences | null; onIdleMinutes: (minutes: number) => void }) {
  const { t } = useTranslation('settings');
  const pinSet = useLockStore(lockSelectors.pinSet);
  const actions = useLockActions();
  const [setup, setSetup] = useState<PinSetupMode | null>(null);
  const [done, setDone] = useState<'saved' | 'removed' | null>(null);
  const idle = pinSet ? (preferences?.lockIdleMinutes ?? 0) : 0;

  const open = (mode: PinSetupMode) => {
    setDone(null);
    setSetup(mode);
  };

  return (
    <fieldset className="settings__group settings__lock">
      <legend className="settings__legend">{t('lockTitle')}</legend>
      <div className="settings__lock-row">
        <p className="settings__lock-state" data-testid="settings-pin-state">
          {pinSet ? <IconCheck className="settings__hint-icon" /> : null}
          {pinSet ? t('pinOn') : t('pinOff')}
        </p>
        {actions && (
          <div className="settings__lock-actions">
            {pinSet ? (
              <>
                <Button onClick={() => open('change')}>{t('changePin')}</Button>
                <Button onClick={() => open('remove')}>{t('removePin')}</Button>
              </>
            ) : (
              <Button onClick={() => open('set')}>{t('setPin')}</Button>
            )}
          </div>
        )}
      </div>
      <div className="settings__lock-row">
        <label className="settings__label" htmlFor="settings-lock-idle">
          {t('lockIdle')}
        </label>
        <select
          id="settings-lock-idle"
          className="settings__select"
          value={idle}
          disabled={!pinSet || preferences === null}
          aria-describedby={pinSet ? undefined : 'settings-lock-idle-note'}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => onIdleMinutes(Number(event.target.value))}
        >
          {IDLE_MINUTES.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes === 0 ? t('lockIdleNever') : t('lockIdleMinutes', { count: minutes })}
            </option>
          ))}
        </select>
        {!pinSet && (
          <p id="settings-lock-idle-note" className="settings__note">
            {t('lockIdleNeedsPin')}
          </p>
        )}
      </div>
      <p className="settings__lock-done" role="status">
        {done === 'saved' ? t('pinSaved') : done === 'removed' ? t('pinRemoved') : null}
      </p>
      {setup && actions && (
        <PinSetupDialog
          mode={setup}
          setPin={actions.setPin}
          clearPin={actions.clearPin}
          onDone={(changed) => {
            if (changed) setDone(setup === 'remove' ? 'removed' : 'saved');
            setSetup(null);
          }}
        />
      )}
    </fieldset>
  );
}
