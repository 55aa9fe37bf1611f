import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { IconWarning } from '../../ui/icons';
import type { Outbox } from '../../data/queue/outboxTypes';
import { useFormat } from '../../i18n/useFormat';
import { placeText } from '../pending/pendingText';
import { useServiceStore } from '../service/serviceStore';
import { orderSelectors, useOrderStore } from './orderStore';
import { billOf, skipMergeFor } from '../../../../shared/domain/bill';
import { useQueueStore } from '../../data/queue/queueStore';
import { useWarehouseStore } from '../stock/warehouseStore';
import { PaymentFields } from './PaymentFields';
import { RoundExtrasFields } from './RoundExtrasFields';
import { buildSendRequest, roundDiscountCents, sendBlockReason, sendFailureMessage, sentConfirmation, withExtras, type SendRequest } from './sendForm';
import { sendSelectors, useSendStore } from './sendStore';
import './send.css';

// "Send" under the ticket. The main side commits the entry to its queue before
// the bridge call resolves (ARCHITECTURE §5), so "Saved — sending" is only shown once it has; its
// dispatcher takes it from there. On a failure the ticket is kept and the message says what to do.

function callOutbox(outbox: Outbox, request: SendRequest) {
  switch (request.kind) {
    case 'round':
      return outbox.sendRound(request.input);
    case 'takeaway':
      return outbox.sendTakeaway(request.input);
    case 'delivery':
      return outbox.sendDelivery(request.input);
  }
}

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
  const clearTicket = useOrderStore((s) => s.clearTicket);
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
    if (started && useSendStore.getState().status.kind === 'saved') useSendStore.getState().setStatus({ kind: 'idle' });
  }, [started]);

  const send = () => {
    if (reason !== null || outbox === null) return;
    const store = useSendStore.getState();
    const form = buildSendRequest(t, format, target, lines, { takeaway: store.takeaway, delivery: store.delivery, payment: store.payment }, totalCents, new Date());
    // "Separate check" opens a new check only where the bill's rules let it (shared/domain/bill.ts).
    const service = target.kind === 'service' ? useQueueStore.getState().queue?.serviceById.get(target.serviceId) : undefined;
    const entries = service ? (useQueueStore.getState().queue?.entriesByService.get(service.id) ?? []) : [];
    const separate = store.round.separateCheck && service !== undefined && skipMergeFor(billOf(service, entries), totalCents);
    const extras = { ...store.round, separateCheck: separate };
    const built = form.ok ? { ok: true as const, request: withExtras(form.request, extras, subtotalCents, useWarehouseStore.getState().warehouseId) } : form;
    if (!built.ok) {
      store.setErrors(built.errors);
      const first = Object.values(built.errors)[0] ?? '';
      // A form to correct, not a fault: no engineer detail.
      store.setStatus({ kind: 'failed', message: t('notSentYet', { reason: first }), detail: '' });
      return;
    }
    store.setErrors({});
    store.setStatus({ kind: 'saving' });
    callOutbox(outbox, built.request).then(
      (entry) => {
        clearTicket();
        useSendStore.getState().resetDrafts();
        // Where the queue committed it: a round goes to its service's tables as they are now.
        const where = placeText(placeT, entry.place);
        useSendStore.getState().setStatus({ kind: 'saved', message: sentConfirmation(t, built.request, where) });
      },
      (error: unknown) => {
        const { message, detail } = sendFailureMessage(t, error);
        useSendStore.getState().setStatus({ kind: 'failed', message, detail });
      },
    );
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
