import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/useFormat';
import { roundDiscountCents } from './sendForm';
import { sendSelectors, useSendStore } from '../../session/sendStore';

// A table's round: "Separate check" (the round opens a new check at the
// table: `skipMerge`) and a discount on the round — an amount or a percentage with a reason, sent
// as the loyalty `orderDiscount` with a negative amount. Folded until asked for.

export function RoundExtrasFields({ subtotalCents }: { subtotalCents: number }) {
  const { t } = useTranslation('bill');
  const format = useFormat();
  const round = useSendStore(sendSelectors.round);
  const editRound = useSendStore((s) => s.editRound);
  const discount = round.discount;
  const cents = roundDiscountCents(discount, subtotalCents);
  return (
    <div className="round-extras">
      <div className="round-extras__row">
        <button
          type="button"
          className="order-button round-extras__toggle"
          aria-pressed={round.separateCheck}
          onClick={() => editRound({ separateCheck: !round.separateCheck })}
        >
          <span aria-hidden="true">{round.separateCheck ? '☑ ' : '☐ '}</span>
          {t('separateCheck')}
        </button>
        <button
          type="button"
          className="order-button round-extras__toggle"
          aria-expanded={discount !== null}
          onClick={() => editRound({ discount: discount === null ? { kind: 'percent', value: '', reason: '' } : null })}
        >
          {t('roundDiscount')}
        </button>
      </div>
      {round.separateCheck && <p className="send-field__hint">{t('separateCheckHint')}</p>}
      {discount !== null && (
        <fieldset className="round-extras__discount">
          <legend className="send-field__label">{t('discountRoundTitle')}</legend>
          <div className="round-extras__row" role="group" aria-label={t('discountKind')}>
            {(['percent', 'amount'] as const).map((kind) => (
              <button
                key={kind}
                type="button"
                className="order-button"
                aria-pressed={discount.kind === kind}
                onClick={() => editRound({ discount: { ...discount, kind } })}
              >
                <span aria-hidden="true">{discount.kind === kind ? '● ' : '○ '}</span>
                {t(`kind_${kind}`)}
              </button>
            ))}
          </div>
          <div className="round-extras__row">
            <label className="send-field">
              <span className="send-field__label">{discount.kind === 'percent' ? t('discountValuePercent') : t('discountValue')}</span>
              <input
                className="send-field__input"
                type="text"
                inputMode="decimal"
                value={discount.value}
                onChange={(event) => editRound({ discount: { ...discount, value: event.target.value } })}
              />
            </label>
            <label className="send-field">
              <span className="send-field__label">{t('discountReason')}</span>
              <input
                className="send-field__input"
                type="text"
                maxLength={200}
                value={discount.reason}
                onChange={(event) => editRound({ discount: { ...discount, reason: event.target.value } })}
              />
            </label>
          </div>
          <p className="send-field__hint" role="status">
            {cents !== null ? t('discountPreview', { amount: format.money(cents.cents / 100) }) : ''}
          </p>
        </fieldset>
      )}
    </div>
  );
}
