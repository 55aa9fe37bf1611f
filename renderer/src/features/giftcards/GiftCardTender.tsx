import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/useFormat';
import { FormError } from '../../ui/FormError';
import { scannerOptIn, useScanner } from '../../ui/useScanner';
import { AmountPad, useSeparator } from './AmountPad';
import { amountText, pressAmountKey, readAmount, readUuid } from './giftCardForm';
import './giftcards.css';

// Paying part of a bill with a gift card: the form the pay dialog shows for the
// "Gift card" method. The card's code typed or scanned, the amount to take from it — what is left
// to pay by default, never more. It only collects: the pay dialog queues the redeem and the payment.

export interface GiftCardTenderProps {
  /** What is left to pay, in cents: the default amount and the most the card may pay. */
  maxCents: number;
  onSubmit: (card: { uuid: string; amountCents: number }) => void;
  onCancel: () => void;
}

export function GiftCardTender({ maxCents, onSubmit, onCancel }: GiftCardTenderProps) {
  const { t } = useTranslation('giftCards');
  const fmt = useFormat();
  const separator = useSeparator();
  const ids = useId();
  const [uuid, setUuid] = useState('');
  const [amount, setAmount] = useState(() => (maxCents > 0 ? amountText(maxCents, separator) : ''));
  const [checked, setChecked] = useState(false);
  const uuidRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  useEffect(() => uuidRef.current?.focus(), []);

  useScanner((code) => setUuid(code));

  const max = fmt.money(maxCents / 100);
  const uuidRead = readUuid(uuid);
  const amountRead = readAmount(amount, maxCents);
  const cents = 'cents' in amountRead ? amountRead.cents : null;
  const uuidProblem = checked && 'problem' in uuidRead ? t(uuidRead.problem) : null;
  const amountProblem =
    checked && 'problem' in amountRead ? (amountRead.problem === 'amountTooHigh' ? t('tenderOverMax', { max }) : t(amountRead.problem)) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setChecked(true);
    if (!('uuid' in uuidRead)) return uuidRef.current?.focus();
    if (!('cents' in amountRead)) return amountRef.current?.focus();
    onSubmit({ uuid: uuidRead.uuid, amountCents: amountRead.cents });
  };

  return (
    <form className="gift-tender" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 className="gift-tender__title" id={`${ids}-title`}>
        {t('tenderTitle')}
      </h2>
      <div className="gift-tender__body">
        <div className="gift-tender__fields">
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-uuid`}>
              {t('uuidLabel')}
            </label>
            <input
              ref={uuidRef}
              id={`${ids}-uuid`}
              className="field__input gift-field__input gift-field__input--code"
              type="text"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              {...scannerOptIn}
              aria-invalid={uuidProblem !== null}
              aria-describedby={uuidProblem ? `${ids}-uuid-problem` : undefined}
              value={uuid}
              onChange={(e) => setUuid(e.target.value)}
            />
            {uuidProblem && <FormError id={`${ids}-uuid-problem`}>{uuidProblem}</FormError>}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-amount`}>
              {t('tenderAmountLabel')}
            </label>
            <input
              ref={amountRef}
              id={`${ids}-amount`}
              className="field__input gift-field__input gift-field__input--amount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={amountProblem !== null}
              aria-describedby={`${ids}-amount-max${amountProblem ? ` ${ids}-amount-problem` : ''}`}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
            <p className="gift-field__hint" id={`${ids}-amount-max`}>
              {t('tenderMax', { max })}
            </p>
            {amountProblem && <FormError id={`${ids}-amount-problem`}>{amountProblem}</FormError>}
          </div>
        </div>
        <AmountPad separator={separator} onKey={(key) => setAmount((text) => pressAmountKey(text, key, separator))} />
      </div>
      <div className="gift-tender__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('tenderCancel')}
        </button>
        <button type="submit" className="button button--primary">
          {cents !== null && cents <= maxCents ? t('tenderPay', { amount: fmt.money(cents / 100) }) : t('tenderPayNoAmount')}
        </button>
      </div>
    </form>
  );
}
