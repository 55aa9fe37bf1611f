import type { TFunction } from 'i18next';
import type { OutboxEntry, OutboxKind, StructuredSummary } from '../../../../shared/bridge';
import { parseCents } from '../../../../shared/domain/money';
import type { Formatters } from '../../i18n/format';
import { outboxStateMeaning } from '../../i18n/outboxText';
import { placeText } from '../../i18n/placeText';

// Moved down to i18n/ (docs/decisions.md, "Renderer layers"): other features word places and states too.
export { outboxResolutionWord, outboxStateMeaning, outboxStateWord } from '../../i18n/outboxText';
export { describeClock, placeText } from '../../i18n/placeText';

// Words for the outbox as the waiter sees it (ARCHITECTURE §5): each
// state's word (shown with an icon, never by colour alone), ages, the actions a state offers.
// Pure, so it is unit-tested without a DOM; the words are the `pending` namespace's.

type PendingT = TFunction<'pending'>;

const KIND_WORD = {
  seating: 'kindSeating',
  round: 'kindRound',
  takeaway: 'kindTakeaway',
  delivery: 'kindDelivery',
  payment: 'kindPayment',
  'gift-redeem': 'kindGiftRedeem',
  customer: 'kindCustomer',
  sale: 'kindSale',
  invoice: 'kindInvoice',
  'stock-receipt': 'kindStockReceipt',
} as const satisfies Record<OutboxKind, string>;

export function outboxKindWord(t: PendingT, kind: OutboxKind): string {
  return t(KIND_WORD[kind]);
}

/**
 * How long an entry has waited, in whole units. A clock that is behind the entry's time (another
 * terminal's clock, a corrected clock) reads as "just now".
 */
export type Age =
  | { unit: 'just-now' }
  | { unit: 'unknown' }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'days'; days: number };

export function entryAge(sinceIso: string, now: Date): Age {
  const since = Date.parse(sinceIso);
  if (Number.isNaN(since)) return { unit: 'unknown' };
  const minutes = Math.floor((now.getTime() - since) / 60_000);
  if (minutes < 1) return { unit: 'just-now' };
  if (minutes < 60) return { unit: 'minutes', minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', hours, minutes: minutes % 60 };
  return { unit: 'days', days: Math.floor(hours / 24) };
}

/** "Saved just now", "Saved 3 min ago", "Saved 1 h 05 min ago", "Saved 2 days ago". */
export function savedAgo(t: PendingT, sinceIso: string, now: Date): string {
  const age = entryAge(sinceIso, now);
  switch (age.unit) {
    case 'just-now':
      return t('savedJustNow');
    case 'unknown':
      return t('savedUnknown');
    case 'minutes':
      return t('savedAgo', { age: t('ageMinutes', { minutes: age.minutes }) });
    case 'hours':
      return t('savedAgo', { age: t('ageHours', { hours: age.hours, minutes: String(age.minutes).padStart(2, '0') }) });
    case 'days':
      return t('savedAgo', { age: t('ageDays', { count: age.days }) });
  }
}

/** "not tried yet", "1 attempt", "3 attempts". */
export function describeAttempts(t: PendingT, attempts: number): string {
  return attempts <= 0 ? t('attemptsNone') : t('attempts', { count: attempts });
}

/**
 * "Seating · 2 guests · 3 items · 23,50 €": what an entry carries, worded from its stored lines.
 * A payment says its method, amount and tip; a gift card's redeem the card and the
 * amount; a customer their name (and how to reach them).
 */
export function entrySummary(
  t: PendingT,
  fmt: Formatters,
  entry: Pick<OutboxEntry, 'request' | 'lines' | 'totalCents'> & Partial<Pick<OutboxEntry, 'kind' | 'tender' | 'receipt' | 'summary'>>,
): string {
  // Entries store what they carry as data (shared/bridge/queue.ts `structuredSummarySchema`); those
  // stored by earlier versions hold English words instead, and are worded from their request.
  if (entry.summary !== undefined && typeof entry.summary !== 'string') return structuredSummaryText(t, fmt, entry.summary);
  const { request } = entry;
  if (request.kind === 'gift-redeem') {
    return t('summaryGiftRedeem', { uuid: request.uuid, amount: fmt.money((parseCents(request.redeem.amount) ?? 0) / 100) });
  }
  if (request.kind === 'customer') return [request.customer.name, request.customer.email, request.customer.phone].filter(Boolean).join(' · ');
  // A purchase order line received: the item and the quantity added.
  if (request.kind === 'stock-add')
    return t('summaryStockReceipt', { item: entry.receipt?.itemName ?? `#${request.item_id}`, quantity: fmt.number(request.quantity) });
  // A shop sale's invoice says how it was paid (how many payments) and the total.
  if (request.kind === 'retail-invoice') return t('summaryInvoice', { count: request.invoice.payments.length, amount: fmt.money(entry.totalCents / 100) });
  if (entry.kind === 'payment' && request.kind === 'order') {
    const payment = request.order.order.payment;
    const amountCents = entry.tender?.amountCents ?? parseCents(payment?.amount ?? 0) ?? 0;
    const tipCents = entry.tender?.tipCents ?? parseCents(payment?.tip ?? 0) ?? 0;
    const method = entry.tender?.methodName.trim() || t('paymentMethodUnknown');
    const parts = [t('summaryPayment', { method, amount: fmt.money(amountCents / 100) })];
    if (tipCents > 0) parts.push(t('summaryTip', { amount: fmt.money(tipCents / 100) }));
    if (entry.tender?.giftCardUuid) parts.push(t('summaryCard', { uuid: entry.tender.giftCardUuid }));
    const discountCents = entry.tender?.discountCents ?? 0;
    if (discountCents > 0) parts.push(t('summaryDiscount', { amount: fmt.money(discountCents / 100) }));
    return parts.join(' · ');
  }
  const parts: string[] = [];
  if (entry.request.kind === 'seating') parts.push(t('guests', { count: entry.request.data.guests }));
  const items = entry.lines.reduce((sum, line) => sum + line.quantity, 0);
  if (items > 0) parts.push(t('items', { count: items }));
  if (entry.totalCents > 0) parts.push(fmt.money(entry.totalCents / 100));
  return parts.join(' · ');
}

const textParam = (summary: StructuredSummary, name: string): string => {
  const value = summary.params[name];
  return typeof value === 'string' ? value : '';
};
const numberParam = (summary: StructuredSummary, name: string): number => {
  const value = summary.params[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

/** A structured summary in the terminal's language: "2 guests · 3 items · 23,50 €", "Cash · 12,00 € · tip 1,00 €". */
export function structuredSummaryText(t: PendingT, fmt: Formatters, summary: StructuredSummary): string {
  const money = (name: string) => fmt.money(numberParam(summary, name) / 100);
  const parts: string[] = [];
  switch (summary.code) {
    case 'payment': {
      parts.push(t('summaryPayment', { method: textParam(summary, 'method').trim() || t('paymentMethodUnknown'), amount: money('amountCents') }));
      if (numberParam(summary, 'tipCents') > 0) parts.push(t('summaryTip', { amount: money('tipCents') }));
      if (textParam(summary, 'card') !== '') parts.push(t('summaryCard', { uuid: textParam(summary, 'card') }));
      if (numberParam(summary, 'discountCents') > 0) parts.push(t('summaryDiscount', { amount: money('discountCents') }));
      return parts.join(' · ');
    }
    case 'gift-redeem':
      return t('summaryGiftRedeem', { uuid: textParam(summary, 'uuid'), amount: money('amountCents') });
    case 'customer':
      return textParam(summary, 'name');
    case 'stock-receipt':
      return t('summaryStockReceipt', { item: textParam(summary, 'item'), quantity: fmt.number(numberParam(summary, 'quantity')) });
    case 'invoice':
      return t('summaryInvoice', { count: numberParam(summary, 'payments'), amount: money('totalCents') });
    case 'sale':
      return money('totalCents');
    case 'seating':
    case 'round':
    case 'takeaway':
    case 'delivery': {
      if (summary.code === 'seating') parts.push(t('guests', { count: numberParam(summary, 'guests') }));
      const items = numberParam(summary, 'items');
      if (items > 0) parts.push(t('items', { count: items }));
      if (numberParam(summary, 'totalCents') > 0) parts.push(money('totalCents'));
      return parts.join(' · ');
    }
  }
}

export type PendingAction = 'retry-now' | 'resend' | 'mark-done' | 'discard' | 'send-as-round' | 'move';

/**
 * What a waiter may do with a pending entry, in the order the buttons show (ARCHITECTURE §5):
 * - queued: it will leave by itself; "Retry now" skips a Retry-After wait. Discard stays possible
 *   (nothing was sent yet), always behind a confirmation.
 * - sending: nothing — the request is on its way; its outcome decides.
 * - unconfirmed: never resent automatically; the waiter checks the POS, then resends or marks it
 *   done (or discards it).
 * - rejected: resending the same request cannot help; mark it done (dealt with at the POS) or
 *   discard it. A seating refused because the table already has an open order (a conflict) can go
 *   as a round into that order instead, or be moved to another table.
 */
export function pendingActions(entry: Pick<OutboxEntry, 'state' | 'kind' | 'conflict'>): PendingAction[] {
  switch (entry.state) {
    case 'queued':
      return ['retry-now', 'discard'];
    case 'sending':
    case 'accepted':
      return [];
    case 'unconfirmed':
      return ['resend', 'mark-done', 'discard'];
    case 'rejected':
      return entry.kind === 'seating' && entry.conflict ? ['send-as-round', 'move', 'mark-done', 'discard'] : ['mark-done', 'discard'];
  }
}

/** The confirmation shown before "Resend": what to check first, and why. */
export function resendWarning(t: PendingT, entry: Pick<OutboxEntry, 'kind' | 'place'> & Partial<Pick<OutboxEntry, 'request'>>): string {
  if (entry.request?.kind === 'gift-redeem') return t('resendGiftRedeem', { uuid: entry.request.uuid });
  if (entry.kind === 'payment') return t('resendPayment', { label: placeText(t, entry.place) });
  if (entry.kind === 'sale') return t('resendSale', { label: placeText(t, entry.place) });
  if (entry.kind === 'invoice') return t('resendInvoice', { label: placeText(t, entry.place) });
  if (entry.kind === 'stock-receipt') return t('resendStockReceipt', { label: placeText(t, entry.place) });
  return t(entry.kind === 'seating' ? 'resendSeating' : 'resendOrder', { label: placeText(t, entry.place) });
}

/** The confirmation shown before "Discard"; a card's redeem says that its payment goes with it. */
export function discardWarning(t: PendingT, entry: Pick<OutboxEntry, 'state' | 'place'> & Partial<Pick<OutboxEntry, 'request'>>): string {
  if (entry.request?.kind === 'gift-redeem') {
    return t(entry.state === 'unconfirmed' ? 'discardGiftRedeemUnconfirmed' : 'discardGiftRedeem', { uuid: entry.request.uuid });
  }
  const key = entry.state === 'unconfirmed' ? 'discardUnconfirmed' : entry.state === 'rejected' ? 'discardRejected' : 'discardQueued';
  // A shop sale's invoice waits for it and goes with it.
  if (entry.request?.kind === 'retail-order') return `${t(key, { label: placeText(t, entry.place) })} ${t('discardSaleInvoice')}`;
  // Goods received, not an order: the stock is what may or may not have changed.
  if (entry.request?.kind === 'stock-add')
    return t(STOCK_DISCARD[entry.state === 'unconfirmed' ? 'unconfirmed' : entry.state === 'rejected' ? 'rejected' : 'queued'], {
      label: placeText(t, entry.place),
    });
  return t(key, { label: placeText(t, entry.place) });
}

/** The label of an action's button: a card's "Mark done" says what it means (the card was charged). */
export function actionLabel(t: PendingT, action: PendingAction, entry: Pick<OutboxEntry, 'kind'>): string {
  if (action === 'mark-done' && entry.kind === 'gift-redeem') return t('actionMarkCharged');
  if (action === 'mark-done' && entry.kind === 'stock-receipt') return t('actionMarkStockAdded');
  return t(ACTION_TEXT[action]);
}

const STOCK_DISCARD = { queued: 'discardStockReceiptQueued', unconfirmed: 'discardStockReceiptUnconfirmed', rejected: 'discardStockReceiptRejected' } as const;

const ACTION_TEXT = {
  'retry-now': 'actionRetryNow',
  resend: 'actionResend',
  'mark-done': 'actionMarkDone',
  discard: 'actionDiscard',
  'send-as-round': 'actionSendAsRound',
  move: 'actionMove',
} as const satisfies Record<PendingAction, string>;

/**
 * What the entry's state means here: a card's redeem nobody knows arrived asks a person to check
 * the card's balance at the POS first; other entries say what their state means.
 */
export function entryMeaning(t: PendingT, entry: Pick<OutboxEntry, 'state' | 'conflict' | 'request'>): string {
  if (entry.conflict) return t('meaningConflict');
  if (entry.request.kind === 'gift-redeem' && entry.state === 'unconfirmed') return t('meaningGiftRedeemUnconfirmed', { uuid: entry.request.uuid });
  if (entry.request.kind === 'stock-add' && entry.state === 'unconfirmed') return t('meaningStockReceiptUnconfirmed');
  return outboxStateMeaning(t, entry.state);
}

/**
 * Why a queued entry does not leave — it waits for a gift card's redeem still pending
 * ("Waiting for gift card X to be charged"), or it is a table's card redeem whose payment was
 * never saved (the card is charged only with its payment). null when it waits for nothing.
 */
export function waitingText(t: PendingT, entry: OutboxEntry, pending: readonly OutboxEntry[]): string | null {
  if (entry.pending !== 1) return null;
  if (entry.after) {
    const before = pending.find((other) => other.id === entry.after && other.pending === 1);
    if (!before) return null;
    if (before.request.kind === 'gift-redeem') return t('waitingForCard', { uuid: before.request.uuid });
    if (before.request.kind === 'retail-order') return t('waitingForSale');
    return t('waitingForEntry', { label: placeText(t, before.place) });
  }
  const awaited = pending.some((other) => other.pending === 1 && other.after === entry.id);
  if (entry.kind === 'gift-redeem' && entry.serviceId !== null && entry.state === 'queued' && entry.attempts === 0 && !awaited) return t('waitingForPayment');
  return null;
}

/** `comanda-pending-2026-11-22.json` (local date). */
export function exportFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `comanda-pending-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/** The header's count badge: what the button says to a screen reader as well. */
export function pendingButtonName(t: PendingT, count: number): string {
  return count === 0 ? t('buttonNone') : t('buttonCount', { count });
}

export interface MovableTable {
  id: number;
  name: string;
  roomName: string;
}

/**
 * Tables a seating in conflict can move to: every table of an active room that no open service on
 * this terminal holds, minus the seating's own tables (the POS already has an open order there).
 * By room (in the given room order), then by name in the terminal's language (`collator`, numbers
 * as people read them: "T2" before "T10").
 */
export function tablesForMove(
  rooms: readonly { id: number; name: string; active: boolean }[],
  tables: readonly { id: number; name: string; roomId: number }[],
  busyTableIds: Iterable<number>,
  ownTableIds: readonly number[],
  collator: Intl.Collator,
): MovableTable[] {
  const busy = new Set<number>([...busyTableIds, ...ownTableIds]);
  const roomOrder = new Map(rooms.filter((r) => r.active).map((r, i) => [r.id, { i, name: r.name }]));
  return tables
    .filter((t) => roomOrder.has(t.roomId) && !busy.has(t.id))
    .map((t) => ({ id: t.id, name: t.name, roomName: roomOrder.get(t.roomId)?.name ?? '', order: roomOrder.get(t.roomId)?.i ?? 0 }))
    .sort((a, b) => a.order - b.order || collator.compare(a.name, b.name))
    .map(({ id, name, roomName }) => ({ id, name, roomName }));
}
