import {
  outboxEntrySchema,
  queuedEntry,
  tableServiceSchema,
  type BillDiscount,
  type EntryDraft,
  type OutboxEntry,
  type OutboxLine,
  type TableService,
} from '../bridge/queue';
import { centsToDecimal } from './money';

// Builders of table services and their queue entries for the bill's tests (through the bridge
// schemas, so what they build is what the queue would hold). Not used by the app.

export function tableService(fields: Partial<TableService> = {}): TableService {
  return tableServiceSchema.parse({
    id: crypto.randomUUID(),
    tableIds: [5],
    primaryTableId: 5,
    tableNames: ['5'],
    guests: 4,
    customer: null,
    notes: '',
    seatedAt: '2026-11-23T12:00:00.000Z',
    open: 1,
    closedAt: null,
    billDiscount: null,
    ...fields,
  });
}

/** A line of `quantity` × `unitCents` of item `itemId`. */
export function billLine(itemId: number, unitCents: number, quantity = 1, name = `Item ${itemId}`): OutboxLine {
  return { name, quantity, details: [], note: '', unitCents, totalCents: unitCents * quantity, choice: { itemId, quantity } };
}

const sum = (lines: readonly OutboxLine[]) => lines.reduce((cents, line) => cents + line.totalCents, 0);

/** Builds entries of one service, numbered in commit order. */
export function entriesOf(service: TableService) {
  let seq = 0;
  const place = { kind: 'tables' as const, names: service.tableNames };
  const entry = (draft: Omit<EntryDraft, 'id' | 'tableIds' | 'place' | 'serviceId' | 'summary'>, fields: Partial<OutboxEntry>): OutboxEntry =>
    outboxEntrySchema.parse({
      ...queuedEntry(
        { id: crypto.randomUUID(), tableIds: [service.primaryTableId], place, serviceId: service.id, summary: '', ...draft },
        ++seq,
        '2026-11-23T12:00:00.000Z',
      ),
      ...fields,
    });
  const contents = (lines: readonly OutboxLine[]) =>
    lines.map((line) => ({ item_id: line.choice.itemId, itemPrice: centsToDecimal(line.unitCents), quantity: line.quantity }));
  return {
    /** The Flow seating, maybe with items and prepayments (cents). */
    seating(lines: OutboxLine[] = [], prepayments: number[] = [], fields: Partial<OutboxEntry> = {}): OutboxEntry {
      return entry(
        {
          kind: 'seating',
          request: {
            kind: 'seating',
            data: {
              customer: null,
              table_id: service.tableIds,
              guests: service.guests,
              contents: lines.length > 0 ? lines.map((line) => ({ ...contents([line])[0]!, itemName: line.name })) : null,
              payments: prepayments.length > 0 ? prepayments.map((cents) => ({ amount: centsToDecimal(cents), payment_method_id: 1 })) : null,
            },
          },
          lines,
          totalCents: sum(lines),
        },
        fields,
      );
    },
    /** A round; `discountCents` goes as its orderDiscount. */
    round(lines: OutboxLine[], options: { discountCents?: number; reason?: string; skipMerge?: boolean } = {}, fields: Partial<OutboxEntry> = {}): OutboxEntry {
      const discount = options.discountCents ?? 0;
      const total = sum(lines) - discount;
      return entry(
        {
          kind: 'round',
          request: {
            kind: 'order',
            order: {
              order: {
                total: centsToDecimal(total),
                contents: contents(lines),
                table_id: service.primaryTableId,
                ...(discount > 0 ? { orderDiscount: { name: options.reason ?? 'Discount', amount: centsToDecimal(-discount) } } : {}),
              },
              ...(options.skipMerge ? { skipMerge: true } : {}),
            },
          },
          lines,
          totalCents: total,
        },
        fields,
      );
    },
    /** A payment of the table's open order, maybe carrying a bill discount and paid by a gift card. */
    payment(
      amountCents: number,
      options: {
        tipCents?: number;
        methodId?: number;
        methodName?: string;
        discountCents?: number;
        reason?: string;
        giftCardUuid?: string;
        after?: string;
      } = {},
      fields: Partial<OutboxEntry> = {},
    ): OutboxEntry {
      const discount = options.discountCents ?? 0;
      const methodId = options.methodId ?? 1;
      return entry(
        {
          kind: 'payment',
          request: {
            kind: 'order',
            order: {
              order: {
                total: centsToDecimal(-discount),
                contents: [],
                table_id: service.primaryTableId,
                payment: {
                  amount: centsToDecimal(amountCents),
                  payment_method_id: methodId,
                  ...(options.tipCents ? { tip: centsToDecimal(options.tipCents) } : {}),
                  ...(options.giftCardUuid ? { payment_reference: options.giftCardUuid } : {}),
                },
                ...(discount > 0 ? { orderDiscount: { name: options.reason ?? 'Discount', amount: centsToDecimal(-discount) } } : {}),
              },
            },
          },
          lines: [],
          totalCents: -discount,
          after: options.after ?? null,
          tender: {
            methodId,
            methodName: options.methodName ?? (methodId === 2 ? 'Cash' : 'Card'),
            amountCents,
            tipCents: options.tipCents ?? 0,
            ...(options.giftCardUuid ? { giftCardUuid: options.giftCardUuid } : {}),
            ...(discount > 0 ? { discountCents: discount, discountReason: options.reason ?? 'Discount' } : {}),
          },
        },
        fields,
      );
    },
    /** The redeem of a gift card (`POST V2/giftCards/{uuid}`): not a payment itself. */
    giftRedeem(uuid: string, amountCents: number, fields: Partial<OutboxEntry> = {}): OutboxEntry {
      return entry(
        {
          kind: 'gift-redeem',
          request: { kind: 'gift-redeem', uuid, redeem: { amount: centsToDecimal(amountCents) } },
          lines: [],
          totalCents: 0,
        },
        fields,
      );
    },
  };
}

export const percentOff = (basisPoints: number, reason = 'Regulars'): BillDiscount => ({ kind: 'percent', value: basisPoints, reason });
export const amountOff = (cents: number, reason = 'Goodwill'): BillDiscount => ({ kind: 'amount', value: cents, reason });
