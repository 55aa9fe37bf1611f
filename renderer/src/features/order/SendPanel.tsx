import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { IconWarning } from '../../ui/icons';
import { useFormat } from '../../i18n/useFormat';
import { useServiceStore } from '../../session/navigation';
import { orderSelectors, useOrderStore } from '../../session/orderStore';
import { PaymentFields } from './PaymentFields';
import { RoundExtrasFields } from './RoundExtrasFields';
import { roundDiscountCents, sendBlockReason } from './sendForm';
import { forgetSentConfirmation, sendRound } from './sendRound';
import { sendSelectors, useSendStore } from '../../session/sendStore';
import './send.css';

// "Send" under the ticket: the action is sendRound.ts; this shows the forms, the
// status line and why Send is not possible yet.

export function SendPanel() {
  const { t } = useTranslation('order');
  const { t: placeT } = useTranslation('pending');
  const format = useFormat();
  const outbox = useServiceStore((s) => s.outbox);
  const target = useServiceStore((s) => s.target);
  const lines = useOrderStore(orderSelectors.lines);
  const subtotalCents = useOrderStore(orderSelectors.subtotalCents);
  const round = useSendStore(sendSelectors.round);
  // A round's discount comes off before any payment is checked against the total.
  const roundDiscount = target.kind === 'service' ? roundDiscountCents(round.discount, subtotalCents) : null;
  const totalCents = subtotalCents - (roundDiscount?.cents ?? 0);
  const status = useSendStore(sendSelectors.status);
  const sending = status.kind === 'saving';
  const reason = sendBlockReason(t, { lineCount: lines.length, target, outboxReady: outbox !== null, sending });
  // The catalog records the lines need are read as the ticket grows, not when Send is tapped.
  useEffect(() => {
    if (outbox && lines.length > 0) outbox.prepare(lines);
  }, [outbox, lines]);
  // A new ticket started: the last confirmation was about the previous one.
  const started = lines.length > 0;
  useEffect(() => {
    if (started) forgetSentConfirmation();
  }, [started]);

  const send = () => {
    if (reason !== null || outbox === null) return;
    void sendRound(target, { outbox, t, placeT, format });
  };

  return (
    <div className="send-panel">
      {/* The payment scrolls within its own area; the status and Send stay in view below it. */}
      {lines.length > 0 && target.kind !== 'none' && (
        <div className="send-panel__payment">
          {target.kind === 'service' && <RoundExtrasFields subtotalCents={subtotalCents} />}
          <PaymentFields totalCents={totalCents} />
        </div>
      )}
      <SendStatusLine />
      <div className="send-panel__row">
        <button
          type="button"
          className="order-button order-button--primary send-panel__send"
          disabled={reason !== null}
          aria-describedby={reason !== null ? 'send-block-reason' : undefined}
          aria-busy={sending}
          onClick={send}
        >
          {t('send')}
        </button>
        {reason !== null && (
          <p className="send-panel__reason" id="send-block-reason">
            {reason}
          </p>
        )}
      </div>
    </div>
  );
}

function SendStatusLine() {
  const { t } = useTranslation('order');
  const status = useSendStore(sendSelectors.status);
  return (
    <div className="send-panel__status" role="status" data-testid="send-status">
      {status.kind === 'saved' && (
        <p className="send-panel__saved">
          <span className="send-panel__saved-mark" aria-hidden="true">
            ✓
          </span>
          {status.message}
        </p>
      )}
      {status.kind === 'failed' && (
        <div className="send-panel__failed">
          <p className="form-error send-panel__failed-text">
            <IconWarning className="send-field__error-icon" />
            {status.message}
          </p>
          {status.detail !== '' && (
            <details className="send-panel__detail">
              <summary>{t('detailsForSupport')}</summary>
              <code>{status.detail}</code>
            </details>
          )}
        </div>
      )}
    </div>
  );
}
