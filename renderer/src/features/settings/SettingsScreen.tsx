import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import type { ConnectionCheck, EnvironmentId } from '../../../../shared/bridge';
import { Button, RetryButton } from '../../ui/Button';
import { EmptyState } from '../../ui/Notice';
import { IconCheck, IconWarning } from '../../ui/icons';
import { describeAccount, savedTokensHint, type FormField, type TokenHint } from './settingsForm';
import { settingsSelectors, useSettingsStore, type SettingsBridge } from './settingsStore';
import { PERSISTENCE_TEXT, useStoragePersistence } from './storagePersistence';

const FORM_ID = 'settings-form';

/**
 * Settings (issue 4 item 3): the demo venue or a real account, a connection test that says
 * exactly what failed, and Save, which switches the terminal to the account. Tokens are written,
 * never read back.
 */
export function SettingsScreen({ bridge, onBack }: { bridge: SettingsBridge; onBack: () => void }) {
  const loading = useSettingsStore(settingsSelectors.loading);
  const loadError = useSettingsStore(settingsSelectors.loadError);
  const saved = useSettingsStore(settingsSelectors.saved);
  const load = useSettingsStore((state) => state.load);
  const persistence = useStoragePersistence((state) => state.state);

  return (
    <section className="settings" aria-labelledby="settings-title">
      <div className="settings__bar">
        <Button className="settings__back" onClick={onBack}>
          <IconBack className="settings__back-icon" />
          Back to floor
        </Button>
        <h1 id="settings-title" className="settings__title">
          Settings
        </h1>
        {saved && (
          <p className="settings__in-use" data-testid="settings-in-use">
            In use: <strong>{saved.account.mode === 'demo' ? 'The demo venue' : describeAccount(saved.account)}</strong>
          </p>
        )}
        <p className="settings__in-use" data-testid="settings-storage-persistence">
          Persistent storage: <strong>{PERSISTENCE_TEXT[persistence]}</strong>
        </p>
      </div>
      {loading === 'failed' ? (
        <EmptyState tone="problem" title={loadError ?? 'The settings could not be read.'} action={<RetryButton onRetry={() => load(bridge)} />} />
      ) : saved === null ? (
        <EmptyState title="Reading the settings…" />
      ) : (
        <>
          <div className="settings__body">
            <SettingsFormFields bridge={bridge} />
            <ConnectionTestPanel bridge={bridge} />
          </div>
          <SaveBar />
        </>
      )}
    </section>
  );
}

function SettingsFormFields({ bridge }: { bridge: SettingsBridge }) {
  const form = useSettingsStore(settingsSelectors.form);
  const saved = useSettingsStore(settingsSelectors.saved);
  const hasSecrets = useSettingsStore(settingsSelectors.hasSecrets);
  const secretsProblem = useSettingsStore(settingsSelectors.secretsProblem);
  const environments = useSettingsStore(settingsSelectors.environments);
  const formError = useSettingsStore(settingsSelectors.fieldError('form'));
  const chooseMode = useSettingsStore((state) => state.chooseMode);
  const chooseEnvironment = useSettingsStore((state) => state.chooseEnvironment);
  const saveSettings = useSettingsStore((state) => state.saveSettings);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void saveSettings(bridge);
  };

  const preset = environments.find((env) => env.id === form.environment);
  // The vault holds tokens for the saved account's server and tenant only.
  const tokenHint = savedTokensHint(form, saved, hasSecrets, secretsProblem);
  const syncField = <TextField field="syncEveryMinutes" label="Sync the catalog every" inputMode="numeric" suffix="minutes" narrow />;

  return (
    <form id={FORM_ID} className="settings__form" onSubmit={onSubmit} noValidate>
      <fieldset className="settings__group">
        <legend className="settings__legend">Venue</legend>
        <div className="settings__choices">
          <Choice name="mode" checked={form.mode === 'demo'} onChoose={() => chooseMode('demo')} label="Demo venue" hint="The built-in sample restaurant. Nothing reaches a real account." />
          <Choice name="mode" checked={form.mode === 'account'} onChoose={() => chooseMode('account')} label="Real account" hint="Your venue on the vendor’s servers." />
        </div>
      </fieldset>

      {form.mode === 'account' && (
        <>
          <fieldset className="settings__group">
            <legend className="settings__legend">Environment</legend>
            <div className="settings__choices settings__choices--three">
              {environments.map((env) => (
                <Choice
                  key={env.id}
                  name="environment"
                  checked={form.environment === env.id}
                  onChoose={() => chooseEnvironment(env.id as EnvironmentId)}
                  label={env.name}
                />
              ))}
            </div>
            {preset && preset.id !== 'custom' && preset.baseUrl === null && (
              <p className="settings__note">This build has no address for {preset.name}: enter the one your vendor gave you.</p>
            )}
          </fieldset>
          <div className="settings__row">
            <TextField field="baseUrl" label="Server address" type="url" inputMode="url" placeholder="https://…" />
            <TextField field="imagesUrl" label="Image storage address" type="url" inputMode="url" placeholder="Empty: same as the server" />
          </div>
          <div className="settings__row">
            <TextField field="tenant" label="Tenant (account user name)" autoCapitalize="none" />
            {syncField}
          </div>
          <div className="settings__row">
            <TextField field="accessToken" label="Access token" type="password" hint={tokenHint} />
            <TextField field="integratorToken" label="Integrator token" type="password" hint={tokenHint} />
          </div>
        </>
      )}

      {form.mode === 'demo' && syncField}
      {formError && <FieldError id="settings-form-error">{formError}</FieldError>}
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
        <p id={`${id}-hint`} className={`settings__hint settings__hint--${hint.tone}`}>
          {hint.tone === 'saved' ? <IconCheck className="settings__hint-icon" /> : <IconWarning className="settings__hint-icon" />}
          {hint.text}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="settings__error">
      <IconWarning className="settings__error-icon" />
      <span>{children}</span>
    </p>
  );
}

function ConnectionTestPanel({ bridge }: { bridge: SettingsBridge }) {
  const test = useSettingsStore(settingsSelectors.test);
  const testConnection = useSettingsStore((state) => state.testConnection);
  const running = test.state === 'running';

  return (
    <aside className="settings__test" aria-labelledby="settings-test-title">
      <h2 id="settings-test-title" className="settings__subtitle">
        Connection test
      </h2>
      <p className="settings__test-intro">Tries these settings without switching to them.</p>
      <Button variant="secondary" className="settings__test-button" disabled={running} aria-busy={running} onClick={() => void testConnection(bridge)}>
        {running ? 'Testing…' : 'Test connection'}
      </Button>
      <div className="settings__test-result" aria-live="polite">
        {test.state === 'failed' && <FieldError id="settings-test-error">{test.message}</FieldError>}
        {test.state === 'done' && <CheckList ok={test.ok} checks={test.checks} />}
      </div>
    </aside>
  );
}

function CheckList({ ok, checks }: { ok: boolean; checks: ConnectionCheck[] }) {
  const failed = checks.filter((check) => !check.ok).length;
  return (
    <>
      <p className={`settings__verdict settings__verdict--${ok ? 'ok' : 'failed'}`} data-testid="settings-test-verdict">
        {ok ? <IconCheck className="settings__verdict-icon" /> : <IconCross className="settings__verdict-icon" />}
        {ok ? 'Every check passed: these settings work.' : `${failed} ${failed === 1 ? 'check' : 'checks'} failed.`}
      </p>
      <ul className="settings__checks" aria-label="Connection checks">
        {checks.map((check) => (
          <li key={check.check} className={`settings__check settings__check--${check.ok ? 'ok' : 'failed'}`} data-testid="settings-check">
            {check.ok ? <IconCheck className="settings__check-icon" /> : <IconCross className="settings__check-icon" />}
            <div className="settings__check-text">
              <p className="settings__check-name">
                {check.check}: <span className="settings__check-state">{check.ok ? 'passed' : 'failed'}</span>
              </p>
              <p className="settings__check-message">{check.message}</p>
              {!check.ok && check.detail && (
                <details className="settings__check-detail">
                  <summary>Details for a technician</summary>
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
  const save = useSettingsStore(settingsSelectors.save);
  const saving = save.state === 'saving';
  return (
    <div className="settings__footer">
      <div className="settings__save-status" role="status" data-testid="settings-save-status">
        {save.state === 'saving' && 'Switching…'}
        {save.state === 'saved' && (
          <>
            <IconCheck className="settings__status-icon" />
            <span>
              Saved. This terminal now uses <strong>{describeAccount(save.account)}</strong>.
            </span>
          </>
        )}
        {save.state === 'failed' && (
          <>
            <IconWarning className="settings__status-icon settings__status-icon--problem" />
            <span>Not saved: {save.message}</span>
          </>
        )}
      </div>
      <Button variant="primary" type="submit" form={FORM_ID} className="settings__save" disabled={saving} aria-busy={saving}>
        {saving ? 'Saving…' : 'Save'}
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
