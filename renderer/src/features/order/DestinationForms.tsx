import type { ReactNode } from 'react';
import { IconWarning } from '../../ui/icons';
import { useServiceStore } from '../service/serviceStore';
import type { DeliveryDay, SendField } from './sendForm';
import { sendSelectors, useSendStore } from './sendStore';

// Where an order goes when it is not a table's round (issue 6 item 3): a takeaway (who collects
// it) or a delivery (phone, address, when). And, with no destination yet, the choice of one.

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
  const error = useSendStore((s) => s.errors[field]);
  const inputId = `send-${field}`;
  const errorId = `send-${field}-error`;
  return (
    <div className="send-field">
      <label className="send-field__label" htmlFor={inputId}>
        {label}
        {required ? <span className="send-field__required"> (required)</span> : <span className="send-field__optional"> (optional)</span>}
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

function DestinationHeader({ title, children }: { title: string; children?: ReactNode }) {
  const openOrder = useServiceStore((s) => s.openOrder);
  return (
    <div className="send-destination__head">
      <h2 className="send-destination__title">{title}</h2>
      {children}
      <button type="button" className="order-button" onClick={() => openOrder({ kind: 'none' })} aria-label={`Change destination (now ${title})`}>
        Change
      </button>
    </div>
  );
}

export function TakeawayForm() {
  const draft = useSendStore(sendSelectors.takeaway);
  const edit = useSendStore((s) => s.editTakeaway);
  return (
    <section className="send-destination" aria-label="Takeaway">
      <DestinationHeader title="Takeaway" />
      <div className="send-destination__body">
        <TextField field="takeawayName" label="Name" value={draft.name} onChange={(name) => edit({ name })} required />
        <TextField field="takeawayPhone" label="Phone" type="tel" inputMode="tel" value={draft.phone} onChange={(phone) => edit({ phone })} />
        <TextField field="takeawayEmail" label="Email" type="email" inputMode="email" value={draft.email} onChange={(email) => edit({ email })} />
      </div>
    </section>
  );
}

const DAYS: readonly { day: DeliveryDay; label: string }[] = [
  { day: 'now', label: 'Now' },
  { day: 'today', label: 'Today' },
  { day: 'tomorrow', label: 'Tomorrow' },
];

export function DeliveryForm() {
  const draft = useSendStore(sendSelectors.delivery);
  const edit = useSendStore((s) => s.editDelivery);
  const timeError = useSendStore((s) => s.errors.deliveryTime);
  return (
    <section className="send-destination" aria-label="Delivery">
      <DestinationHeader title="Delivery" />
      <div className="send-destination__body">
        <TextField field="deliveryPhone" label="Phone" type="tel" inputMode="tel" value={draft.phone} onChange={(phone) => edit({ phone })} required />
        <TextField field="deliveryAddress" label="Address" value={draft.address} onChange={(address) => edit({ address })} required />
        <TextField field="deliveryCity" label="City" value={draft.city} onChange={(city) => edit({ city })} />
        <TextField field="deliveryName" label="Name" value={draft.name} onChange={(name) => edit({ name })} />
        <TextField field="deliveryEmail" label="Email" type="email" inputMode="email" value={draft.email} onChange={(email) => edit({ email })} />
        <fieldset className="send-field send-when">
          <legend className="send-field__label">When</legend>
          <div className="send-when__days" role="group" aria-label="Delivery day">
            {DAYS.map(({ day, label }) => (
              <button key={day} type="button" className="order-option order-option--single send-when__day" aria-pressed={draft.day === day} onClick={() => edit({ day })}>
                <span className="order-option__check" aria-hidden="true">
                  {draft.day === day ? '●' : ''}
                </span>
                <span className="order-option__name">{label}</span>
              </button>
            ))}
          </div>
          {draft.day !== 'now' && (
            <label className="send-when__time">
              <span className="send-field__label">Time {draft.day === 'today' ? 'today' : 'tomorrow'}</span>
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
    </section>
  );
}

/** No destination yet: takeaway or delivery here; a table is chosen on the floor. */
export function ChooseDestination() {
  const openOrder = useServiceStore((s) => s.openOrder);
  const showScreen = useServiceStore((s) => s.showScreen);
  return (
    <section className="send-destination" aria-label="Destination">
      <div className="send-destination__head">
        <h2 className="send-destination__title">Where does it go?</h2>
      </div>
      <div className="send-destination__body send-destination__choices">
        <button type="button" className="button button--secondary send-destination__choice" onClick={() => openOrder({ kind: 'takeaway' })}>
          Takeaway
        </button>
        <button type="button" className="button button--secondary send-destination__choice" onClick={() => openOrder({ kind: 'delivery' })}>
          Delivery
        </button>
        <p className="send-destination__hint">For a table, pick it on the floor plan.</p>
        <button type="button" className="button button--secondary send-destination__choice" onClick={() => showScreen('floor')}>
          Go to the floor
        </button>
      </div>
    </section>
  );
}
