// What the waiter types for the Send step: the takeaway and delivery forms, the payment, the round's
// extras. The send store holds them and the customers screen fills them ("use for a takeaway"), so
// they live below both (docs/decisions.md, "Renderer layers"); features/order/sendForm.ts checks them.

/** The takeaway form as typed. */
export interface TakeawayDraft {
  name: string;
  phone: string;
  email: string;
}

export type DeliveryDay = 'now' | 'today' | 'tomorrow';

/** The delivery form as typed; `time` is "HH:MM" (an `<input type="time">`) unless `day` is now. */
export interface DeliveryDraft {
  phone: string;
  address: string;
  city: string;
  name: string;
  email: string;
  day: DeliveryDay;
  time: string;
}

/** The optional payment section as typed; `amount` empty means "the ticket total". */
export interface PaymentDraft {
  enabled: boolean;
  methodId: number | null;
  amount: string;
  tip: string;
}

export const EMPTY_TAKEAWAY: TakeawayDraft = { name: '', phone: '', email: '' };
export const EMPTY_DELIVERY: DeliveryDraft = { phone: '', address: '', city: '', name: '', email: '', day: 'now', time: '' };
export const EMPTY_PAYMENT: PaymentDraft = { enabled: false, methodId: null, amount: '', tip: '' };

export type SendField =
  | 'takeawayName'
  | 'takeawayPhone'
  | 'takeawayEmail'
  | 'deliveryPhone'
  | 'deliveryAddress'
  | 'deliveryCity'
  | 'deliveryName'
  | 'deliveryEmail'
  | 'deliveryTime'
  | 'paymentMethod'
  | 'paymentAmount'
  | 'paymentTip';

/** A message per field, in waiter words (already in the terminal's language). */
export type SendErrors = Partial<Record<SendField, string>>;

/** What a round carries besides its lines. */
export interface RoundExtras {
  /** "Separate check": the round opens a new check at the table (`skipMerge`). */
  separateCheck: boolean;
  /** A discount on the round, as typed; null: none. */
  discount: { kind: 'amount' | 'percent'; value: string; reason: string } | null;
}

export const NO_ROUND_EXTRAS: RoundExtras = { separateCheck: false, discount: null };
