import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ConnectionCheck, EnvironmentId } from '../../../../shared/bridge';
import { Button, RetryButton } from '../../ui/Button';
import { EmptyState } from '../../ui/Notice';
import { IconCheck, IconWarning } from '../../ui/icons';
import { accountsOf, primaryKind, savedShopTokenHint, savedTokensHint, type FieldProblem, type FormField, type TokenHint } from './settingsForm';
import { settingsSelectors, useSettingsStore, type SettingsBridge } from './settingsStore';
import { errorText } from '../../i18n/errorText';
import { accountWords, checkName, environmentName, fieldProblemText, persistenceText, tokenHintText } from './settingsText';
import { useStoragePersistence } from './storagePersistence';
import { TerminalSettings } from './TerminalSettings';
import { ChainRoleSetting } from './ChainRoleSetting';
import { WebhookSettings } from './WebhookSettings';

const FORM_ID = 'settings-form';

/**
 * Settings: this terminal's language, theme and PIN lock (applied at
 * once); the demo venue or a real account, a connection test that says exactly what failed, and
 * Save, which switches the terminal to the account. Tokens are written, never read back.
 */
export function SettingsScreen({
  bridge,
  onBack,
  account = 'venue',
  warehouse = null,
}: {
  bridge: SettingsBridge;
  onBack: () => void;
  /** A shop goes back to its till and has no venue warehouse. */
  account?: 'venue' | 'shop';
  /** The venue's warehouse choice (the stock feature's), passed in by the app. */
  warehouse?: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const loading = useSettingsStore(settingsSelectors.loading);
  const loadError = useSettingsStore(settingsSelectors.loadError);
  const saved = useSettingsStore(settingsSelectors.saved);
  const load = useSettingsStore((state) => state.load);
  const persistence = useStoragePersistence((state) => state.state);

  return (
    <section className="screen" aria-labelledby="settings-title">
      <div className="screen__bar">
        <Button className="settings__back" onClick={onBack}>
          <IconBack className="settings__back-icon" />
          {account === 'shop' ? t('backToTill') : t('backToFloor')}
        </Button>
        <h1 id="settings-title" className="screen__title">
          {t('title')}
        </h1>
        {saved && (
          <p className="settings__in-use" data-testid="settings-in-use">
            {t('inUse')} <strong>{accountWords(t, saved.account, true)}</strong>
          </p>
        )}
        <p className="settings__in-use" data-testid="settings-storage-persistence">
          {t('persistence')} <strong>{persistenceText(t, persistence)}</strong>
        </p>
      </div>
      {loading === 'failed' ? (
        <EmptyState tone="problem" title={loadError ? errorText(t, loadError) : t('readFailed')} action={<RetryButton onRetry={() => load(bridge)} />} />
      ) : saved === null ? (
        <EmptyState title={t('reading')} />
      ) : (
        <>
          <div className="settings__body">
            <TerminalSettings warehouse={account === 'venue' ? warehouse : null} />
            <SettingsFormFields bridge={bridge} />
            <ConnectionTestPanel bridge={bridge} />
            {/* The shop's webhook receiver: saved on its own, it switches no account. */}
            {account === 'shop' && <WebhookSettings />}
          </div>
          <SaveBar />
        </>
      )}
    </section>
  );
}

function SettingsFormFields({ bridge }: { bridge: SettingsBridge }) {
  const { t } = useTranslation('settings');
  const form = useSettingsStore(settingsSelectors.form);
  const saved = useSettingsStore(settingsSelectors.saved);
  const hasSecrets = useSettingsStore(settingsSelectors.hasSecrets);
  const secretsProblem = useSettingsStore(settingsSelectors.secretsProblem);
  const secondaryHasSecrets = useSettingsStore(settingsSelectors.secondaryHasSecrets);
  const environments = useSettingsStore(settingsSelectors.environments);
  const formError = useSettingsStore(settingsSelectors.fieldError('form'));
  const chooseMode = useSettingsStore((state) => state.chooseMode);
  const chooseUse = useSettingsStore((state) => state.chooseUse);
  const chooseActive = useSettingsStore((state) => state.chooseActive);
  const chooseShopMode = useSettingsStore((state) => state.chooseShopMode);
  const chooseEnvironment = useSettingsStore((state) => state.chooseEnvironment);
  const saveSettings = useSettingsStore((state) => state.saveSettings);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void saveSettings(bridge);
  };

  const preset = environments.find((env) => env.id === form.environment);
  // The vault holds tokens for the saved account's server and tenant only; the venue and the
  // shop have one entry each (the current account's or the second one's).
  const savedAccounts = saved ? accountsOf(saved) : { venue: null, shop: null };
  const venueIsCurrent = saved !== null && savedAccounts.venue === saved.account;
  const venueSaved = saved && savedAccounts.venue ? { ...saved, account: savedAccounts.venue } : null;
  const tokenHint = savedTokensHint(form, venueSaved, venueIsCurrent ? hasSecrets : secondaryHasSecrets, venueIsCurrent ? secretsProblem : null);
  const shopTokenHint = savedShopTokenHint(form, saved, venueIsCurrent ? secondaryHasSecrets : hasSecrets);
  const venueUsed = form.use !== 'shop';
  const shopUsed = form.use !== 'venue';
  const syncField = <TextField field="syncEveryMinutes" label={t('syncEvery')} inputMode="numeric" suffix={t('minutes')} narrow />;

  return (
    <form id={FORM_ID} className="settings__form" onSubmit={onSubmit} noValidate aria-labelledby="settings-account-title">
      <h2 id="settings-account-title" className="settings__subtitle">
        {t('accountTitle')}
      </h2>
      <fieldset className="settings__group">
        <legend className="settings__legend">{t('useTitle')}</legend>
        <div className="settings__choices settings__choices--three">
          <Choice name="use" checked={form.use === 'venue'} onChoose={() => chooseUse('venue')} label={t('useVenue')} hint={t('useVenueHint')} />
          <Choice name="use" checked={form.use === 'shop'} onChoose={() => chooseUse('shop')} label={t('useShop')} hint={t('useShopHint')} />
          <Choice name="use" checked={form.use === 'both'} onChoose={() => chooseUse('both')} label={t('useBoth')} hint={t('useBothHint')} />
        </div>
      </fieldset>
      {form.use === 'both' && (
        <fieldset className="settings__group">
          <legend className="settings__legend">{t('activeTitle')}</legend>
          <div className="settings__choices">
            <Choice name="active" checked={form.active === 'venue'} onChoose={() => chooseActive('venue')} label={t('activeVenue')} />
            <Choice name="active" checked={form.active === 'shop'} onChoose={() => chooseActive('shop')} label={t('activeShop')} />
          </div>
        </fieldset>
      )}

      {venueUsed && (
        <fieldset className="settings__group">
          <legend className="settings__legend">{t('venue')}</legend>
          <div className="settings__choices">
            <Choice name="mode" checked={form.mode === 'demo'} onChoose={() => chooseMode('demo')} label={t('demo')} hint={t('demoHint')} />
            <Choice name="mode" checked={form.mode === 'account'} onChoose={() => chooseMode('account')} label={t('account')} hint={t('accountHint')} />
          </div>
        </fieldset>
      )}
      {/* The venue's place in a chain: only a master is offered the chain sync. */}
      {venueUsed && <ChainRoleSetting />}

      {venueUsed && form.mode === 'account' && (
        <>
          <fieldset className="settings__group">
            <legend className="settings__legend">{t('environment')}</legend>
            <div className="settings__choices settings__choices--three">
              {environments.map((env) => (
                <Choice
                  key={env.id}
                  name="environment"
                  checked={form.environment === env.id}
                  onChoose={() => chooseEnvironment(env.id as EnvironmentId)}
                  label={environmentName(t, env.id)}
                />
              ))}
            </div>
            {preset && preset.id !== 'custom' && preset.baseUrl === null && (
              <p className="settings__note">{t('noPresetAddress', { environment: environmentName(t, preset.id) })}</p>
            )}
          </fieldset>
          <div className="settings__row">
            <TextField field="baseUrl" label={t('serverAddress')} type="url" inputMode="url" placeholder={t('serverPlaceholder')} />
            <TextField field="imagesUrl" label={t('imagesAddress')} type="url" inputMode="url" placeholder={t('imagesPlaceholder')} />
          </div>
          <div className="settings__row">
            <TextField field="tenant" label={t('tenant')} autoCapitalize="none" />
            {syncField}
          </div>
          <div className="settings__row">
            <TextField field="accessToken" label={t('accessToken')} type="password" hint={tokenHint} />
            <TextField field="integratorToken" label={t('integratorToken')} type="password" hint={tokenHint} />
          </div>
        </>
      )}

      {shopUsed && (
        <>
          <fieldset className="settings__group">
            <legend className="settings__legend">{t('shop')}</legend>
            <div className="settings__choices">
              <Choice
                name="shopMode"
                checked={form.shopMode === 'demo-shop'}
                onChoose={() => chooseShopMode('demo-shop')}
                label={t('demoShop')}
                hint={t('demoShopHint')}
              />
              <Choice
                name="shopMode"
                checked={form.shopMode === 'shop'}
                onChoose={() => chooseShopMode('shop')}
                label={t('realShop')}
                hint={t('realShopHint')}
              />
            </div>
          </fieldset>
          {form.shopMode === 'shop' && (
            <>
              <div className="settings__row">
                <TextField field="shopBaseUrl" label={t('shopAddress')} type="url" inputMode="url" placeholder={t('shopPlaceholder')} />
                <TextField field="username" label={t('username')} autoCapitalize="none" />
              </div>
              <div className="settings__row">
                <TextField field="token" label={t('token')} type="password" hint={shopTokenHint} />
              </div>
            </>
          )}
        </>
      )}

      {!(venueUsed && form.mode === 'account') && syncField}
      {formError && <FieldError id="settings-form-error" problem={formError} />}
    </form>
  );
}

function Choice({ name, checked, onChoose, label, hint }: { name: string; checked: boolean; onChoose: () => void; label: string; hint?: string }) {
  return (
    <label className={`settings__choice${checked ? ' settings__choice--checked' : ''}`}>
      <input type="radio" className="settings__radio" name={name} checked={checked} onChange={onChoose} />
      <span className="settings__choice-text">
        <span className="settings__choice-label">{label}</span>
        {hint && <span className="settings__choice-hint">{hint}</span>}
      </span>
    </label>
  );
}

type TextFieldProps = {
  field: Exclude<FormField, 'environment'>;
  label: string;
  type?: 'text' | 'url' | 'password';
  inputMode?: 'url' | 'numeric' | 'text';
  placeholder?: string;
  hint?: TokenHint | undefined;
  suffix?: string;
  narrow?: boolean;
  autoCapitalize?: string;
};

function TextField({ field, label, type = 'text', inputMode, placeholder, hint, suffix, narrow, autoCapitalize }: TextFieldProps) {
  const { t } = useTranslation('settings');
  const value = useSettingsStore((state) => state.form[field]);
  const error = useSettingsStore(settingsSelectors.fieldError(field));
  const setField = useSettingsStore((state) => state.setField);
  const id = `settings-${field}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`settings__field${narrow ? ' settings__field--narrow' : ''}`}>
      <label className="settings__label" htmlFor={id}>
        {label}
      </label>
      <div className="settings__input-row">
        <input
          id={id}
          className={`settings__input${error ? ' settings__input--invalid' : ''}`}
          type={type}
          inputMode={inputMode}
          value={value}
          placeholder={placeholder}
          spellCheck={false}
          autoCapitalize={autoCapitalize ?? 'none'}
          autoCorrect="off"
          // Tokens: never offered back by the browser's password manager either.
          autoComplete={type === 'password' ? 'new-password' : 'off'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setField(field, event.target.value)}
        />
        {suffix && <span className="settings__suffix">{suffix}</span>}
      </div>
      {hint && (
        // A hint that asks for the tokens again is a warning: icon and words, not colour alone.
        <p id={`${id}-hint`} className={`settings__hint settings__hint--${hint.tone === 'saved' ? 'saved' : 'retype'}`}>
          {hint.tone === 'saved' ? <IconCheck className="settings__hint-icon" /> : <IconWarning className="settings__hint-icon" />}
          {tokenHintText(t, hint)}
        </p>
      )}
      {error && <FieldError id={`${id}-error`} problem={error} />}
    </div>
  );
}

function FieldError({ id, problem, children }: { id: string; problem?: FieldProblem; children?: ReactNode }) {
  const { t } = useTranslation('settings');
  return (
    <p id={id} className="settings__error">
      <IconWarning className="settings__error-icon" />
      <span>{problem ? fieldProblemText(t, problem) : children}</span>
    </p>
  );
}

function ConnectionTestPanel({ bridge }: { bridge: SettingsBridge }) {
  const { t } = useTranslation('settings');
  const test = useSettingsStore(settingsSelectors.test);
  const testConnection = useSettingsStore((state) => state.testConnection);
  const form = useSettingsStore(settingsSelectors.form);
  const running = test.state === 'running';
  // With both accounts, each has its own test (the one in use first).
  const kinds = form.use === 'both' ? ([primaryKind(form), primaryKind(form) === 'venue' ? 'shop' : 'venue'] as const) : null;

  return (
    <aside className="settings__test" aria-labelledby="settings-test-title">
      <h2 id="settings-test-title" className="settings__subtitle">
        {t('testTitle')}
      </h2>
      <p className="settings__test-intro">{t('testIntro')}</p>
      {kinds ? (
        kinds.map((kind) => (
          <Button
            key={kind}
            variant="secondary"
            className="settings__test-button"
            disabled={running}
            aria-busy={running}
            onClick={() => void testConnection(bridge, kind)}
          >
            {running ? t('testing') : t(kind === 'venue' ? 'testVenue' : 'testShop')}
          </Button>
        ))
      ) : (
        <Button variant="secondary" className="settings__test-button" disabled={running} aria-busy={running} onClick={() => void testConnection(bridge)}>
          {running ? t('testing') : t('testButton')}
        </Button>
      )}
      <div className="settings__test-result" aria-live="polite">
        {test.state === 'failed' && <FieldError id="settings-test-error">{errorText(t, test.error)}</FieldError>}
        {test.state === 'done' && <CheckList ok={test.ok} checks={test.checks} />}
      </div>
    </aside>
  );
}

function CheckList({ ok, checks }: { ok: boolean; checks: ConnectionCheck[] }) {
  const { t } = useTranslation('settings');
  const failed = checks.filter((check) => !check.ok).length;
  return (
    <>
      <p className={`settings__verdict settings__verdict--${ok ? 'ok' : 'failed'}`} data-testid="settings-test-verdict">
        {ok ? <IconCheck className="settings__verdict-icon" /> : <IconCross className="settings__verdict-icon" />}
        {ok ? t('allPassed') : t('checksFailed', { count: failed })}
      </p>
      <ul className="settings__checks" aria-label={t('checks')}>
        {checks.map((check) => (
          <li key={check.check} className={`settings__check settings__check--${check.ok ? 'ok' : 'failed'}`} data-testid="settings-check">
            {check.ok ? <IconCheck className="settings__check-icon" /> : <IconCross className="settings__check-icon" />}
            <div className="settings__check-text">
              <p className="settings__check-name">
                {checkName(t, check.check)}: <span className="settings__check-state">{check.ok ? t('passed') : t('failed')}</span>
              </p>
              <p className="settings__check-message">{errorText(t, check)}</p>
              {!check.ok && check.detail && (
                <details className="settings__check-detail">
                  <summary>{t('technicianDetails')}</summary>
                  <code>{check.detail}</code>
                </details>
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function SaveBar() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const save = useSettingsStore(settingsSelectors.save);
  const saving = save.state === 'saving';
  return (
    <div className="settings__footer">
      <div className="settings__save-status" role="status" data-testid="settings-save-status">
        {save.state === 'saving' && t('switching')}
        {save.state === 'saved' && (
          <>
            <IconCheck className="settings__status-icon" />
            <span>
              <Trans t={t} i18nKey="savedNow" values={{ account: accountWords(t, save.account) }} components={{ strong: <strong /> }} />
            </span>
          </>
        )}
        {save.state === 'failed' && (
          <>
            <IconWarning className="settings__status-icon settings__status-icon--problem" />
            <span>{save.error ? t('notSaved', { reason: errorText(t, save.error) }) : t('readBackFailed')}</span>
          </>
        )}
      </div>
      <Button variant="primary" type="submit" form={FORM_ID} className="settings__save" disabled={saving} aria-busy={saving}>
        {saving ? t('saving') : tc('save')}
      </Button>
    </div>
  );
}

type IconProps = { className?: string };
const iconProps = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 3,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

/** A cross: a failed check (always next to the word "failed"). */
function IconCross({ className }: IconProps) {
  return (
    <svg {...iconProps} className={className}>
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

function IconBack({ className }: IconProps) {
  return (
    <svg {...iconProps} className={className}>
      <path d="M15 5l-7 7 7 7" />
    </svg>
  );
}
