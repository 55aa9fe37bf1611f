import { useTranslation } from 'react-i18next';
import { IconWarning } from '../../ui/icons';
import { useServiceStore } from '../../session/navigation';
import { DestinationStrip } from './DestinationStrip';
import type { DeliveryDay, SendField } from './sendForm';
import { sendSelectors, useSendStore } from '../../session/sendStore';

// Where an order goes when it is not a table's round: a takeaway (who collects
// it) or a delivery (phone, address, when), each in the strip above the ticket (DestinationStrip,
// open while it is being filled). And, with no destination yet, the choice of one.

/** A field's message: icon + words under the field (never a red border alone). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (message === undefined) return <span id={id} hidden />;
  return (
    <p className="send-field__error" id={id} role="alert">
      <IconWarning className="send-field__error-icon" />
      {message}
    </p>
  );
}

function TextField({
  field,
  label,
  value,
  onChange,
  required = false,
  type = 'text',
  inputMode,
  autoComplete = 'off',
}: {
  field: SendField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  type?: 'text' | 'tel' | 'email';
  inputMode?: 'text' | 'tel' | 'email';
  autoComplete?: string;
}) {
  const { t } = useTranslation('order');
  const error = useSendStore((s) => s.errors[field]);
  const inputId = `send-${field}`;
  const errorId = `send-${field}-error`;
  return (
    <div className="send-field">
      <label className="send-field__label" htmlFor={inputId}>
        {label}
        {required ? <span className="send-field__required"> {t('required')}</span> : <span className="send-field__optional"> {t('optional')}</span>}
      </label>
      <input
        id={inputId}
        className={`send-field__input${error ? ' send-field__input--invalid' : ''}`}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={value}
        maxLength={200}
        aria-required={required}
        aria-invalid={error !== undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function ChangeButton({ title }: { title: string }) {
  const { t } = useTranslation('order');
  const openOrder = useServiceStore((s) => s.openOrder);
  return (
    <button
      type="button"
      className="order-button destination-strip__action"
      onClick={() => openOrder({ kind: 'none' })}
      aria-label={t('changeDestination', { title })}
    >
      {t('change')}
    </button>
  );
}

export function TakeawayForm() {
  const { t } = useTranslation('order');
  const draft = useSendStore(sendSelectors.takeaway);
  const edit = useSendStore((s) => s.editTakeaway);
  const title = t('takeaway');
  return (
    <DestinationStrip label={title} title={title} summary={draft.name.trim() || undefined} actions={<ChangeButton title={title} />} defaultOpen>
      <div className="send-destination__fields">
        <TextField field="takeawayName" label={t('fieldName')} value={draft.name} onChange={(name) => edit({ name })} required />
        <TextField field="takeawayPhone" label={t('fieldPhone')} type="tel" inputMode="tel" value={draft.phone} onChange={(phone) => edit({ phone })} />
        <TextField field="takeawayEmail" label={t('fieldEmail')} type="email" inputMode="email" value={draft.email} onChange={(email) => edit({ email })} />
      </div>
    </DestinationStrip>
  );
}

const DAYS = [
  { day: 'now', label: 'dayNow' },
  { day: 'today', label: 'dayToday' },
  { day: 'tomorrow', label: 'dayTomorrow' },
] as const satisfies readonly { day: DeliveryDay; label: string }[];

export function DeliveryForm() {
  const { t } = useTranslation('order');
  const draft = useSendStore(sendSelectors.delivery);
  const edit = useSendStore((s) => s.editDelivery);
  const timeError = useSendStore((s) => s.errors.deliveryTime);
  const title = t('delivery');
  return (
    <DestinationStrip label={title} title={title} summary={draft.address.trim() || undefined} actions={<ChangeButton title={title} />} defaultOpen>
      <div className="send-destination__fields">
        <TextField
          field="deliveryPhone"
          label={t('fieldPhone')}
          type="tel"
          inputMode="tel"
          value={draft.phone}
          onChange={(phone) => edit({ phone })}
          required
        />
        <TextField field="deliveryAddress" label={t('fieldAddress')} value={draft.address} onChange={(address) => edit({ address })} required />
        <TextField field="deliveryCity" label={t('fieldCity')} value={draft.city} onChange={(city) => edit({ city })} />
        <TextField field="deliveryName" label={t('fieldName')} value={draft.name} onChange={(name) => edit({ name })} />
        <TextField field="deliveryEmail" label={t('fieldEmail')} type="email" inputMode="email" value={draft.email} onChange={(email) => edit({ email })} />
        <fieldset className="send-field send-when">
          <legend className="send-field__label">{t('when')}</legend>
          <div className="send-when__days" role="group" aria-label={t('deliveryDay')}>
            {DAYS.map(({ day, label }) => (
              <button
                key={day}
                type="button"
                className="order-option order-option--single send-when__day"
                aria-pressed={draft.day === day}
                onClick={() => edit({ day })}
              >
                <span className="order-option__check" aria-hidden="true">
                  {draft.day === day ? '●' : ''}
                </span>
                <span className="order-option__name">{t(label)}</span>
              </button>
            ))}
          </div>
          {draft.day !== 'now' && (
            <label className="send-when__time">
              <span className="send-field__label">{draft.day === 'today' ? t('timeToday') : t('timeTomorrow')}</span>
              <input
                className={`send-field__input${timeError ? ' send-field__input--invalid' : ''}`}
                type="time"
                value={draft.time}
                aria-invalid={timeError !== undefined}
                aria-describedby="send-deliveryTime-error"
                onChange={(event) => edit({ time: event.target.value })}
              />
            </label>
          )}
          <FieldError id="send-deliveryTime-error" message={timeError} />
        </fieldset>
      </div>
    </DestinationStrip>
  );
}

/** No destination yet: takeaway or delivery here; a table is chosen on the floor. */
export function ChooseDestination() {
  const { t } = useTranslation('order');
  const openOrder = useServiceStore((s) => s.openOrder);
  const showScreen = useServiceStore((s) => s.showScreen);
  return (
    <section className="destination-choice" aria-labelledby="destination-choice-title">
      <h2 className="destination-choice__title" id="destination-choice-title">
        {t('whereDoesItGo')}
      </h2>
      <div className="destination-choice__buttons">
        <button type="button" className="order-button destination-choice__button" onClick={() => openOrder({ kind: 'takeaway' })}>
          {t('takeaway')}
        </button>
        <button type="button" className="order-button destination-choice__button" onClick={() => openOrder({ kind: 'delivery' })}>
          {t('delivery')}
        </button>
        <button type="button" className="order-button destination-choice__button" onClick={() => showScreen('floor')} aria-label={t('tableOnFloorLong')}>
          {t('tableOnFloor')}
        </button>
      </div>
    </section>
  );
}
