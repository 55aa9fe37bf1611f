import { create } from 'zustand';
import {
  EMPTY_DELIVERY,
  EMPTY_PAYMENT,
  EMPTY_TAKEAWAY,
  NO_ROUND_EXTRAS,
  type DeliveryDraft,
  type RoundExtras,
  type PaymentDraft,
  type SendErrors,
  type TakeawayDraft,
} from './sendDrafts';

// What the waiter is typing for the Send step: the takeaway / delivery forms sit
// beside the ticket and the payment and Send button under it, so the drafts live in one small
// store both columns read. In memory only: what matters is saved by the outbox on Send.

/** The last Send, in words: `saved` once the outbox committed the entry (ARCHITECTURE §5). */
export type SendStatus = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; message: string } | { kind: 'failed'; message: string; detail: string };

export interface SendState {
  takeaway: TakeawayDraft;
  delivery: DeliveryDraft;
  payment: PaymentDraft;
  /** A discount on the round and "Separate check". */
  round: RoundExtras;
  errors: SendErrors;
  status: SendStatus;
  editTakeaway: (change: Partial<TakeawayDraft>) => void;
  editDelivery: (change: Partial<DeliveryDraft>) => void;
  editPayment: (change: Partial<PaymentDraft>) => void;
  editRound: (change: Partial<RoundExtras>) => void;
  setErrors: (errors: SendErrors) => void;
  setStatus: (status: SendStatus) => void;
  /** After a successful send: empty forms, the confirmation kept. */
  resetDrafts: () => void;
}

/** Editing a field clears its message (the waiter is fixing it) and an old confirmation. */
function withoutErrors(errors: SendErrors, fields: readonly string[]): SendErrors {
  const next = { ...errors };
  for (const field of fields) delete next[field as keyof SendErrors];
  return next;
}

const capitalised = (prefix: string, keys: readonly string[]) => keys.map((k) => `${prefix}${k.charAt(0).toUpperCase()}${k.slice(1)}`);

export const useSendStore = create<SendState>()((set) => ({
  takeaway: EMPTY_TAKEAWAY,
  delivery: EMPTY_DELIVERY,
  payment: EMPTY_PAYMENT,
  round: NO_ROUND_EXTRAS,
  errors: {},
  status: { kind: 'idle' },
  editRound: (change) => set((s) => ({ round: { ...s.round, ...change }, status: idleUnlessSaving(s.status) })),
  editTakeaway: (change) =>
    set((s) => ({
      takeaway: { ...s.takeaway, ...change },
      errors: withoutErrors(s.errors, capitalised('takeaway', Object.keys(change))),
      status: idleUnlessSaving(s.status),
    })),
  editDelivery: (change) =>
    set((s) => ({
      delivery: { ...s.delivery, ...change },
      // Day and time share one message.
      errors: withoutErrors(s.errors, [...capitalised('delivery', Object.keys(change)), ...('day' in change ? ['deliveryTime'] : [])]),
      status: idleUnlessSaving(s.status),
    })),
  editPayment: (change) =>
    set((s) => ({
      payment: { ...s.payment, ...change },
      errors: withoutErrors(
        s.errors,
        'enabled' in change
          ? ['paymentMethod', 'paymentAmount', 'paymentTip']
          : capitalised(
              'payment',
              Object.keys(change).map((k) => (k === 'methodId' ? 'method' : k)),
            ),
      ),
      status: idleUnlessSaving(s.status),
    })),
  setErrors: (errors) => set({ errors }),
  setStatus: (status) => set({ status }),
  resetDrafts: () => set({ takeaway: EMPTY_TAKEAWAY, delivery: EMPTY_DELIVERY, payment: EMPTY_PAYMENT, round: NO_ROUND_EXTRAS, errors: {} }),
}));

function idleUnlessSaving(status: SendStatus): SendStatus {
  return status.kind === 'saving' ? status : { kind: 'idle' };
}

export const sendSelectors = {
  takeaway: (s: SendState) => s.takeaway,
  delivery: (s: SendState) => s.delivery,
  payment: (s: SendState) => s.payment,
  round: (s: SendState) => s.round,
  errors: (s: SendState) => s.errors,
  status: (s: SendState) => s.status,
} as const;
