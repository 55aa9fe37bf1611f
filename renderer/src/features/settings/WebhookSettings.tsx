import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BridgeError,
  NO_WEBHOOK_REFUSALS,
  shopWebhookSettingsSchema,
  webhookRefusals,
  WEBHOOK_ALL_HOSTS,
  WEBHOOK_LOOPBACK_HOST,
  type BridgeClient,
  type ErrorText,
  type ShopWebhooksStatus,
  type WebhookLogEntry,
  type WebhookRefused,
} from '../../../../shared/bridge';
import { errorText } from '../../i18n/errorText';
import { useFormat } from '../../i18n/useFormat';
import { Button } from '../../ui/Button';
import { IconCheck, IconWarning } from '../../ui/icons';
import { useShopBridge } from '../../session/shopContext';
import './webhookSettings.css';

// Settings → "Live changes (webhooks)" on a shop account: whether the main
// side's receiver listens, where (this computer only by default), the URL to register at the retail
// service, the secret (written, never read back: empty keeps the saved one) and the log of the last
// deliveries, which follows `shop-webhook-logged` events. Saved by its own button: it changes no
// account (the form above switches accounts).

type Bridge = Pick<BridgeClient, 'getShopWebhooks' | 'saveShopWebhooks' | 'getShopWebhookLog' | 'onEvent'>;

interface Form {
  enabled: boolean;
  host: string;
  port: string;
  secret: string;
}

type Save = { state: 'idle' } | { state: 'saving' } | { state: 'saved' } | { state: 'failed'; error: ErrorText };
type FieldErrors = Partial<Record<'host' | 'port' | 'secret', ErrorText>>;

function formOf(status: ShopWebhooksStatus): Form {
  return { enabled: status.settings.enabled, host: status.settings.host, port: String(status.settings.port), secret: '' };
}

function explain(error: unknown): ErrorText {
  if (error instanceof BridgeError) return { code: error.code, ...(error.params ? { params: error.params } : {}) };
  return { code: 'internal', params: { operation: 'webhooks' } };
}

/** The receiver's settings and state as the main side answers them, and its delivery log (live). */
function useWebhooks(bridge: Bridge) {
  const [status, setStatus] = useState<ShopWebhooksStatus | null>(null);
  const [loadError, setLoadError] = useState<ErrorText | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [entries, setEntries] = useState<WebhookLogEntry[]>([]);
  const [refused, setRefused] = useState<WebhookRefused>(NO_WEBHOOK_REFUSALS);

  const readLog = useCallback(() => {
    bridge.getShopWebhookLog({}).then(
      (read) => {
        setEntries(read.entries);
        setRefused(read.refused);
      },
      (error: unknown) => console.warn(`webhooks: the log could not be read: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, [bridge]);

  useEffect(() => {
    let cancelled = false;
    bridge.getShopWebhooks({}).then(
      (read) => {
        if (cancelled) return;
        setStatus(read);
        setForm(formOf(read));
      },
      (error: unknown) => !cancelled && setLoadError(explain(error)),
    );
    readLog();
    // A new delivery: the log (and, once it listens, the receiver's state) is read again.
    const unsubscribe = bridge.onEvent((event) => {
      if (event.type === 'shop-webhook-logged') readLog();
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [bridge, readLog]);
  return { status, setStatus, loadError, form, setForm, entries, refused };
}

export function WebhookSettings({ bridge: given }: { bridge?: Bridge } = {}) {
  const { t } = useTranslation('webhooks');
  const scoped = useShopBridge();
  const bridge = given ?? scoped;
  const { status, setStatus, loadError, form, setForm, entries, refused } = useWebhooks(bridge);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [save, setSave] = useState<Save>({ state: 'idle' });
  const id = useId();

  if (loadError) return <Section>{<p className="webhooks__problem">{t('readFailed', { reason: errorText(t, loadError) })}</p>}</Section>;
  if (status === null || form === null) return <Section>{<p className="settings__note">{t('reading')}</p>}</Section>;

  const change = (changes: Partial<Form>) => {
    setForm({ ...form, ...changes });
    setSave({ state: 'idle' });
    setErrors({});
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const port = form.port.trim();
    const parsed = shopWebhookSettingsSchema.safeParse({ enabled: form.enabled, host: form.host, port: /^\d+$/.test(port) ? Number(port) : Number.NaN });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'host' ? 'host' : 'port';
        found[field] ??= { code: issue.message === 'webhook-host-invalid' ? 'webhook-host-invalid' : 'webhook-port-invalid' };
      }
      setErrors(found);
      return;
    }
    const secret = form.secret.trim();
    setSave({ state: 'saving' });
    bridge.saveShopWebhooks({ settings: parsed.data, ...(secret ? { secret } : {}) }).then(
      (saved) => {
        setStatus(saved);
        setForm(formOf(saved));
        setSave({ state: 'saved' });
      },
      (error: unknown) => setSave({ state: 'failed', error: explain(error) }),
    );
  };

  const hosts = [WEBHOOK_LOOPBACK_HOST, WEBHOOK_ALL_HOSTS];
  const secretProblem = status.secretProblem;
  const portId = `${id}-port`;
  const secretId = `${id}-secret`;

  return (
    <Section>
      <form className="webhooks__settings" onSubmit={onSubmit} noValidate aria-label={t('title')}>
        <fieldset className="settings__group">
          <legend className="settings__legend">{t('receiver')}</legend>
          <div className="settings__choices">
            <Choice
              name={`${id}-enabled`}
              checked={form.enabled}
              onChoose={() => change({ enabled: true })}
              label={t('on')}
              hint={t('onHint')}
              testId="webhooks-on"
            />
            <Choice
              name={`${id}-enabled`}
              checked={!form.enabled}
              onChoose={() => change({ enabled: false })}
              label={t('off')}
              hint={t('offHint')}
              testId="webhooks-off"
            />
          </div>
        </fieldset>
        <fieldset className="settings__group">
          <legend className="settings__legend">{t('listenOn')}</legend>
          <div className="settings__choices">
            <Choice
              name={`${id}-host`}
              checked={form.host === WEBHOOK_LOOPBACK_HOST}
              onChoose={() => change({ host: WEBHOOK_LOOPBACK_HOST })}
              label={t('loopback')}
              hint={t('loopbackHint')}
            />
            <Choice
              name={`${id}-host`}
              checked={form.host === WEBHOOK_ALL_HOSTS}
              onChoose={() => change({ host: WEBHOOK_ALL_HOSTS })}
              label={t('allNetworks')}
              hint={t('allNetworksHint')}
            />
            {!hosts.includes(form.host) && <Choice name={`${id}-host`} checked onChoose={() => undefined} label={t('otherHost', { host: form.host })} />}
          </div>
          {errors.host && <Problem>{errorText(t, errors.host)}</Problem>}
        </fieldset>
        <div className="webhooks__row">
          <div className="settings__field settings__field--narrow">
            <label className="settings__label" htmlFor={portId}>
              {t('port')}
            </label>
            <input
              id={portId}
              className={`settings__input${errors.port ? ' settings__input--invalid' : ''}`}
              inputMode="numeric"
              value={form.port}
              autoComplete="off"
              aria-invalid={errors.port ? true : undefined}
              aria-describedby={`${portId}-hint`}
              data-testid="webhooks-port"
              onChange={(event) => change({ port: event.target.value })}
            />
            <p id={`${portId}-hint`} className="settings__note">
              {t('portHint')}
            </p>
            {errors.port && <Problem>{errorText(t, errors.port)}</Problem>}
          </div>
          <div className="settings__field">
            <label className="settings__label" htmlFor={secretId}>
              {t('secret')}
            </label>
            <input
              id={secretId}
              className="settings__input"
              type="password"
              value={form.secret}
              placeholder={t('secretPlaceholder')}
              spellCheck={false}
              autoCapitalize="none"
              autoCorrect="off"
              // Never offered back by the browser's password manager either.
              autoComplete="new-password"
              aria-describedby={`${secretId}-hint`}
              data-testid="webhooks-secret"
              onChange={(event) => change({ secret: event.target.value })}
            />
            <p id={`${secretId}-hint`} className={`settings__hint settings__hint--${status.secretSaved ? 'saved' : 'retype'}`}>
              {status.secretSaved ? <IconCheck className="settings__hint-icon" /> : <IconWarning className="settings__hint-icon" />}
              {status.secretSaved
                ? t('secretSaved')
                : secretProblem && secretProblem.code !== 'webhook-secret-missing'
                  ? errorText(t, secretProblem)
                  : t('secretMissing')}
            </p>
          </div>
        </div>
        <SaveRow save={save} />
      </form>
      <ReceiverState receiver={status.receiver} />
      <WebhookLog entries={entries} />
      <RefusedCount refused={refused} />
    </Section>
  );
}

function SaveRow({ save }: { save: Save }) {
  const { t } = useTranslation('webhooks');
  return (
    <div className="webhooks__save">
      <Button variant="primary" type="submit" disabled={save.state === 'saving'} aria-busy={save.state === 'saving'} data-testid="webhooks-save">
        {save.state === 'saving' ? t('saving') : t('save')}
      </Button>
      <p className="webhooks__save-status" role="status" data-testid="webhooks-save-status">
        {save.state === 'saved' && (
          <>
            <IconCheck className="settings__hint-icon" />
            {t('saved')}
          </>
        )}
        {save.state === 'failed' && (
          <>
            <IconWarning className="settings__hint-icon" />
            {t('notSaved', { reason: errorText(t, save.error) })}
          </>
        )}
      </p>
    </div>
  );
}

/** Whether the receiver listens, and at which addresses. */
function ReceiverState({ receiver }: { receiver: ShopWebhooksStatus['receiver'] }) {
  const { t } = useTranslation('webhooks');
  return (
    <div className="webhooks__side">
      <div className={`webhooks__receiver webhooks__receiver--${receiver.state}`} data-testid="webhooks-receiver" data-state={receiver.state}>
        <p className="webhooks__state">
          {receiver.state === 'listening' ? <IconCheck className="settings__hint-icon" /> : <IconWarning className="settings__hint-icon" />}
          {receiver.state === 'listening'
            ? t('stateListening')
            : receiver.state === 'failed' && receiver.problem
              ? t('stateFailed', { reason: errorText(t, receiver.problem) })
              : t('stateOff')}
        </p>
        {receiver.urls.length > 0 && (
          <>
            <p className="settings__label">{t('urlTitle')}</p>
            <ul className="webhooks__urls">
              {receiver.urls.map((url) => (
                <li key={url}>
                  <code data-testid="webhooks-url">{url}</code>
                </li>
              ))}
            </ul>
          </>
        )}
        <p className="settings__note">{t('reachNote')}</p>
      </div>
    </div>
  );
}

function Section({ children }: { children: ReactNode }) {
  const { t } = useTranslation('webhooks');
  const titleId = useId();
  return (
    <section className="webhooks" aria-labelledby={titleId} data-testid="settings-webhooks">
      <div className="webhooks__head">
        <h2 id={titleId} className="settings__subtitle">
          {t('title')}
        </h2>
        <p className="settings__note">{t('intro')}</p>
      </div>
      {children}
    </section>
  );
}

function Choice({
  name,
  checked,
  onChoose,
  label,
  hint,
  testId,
}: {
  name: string;
  checked: boolean;
  onChoose: () => void;
  label: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <label className={`settings__choice${checked ? ' settings__choice--checked' : ''}`} data-testid={testId}>
      <input type="radio" className="settings__radio" name={name} checked={checked} onChange={onChoose} />
      <span className="settings__choice-text">
        <span className="settings__choice-label">{label}</span>
        {hint && <span className="settings__choice-hint">{hint}</span>}
      </span>
    </label>
  );
}

function Problem({ children }: { children: ReactNode }) {
  return (
    <p className="settings__error">
      <IconWarning className="settings__error-icon" />
      <span>{children}</span>
    </p>
  );
}

/** The last deliveries, newest first: each outcome in words with an icon (never colour alone). */
function WebhookLog({ entries }: { entries: WebhookLogEntry[] }) {
  const { t } = useTranslation('webhooks');
  const format = useFormat();
  const titleId = useId();
  return (
    <div className="webhooks__log">
      <h3 id={titleId} className="settings__label">
        {t('logTitle')}
      </h3>
      {entries.length === 0 ? (
        <p className="settings__note">{t('logEmpty')}</p>
      ) : (
        <div className="webhooks__table-wrap">
          <table className="webhooks__table" aria-labelledby={titleId} data-testid="webhooks-log">
            <thead>
              <tr>
                <th scope="col">{t('logTime')}</th>
                <th scope="col">{t('logEvent')}</th>
                <th scope="col">{t('logSignature')}</th>
                <th scope="col">{t('logOutcome')}</th>
                <th scope="col">{t('logChange')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, index) => (
                <tr key={`${entry.at}-${index}`} data-testid="webhooks-log-entry" data-outcome={entry.outcome} data-verified={entry.verified}>
                  <td className="webhooks__when">{`${format.date(new Date(entry.at))} ${format.time(new Date(entry.at))}`}</td>
                  <td>
                    <code>{entry.event ?? t('noEvent')}</code>
                  </td>
                  <td>
                    <span className={`webhooks__verified webhooks__verified--${entry.verified ? 'yes' : 'no'}`}>
                      {entry.verified ? <IconCheck className="webhooks__icon" /> : <IconWarning className="webhooks__icon" />}
                      {entry.verified ? t('verified') : t('notVerified')}
                    </span>
                  </td>
                  <td className={`webhooks__outcome webhooks__outcome--${entry.outcome}`}>
                    {t(`outcome_${entry.outcome}`)}
                    {entry.reason && ` (${t(`reason_${entry.reason}`)})`}
                  </td>
                  <td>{changeText(t, entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * Requests refused before anything in them was read (a wrong or missing signature, no secret, not a
 * delivery): counted here rather than logged, so forged requests cannot push real deliveries out of
 * the log (shared/bridge/webhooks.ts webhookRefusals).
 */
function RefusedCount({ refused }: { refused: WebhookRefused }) {
  const { t } = useTranslation('webhooks');
  const format = useFormat();
  const reasons = webhookRefusals.filter((reason) => refused.byReason[reason] > 0);
  return (
    <div className="webhooks__refused" data-testid="webhooks-refused" data-total={refused.total}>
      <p className="settings__label">{t('refusedTitle')}</p>
      {refused.total === 0 || refused.lastAt === null ? (
        <p className="settings__note">{t('refusedNone')}</p>
      ) : (
        <p className="settings__note">
          <IconWarning className="webhooks__icon" />
          {t('refusedCount', { count: refused.total, last: `${format.date(new Date(refused.lastAt))} ${format.time(new Date(refused.lastAt))}` })}{' '}
          {reasons.map((reason) => t(`refused_${reason}`, { count: refused.byReason[reason] })).join(' · ')}
        </p>
      )}
    </div>
  );
}

type WebhooksT = ReturnType<typeof useTranslation<'webhooks'>>['t'];

function changeText(t: WebhooksT, entry: WebhookLogEntry): string {
  const change = entry.change;
  if (change === null || entry.outcome !== 'applied') return t('noChange');
  const values = { id: change.id ?? 0, name: change.name ?? '' };
  if (change.kind === 'reports') return t('change_reports');
  if (change.kind === 'product') return change.removed ? t('change_productRemoved', values) : t('change_product', values);
  return change.removed ? t('change_customerRemoved', values) : t('change_customer', values);
}
