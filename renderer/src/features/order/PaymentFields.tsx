import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { catalogSelectors } from '../../data/catalog/catalogStore';
import { useFormat } from '../../i18n/useFormat';
import { useCatalog } from '../../session/useCatalog';
import { FieldError } from './DestinationForms';
import { paymentMethodChoices } from './sendForm';
import { sendSelectors, useSendStore } from '../../session/sendStore';

// The optional payment sent with an order (clarifications `payment`): a method
// from the synced list (buttons, not a select: one tap on a touchscreen), the amount (empty: the
// ticket total) and a tip. Folded away until the waiter asks for it.

export function PaymentFields({ totalCents }: { totalCents: number }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const payment = useSendStore(sendSelectors.payment);
  const errors = useSendStore(sendSelectors.errors);
  const editPayment = useSendStore((s) => s.editPayment);
  const db = useCatalog(catalogSelectors.catalogDb);
  const stored = useLiveQuery(async () => (db ? await db.paymentMethods.toArray() : []), [db]);
  const methods = paymentMethodChoices(t, stored);

  if (!payment.enabled) {
    return (
      <div className="send-payment send-payment--folded">
        <button type="button" className="order-button send-payment__toggle" aria-expanded={false} onClick={() => editPayment({ enabled: true })}>
          {t('addPayment')}
        </button>
      </div>
    );
  }
  return (
    <fieldset className="send-payment">
      <legend className="send-payment__legend">{t('payment')}</legend>
      <div className="send-payment__methods" role="group" aria-label={t('paymentMethod')}>
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
          <span className="send-field__label">{t('amount')}</span>
          <input
            className={`send-field__input${errors.paymentAmount ? ' send-field__input--invalid' : ''}`}
            type="text"
            inputMode="decimal"
            placeholder={format.money(totalCents / 100)}
            value={payment.amount}
            aria-invalid={errors.paymentAmount !== undefined}
            aria-describedby="send-payment-amount-error send-payment-amount-hint"
            onChange={(event) => editPayment({ amount: event.target.value })}
          />
        </label>
        <label className="send-field">
          <span className="send-field__label">{t('tip')}</span>
          <input
            className={`send-field__input${errors.paymentTip ? ' send-field__input--invalid' : ''}`}
            type="text"
            inputMode="decimal"
            placeholder={format.money(0)}
            value={payment.tip}
            aria-invalid={errors.paymentTip !== undefined}
            aria-describedby="send-payment-tip-error"
            onChange={(event) => editPayment({ tip: event.target.value })}
          />
        </label>
      </div>
      <p className="send-field__hint" id="send-payment-amount-hint">
        {t('emptyAmount', { total: format.money(totalCents / 100) })}
      </p>
      <FieldError id="send-payment-amount-error" message={errors.paymentAmount} />
      <FieldError id="send-payment-tip-error" message={errors.paymentTip} />
      <button type="button" className="order-button send-payment__toggle" onClick={() => editPayment({ enabled: false, methodId: null, amount: '', tip: '' })}>
        {t('noPayment')}
      </button>
    </fieldset>
  );
}
