import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiftCard } from '../../../../shared/bridge';
import { errorText } from '../../i18n/errorText';
import { useFormat } from '../../i18n/useFormat';
import { FormError } from '../../ui/FormError';
import { IconCheck, IconOffline, IconWarning } from '../../ui/icons';
import { scannerOptIn, useScanner } from '../../ui/useScanner';
import { sessionSelectors, useSession } from '../../session/session';
import { useServiceStore } from '../../session/navigation';
import { AmountPad, useSeparator } from './AmountPad';
import { amountText, MAX_CARD_CENTS, newCardCode, pressAmountKey, readAmount, readCampaign, readUuid, type AmountKey } from './giftCardForm';
import { useGiftCardsBridge } from './giftCardsBridge';
import { qrSvg } from './qr';
import './giftcards.css';

// Sell a gift card: the amount (typed or tapped), the card's code (typed,
// scanned by a keyboard-wedge scanner, or generated), an optional campaign. Online only: the POS
// answers at once — 201 shows the card (its code as text and a QR code, to print), 422 says why
// in the vendor's words. Offline the Sell button says so and does nothing.

const QUICK_AMOUNTS = [1_000, 2_000, 2_500, 5_000, 10_000] as const;

export function GiftCardsScreen() {
  const { t } = useTranslation('giftCards');
  const showScreen = useServiceStore((s) => s.showScreen);
  const [sold, setSold] = useState<GiftCard | null>(null);
  const [round, setRound] = useState(0);
  return (
    <section className="screen" aria-labelledby="gift-cards-title">
      <div className="screen__bar">
        <button type="button" className="button button--secondary" onClick={() => showScreen('floor')}>
          {t('backToFloor')}
        </button>
        <h1 className="screen__title gift-cards__title" id="gift-cards-title">
          {t('title')}
        </h1>
      </div>
      {sold ? (
        <SoldCard
          card={sold}
          onSellAnother={() => {
            setSold(null);
            setRound((r) => r + 1);
          }}
        />
      ) : (
        <SellForm key={round} autoFocus={round > 0} onSold={setSold} />
      )}
    </section>
  );
}

function SellForm({ onSold, autoFocus }: { onSold: (card: GiftCard) => void; autoFocus: boolean }) {
  const { t } = useTranslation('giftCards');
  const fmt = useFormat();
  const bridge = useGiftCardsBridge();
  const ids = useId();
  const offline = useSession(sessionSelectors.connection) === 'offline';

  const [amount, setAmount] = useState('');
  const [uuid, setUuid] = useState('');
  const [campaign, setCampaign] = useState('');
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [scanned, setScanned] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const uuidRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (autoFocus) amountRef.current?.focus();
  }, [autoFocus]);

  useScanner(
    (code) => {
      setUuid(code);
      setScanned(code);
      setRefusal(null);
    },
    { enabled: !busy },
  );

  const amountRead = readAmount(amount, MAX_CARD_CENTS);
  const uuidRead = readUuid(uuid);
  const amountProblem = checked && 'problem' in amountRead ? t(amountRead.problem, { max: fmt.money(MAX_CARD_CENTS / 100) }) : null;
  const uuidProblem = checked && 'problem' in uuidRead ? t(uuidRead.problem) : null;
  const cents = 'cents' in amountRead ? amountRead.cents : null;

  const editAmount = (next: string) => {
    setAmount(next);
    setRefusal(null);
  };
  const editUuid = (next: string) => {
    setUuid(next);
    setScanned(null);
    setRefusal(null);
  };

  const sell = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || offline) return;
    setChecked(true);
    if (!('cents' in amountRead)) return amountRef.current?.focus();
    if (!('uuid' in uuidRead)) return uuidRef.current?.focus();
    const campaignId = readCampaign(campaign);
    setBusy(true);
    setRefusal(null);
    try {
      const { card } = await bridge.createGiftCard({ uuid: uuidRead.uuid, balanceCents: amountRead.cents, ...(campaignId ? { campaignId } : {}) });
      onSold(card);
    } catch (error) {
      setRefusal(error);
      setBusy(false);
    }
  };

  const sellLabel = busy ? t('selling') : offline ? t('offline') : cents !== null ? t('sell', { amount: fmt.money(cents / 100) }) : t('sellNoAmount');

  return (
    <form className="gift-sell" onSubmit={(event) => void sell(event)} noValidate aria-busy={busy}>
      <AmountField id={`${ids}-amount`} inputRef={amountRef} amount={amount} cents={cents} problem={amountProblem} busy={busy} onEdit={editAmount} />

      <div className="gift-sell__card">
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-uuid`}>
            {t('uuidLabel')}
          </label>
          <p className="gift-field__hint" id={`${ids}-uuid-hint`}>
            {t('uuidHint')}
          </p>
          <div className="gift-field__row">
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
              aria-describedby={[`${ids}-uuid-hint`, uuidProblem ? `${ids}-uuid-problem` : null].filter(Boolean).join(' ')}
              value={uuid}
              disabled={busy}
              onChange={(e) => editUuid(e.target.value)}
            />
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => editUuid(newCardCode())}>
              {t('generate')}
            </button>
          </div>
          {uuidProblem && <FormError id={`${ids}-uuid-problem`}>{uuidProblem}</FormError>}
          <p className="gift-field__note" role="status">
            {scanned !== null ? t('scanned', { uuid: scanned }) : ''}
          </p>
        </div>

        <div className="field">
          <label className="field__label" htmlFor={`${ids}-campaign`}>
            {t('campaignLabel')} <span className="gift-field__optional">{t('optional')}</span>
          </label>
          <input
            id={`${ids}-campaign`}
            className="field__input gift-field__input"
            type="text"
            autoComplete="off"
            maxLength={100}
            value={campaign}
            disabled={busy}
            onChange={(e) => {
              setCampaign(e.target.value);
              setRefusal(null);
            }}
          />
        </div>

        {refusal !== null && (
          <p className="notice gift-sell__refusal" role="alert">
            <IconWarning className="gift-sell__refusal-icon" />
            <span>{t('refused', { reason: errorText(t, refusal) })}</span>
          </p>
        )}

        <button type="submit" className="button button--primary gift-sell__sell" disabled={busy || offline}>
          {offline && <IconOffline className="gift-sell__sell-icon" />}
          {sellLabel}
        </button>
      </div>
    </form>
  );
}

interface AmountFieldProps {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  amount: string;
  /** The amount as read, or null when it cannot be. */
  cents: number | null;
  problem: string | null;
  busy: boolean;
  onEdit: (amount: string) => void;
}

/** The card's amount: typed, one of the quick amounts, or on the pad. */
function AmountField({ id, inputRef, amount, cents, problem, busy, onEdit }: AmountFieldProps) {
  const { t } = useTranslation('giftCards');
  const fmt = useFormat();
  const separator = useSeparator();
  return (
    <fieldset className="gift-sell__amount" disabled={busy}>
      <legend className="field__label">{t('amountLabel')}</legend>
      <input
        ref={inputRef}
        id={id}
        className="field__input gift-field__input gift-field__input--amount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={t('amountLabel')}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        value={amount}
        onChange={(e) => onEdit(e.target.value)}
      />
      {problem && <FormError id={`${id}-problem`}>{problem}</FormError>}
      <div className="gift-sell__quick" role="group" aria-label={t('quickAmounts')}>
        {QUICK_AMOUNTS.map((quick) => (
          <button
            key={quick}
            type="button"
            className="gift-sell__quick-amount"
            aria-pressed={cents === quick}
            onClick={() => onEdit(amountText(quick, separator))}
          >
            {fmt.money(quick / 100)}
          </button>
        ))}
      </div>
      <AmountPad separator={separator} onKey={(key: AmountKey) => onEdit(pressAmountKey(amount, key, separator))} />
    </fieldset>
  );
}

/** The card as the POS answered it: its code as text and as a QR code, to print or hand over. */
function SoldCard({ card, onSellAnother }: { card: GiftCard; onSellAnother: () => void }) {
  const { t } = useTranslation('giftCards');
  const fmt = useFormat();
  const svg = useMemo(() => qrSvg(card.uuid), [card.uuid]);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);

  const print = () => {
    // Only the card prints (giftcards.css `@media print`), and only while this class is on.
    const root = document.documentElement;
    root.classList.add('printing-gift-card');
    try {
      window.print();
    } finally {
      root.classList.remove('printing-gift-card');
    }
  };

  return (
    <div className="gift-sold" data-testid="gift-card-sold">
      <div className="gift-sold__print">
        <div
          className="gift-sold__qr"
          role="img"
          aria-label={t('qrLabel', { uuid: card.uuid })}
          // Static SVG from uqr, checked against its template (qr.ts): no script, handler or link.
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        <div className="gift-sold__details">
          <h2 className="gift-sold__title" ref={titleRef} tabIndex={-1}>
            <IconCheck className="gift-sold__title-icon" />
            {t('soldTitle')}
          </h2>
          <dl className="gift-sold__facts">
            <dt>{t('soldBalance')}</dt>
            <dd className="gift-sold__balance" data-testid="gift-card-balance">
              {fmt.money(card.balanceCents / 100)}
            </dd>
            <dt>{t('soldCode')}</dt>
            <dd className="gift-sold__code" data-testid="gift-card-uuid">
              {card.uuid}
            </dd>
            {card.campaignId !== null && (
              <>
                <dt>{t('soldCampaign')}</dt>
                <dd>{card.campaignId}</dd>
              </>
            )}
          </dl>
        </div>
      </div>
      <div className="gift-sold__actions">
        <button type="button" className="button button--secondary" onClick={print}>
          {t('print')}
        </button>
        <button type="button" className="button button--primary" onClick={onSellAnother}>
          {t('sellAnother')}
        </button>
      </div>
    </div>
  );
}
