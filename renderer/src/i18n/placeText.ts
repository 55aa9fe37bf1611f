import type { TFunction } from 'i18next';
import type { EntryPlace } from '../../../shared/bridge';
import type { Formatters } from './format';

// Where something happens, in the waiter's words: a place of the outbox, a seated table's title, a
// time of day. Several screens say these (docs/decisions.md, "Renderer layers"); pure, so every
// language is unit-tested (features/pending/pendingText.test.ts, features/order/tableText.test.ts).

/**
 * Where an entry goes: "Table 5", "Tables 3 + 4", "Takeaway · Ana". Table and customer names are
 * shown as written; an entry stored before places keeps the words it was stored with.
 */
export function placeText(t: TFunction<'pending'>, place: EntryPlace): string {
  switch (place.kind) {
    case 'tables':
      return t('placeTables', { count: place.names.length, names: place.names.join(' + ') });
    case 'takeaway':
      return place.customer ? t('placeTakeawayFor', { customer: place.customer }) : t('placeTakeaway');
    case 'delivery':
      return place.customer ? t('placeDeliveryFor', { customer: place.customer }) : t('placeDelivery');
    case 'legacy':
      return place.text;
    case 'sale':
      return place.customer ? t('placeSaleFor', { customer: place.customer }) : t('placeSale');
    case 'purchase-order':
      return t('placePurchaseOrder', { reference: place.reference, warehouse: place.warehouse });
  }
}

/** "Table 5", "Tables 3 + 4": the service's tables as the venue named them. */
export function tablesTitle(t: TFunction<'order'>, names: readonly string[]): string {
  return t('tables', { count: names.length, names: names.join(' + ') });
}

/** "14:05": the local time of an ISO instant in the terminal's language; '' for no valid time. */
export function describeClock(fmt: Formatters, iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : fmt.time(at);
}
