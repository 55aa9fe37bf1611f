import type { TFunction } from 'i18next';
import type { OutboxEntry } from '../../../../shared/bridge';
import { billOf, skipMergeFor } from '../../../../shared/domain/bill';
import type { Outbox } from '../../data/queue/outboxTypes';
import { useQueueStore, type QueueStoreApi } from '../../data/queue/queueStore';
import type { Formatters } from '../../i18n/format';
import { placeText } from '../../i18n/placeText';
import type { OrderTarget } from '../../session/navigation';
import { useWarehouseStore } from '../../data/stock/warehouseStore';
import { orderSelectors, useOrderStore } from '../../session/orderStore';
import { buildSendRequest, roundDiscountCents, sendFailureMessage, sentConfirmation, withExtras, type SendRequest } from './sendForm';
import type { OrderT } from './sheetRules';
import { useSendStore, type SendStatus } from '../../session/sendStore';

// "Send" under the ticket as a user action: the ticket (a round for a table's service, a takeaway
// or a delivery) with what the waiter typed, checked and submitted through the outbox client. The
// main side commits the entry to its queue before the call resolves (ARCHITECTURE §5), so "Saved —
// sending" is only shown once it has; on a failure the ticket is kept and the message says what to do.

export interface SendRoundDeps {
  outbox: Outbox;
  t: OrderT;
  placeT: TFunction<'pending'>;
  format: Formatters;
  /** The ticket; default the window's order store. */
  orders?: Pick<typeof useOrderStore, 'getState'>;
  /** The forms and the status line; default the window's send store. */
  sends?: Pick<typeof useSendStore, 'getState'>;
  /** The open services and their entries (the "separate check" rule); default the window's queue. */
  queue?: QueueStoreApi;
  /** The warehouse the venue's stock is taken from; default the window's choice. */
  warehouseId?: () => number | null;
  now?: () => Date;
}

function callOutbox(outbox: Outbox, request: SendRequest): Promise<OutboxEntry> {
  switch (request.kind) {
    case 'round':
      return outbox.sendRound(request.input);
    case 'takeaway':
      return outbox.sendTakeaway(request.input);
    case 'delivery':
      return outbox.sendDelivery(request.input);
  }
}

/** The outbox call the ticket and the forms make for `target`, or a message per field to correct. */
function sendRequestFor(target: OrderTarget, deps: SendRoundDeps) {
  const { t, format } = deps;
  const orders = (deps.orders ?? useOrderStore).getState();
  const sends = (deps.sends ?? useSendStore).getState();
  const lines = orderSelectors.lines(orders);
  const subtotalCents = orderSelectors.subtotalCents(orders);
  // A round's discount comes off before any payment is checked against the total.
  const roundDiscount = target.kind === 'service' ? roundDiscountCents(sends.round.discount, subtotalCents) : null;
  const totalCents = subtotalCents - (roundDiscount?.cents ?? 0);
  const form = buildSendRequest(
    t,
    format,
    target,
    lines,
    { takeaway: sends.takeaway, delivery: sends.delivery, payment: sends.payment },
    totalCents,
    (deps.now ?? (() => new Date()))(),
  );
  if (!form.ok) return form;
  // "Separate check" opens a new check only where the bill's rules let it (shared/domain/bill.ts).
  const queue = (deps.queue ?? useQueueStore).getState().queue;
  const service = target.kind === 'service' ? queue?.serviceById.get(target.serviceId) : undefined;
  const entries = service ? (queue?.entriesByService.get(service.id) ?? []) : [];
  const separate = sends.round.separateCheck && service !== undefined && skipMergeFor(billOf(service, entries), totalCents);
  const warehouseId = (deps.warehouseId ?? (() => useWarehouseStore.getState().warehouseId))();
  return { ok: true as const, request: withExtras(form.request, { ...sends.round, separateCheck: separate }, subtotalCents, warehouseId) };
}

/** Sends the ticket to `target`; the send store's status says how it went, and is returned. */
export async function sendRound(target: OrderTarget, deps: SendRoundDeps): Promise<SendStatus> {
  const sends = deps.sends ?? useSendStore;
  const built = sendRequestFor(target, deps);
  if (!built.ok) {
    sends.getState().setErrors(built.errors);
    const first = Object.values(built.errors)[0] ?? '';
    // A form to correct, not a fault: no engineer detail.
    return setStatus(sends, { kind: 'failed', message: deps.t('notSentYet', { reason: first }), detail: '' });
  }
  sends.getState().setErrors({});
  sends.getState().setStatus({ kind: 'saving' });
  try {
    const entry = await callOutbox(deps.outbox, built.request);
    (deps.orders ?? useOrderStore).getState().clearTicket();
    sends.getState().resetDrafts();
    // Where the queue committed it: a round goes to its service's tables as they are now.
    const where = placeText(deps.placeT, entry.place);
    return setStatus(sends, { kind: 'saved', message: sentConfirmation(deps.t, built.request, where) });
  } catch (error) {
    return setStatus(sends, { kind: 'failed', ...sendFailureMessage(deps.t, error) });
  }
}

function setStatus(sends: Pick<typeof useSendStore, 'getState'>, status: SendStatus): SendStatus {
  sends.getState().setStatus(status);
  return status;
}

/** A new ticket started: the last confirmation was about the previous one. */
export function forgetSentConfirmation(sends: Pick<typeof useSendStore, 'getState'> = useSendStore): void {
  if (sends.getState().status.kind === 'saved') sends.getState().setStatus({ kind: 'idle' });
}
