import { useLiveQuery } from 'dexie-react-hooks';
import { formatMoney } from '../../../../shared/domain/money';
import { catalogSelectors } from '../../data/catalog/catalogStore';
import { useCatalog } from '../sync/useCatalog';
import { FieldError } from './DestinationForms';
import { paymentMethodChoices } from './sendForm';
import { sendSelectors, useSendStore } from './sendStore';

// The optional payment sent with an order (issue 6 item 3; clarifications `payment`): a method
// from the synced list (buttons, not a select: one tap on a touchscreen), the amount (empty: the
// ticket total) and a tip. Folded away until the waiter asks for it.

export function PaymentFields({ totalCents }: { totalCents: number }) {
  const payment = useSendStore(sendSelectors.payment);
  const errors = useSendStore(sendSelectors.errors);
  const editPayment = useSendStore((s) => s.editPayment);
  const db = useCatalog(catalogSelectors.catalogDb);
  const stored = useLiveQuery(async () => (db ? await db.paymentMethods.toArray() : []), [db]);
  const methods = paymentMethodChoices(stored);

  if (!payment.enabled) {
    return (
      <div className="send-payment send-payment--folded">
        <button type="button" className="order-button send-payment__toggle" aria-expanded={false} onClick={() => editPayment({ enabled: true })}>
          + Add a payment
        </button>
      </div>
    );
  }
  return (
    <fieldset className="send-payment">
      <legend className="send-payment__legend">Payment</legend>
      <div className="send-payment__methods" role="group" aria-label="Payment method">
        {methods.map((method) => {
          const chosen = payment.methodId === method.id;
          return (
            <button
              key={method.id}
              type="button"
              className="order-option order-option--single send-payment__method"
              aria-pressed={chosen}
              onClick={() => editPayment({ methodId: method.id })}
            >
              <span className="order-option__check" aria-hidden="true">
                {chosen ? '●' : ''}
              </span>
              <span className="order-option__name">{method.name}</span>
            </button>
          );
        })}
      </div>
      <FieldError id="send-payment-method-error" message={errors.paymentMethod} />
      <div className="send-payment__amounts">
        <label className="send-field">
          <span className="send-field__label">Amount (€)</span>
          <input
            className={`send-field__input${errors.paymentAmount ? ' send-field__input--invalid' : ''}`}
            type="text"
            inputMode="decimal"
            placeholder={formatMoney(totalCents).replace(/\s?€/, '')}
            value={payment.amount}
            aria-invalid={errors.paymentAmount !== undefined}
            aria-describedby="send-payment-amount-error send-payment-amount-hint"
            onChange={(event) => editPayment({ amount: event.target.value })}
          />
        </label>
        <label className="send-field">
          <span className="send-field__label">Tip (€)</span>
          <input
            className={`send-field__input${errors.paymentTip ? ' send-field__input--invalid' : ''}`}
            type="text"
            inputMode="decimal"
            placeholder="0,00"
            value={payment.tip}
            aria-invalid={errors.paymentTip !== undefined}
            aria-describedby="send-payment-tip-error"
            onChange={(event) => editPayment({ tip: event.target.value })}
          />
        </label>
      </div>
      <p className="send-field__hint" id="send-payment-amount-hint">
        Empty amount: the whole total, {formatMoney(totalCents)}.
      </p>
      <FieldError id="send-payment-amount-error" message={errors.paymentAmount} />
      <FieldError id="send-payment-tip-error" message={errors.paymentTip} />
      <button type="button" className="order-button send-payment__toggle" onClick={() => editPayment({ enabled: false, methodId: null, amount: '', tip: '' })}>
        No payment
      </button>
    </fieldset>
  );
}
