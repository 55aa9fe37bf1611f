import { describe, expect, it } from 'vitest';
import { venueMoment } from '../../../../shared/domain/venueTime';
import { queuedEntry, type EntryDraft, type OutboxEntry, type StructuredSummary } from '../../../../shared/bridge';
import { formattersFor } from '../../i18n/format';
import { createI18n } from '../../i18n/i18n';
import {
  actionLabel,
  entryMeaning,
  waitingText,
  describeAttempts,
  describeClock,
  discardWarning,
  entryAge,
  entrySummary,
  exportFileName,
  outboxKindWord,
  outboxResolutionWord,
  outboxStateMeaning,
  outboxStateWord,
  pendingActions,
  pendingButtonName,
  placeText,
  resendWarning,
  savedAgo,
  tablesForMove,
} from './pendingText';

const now = new Date('2026-11-22T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
const en = createI18n('en').getFixedT(null, 'pending');
const es = createI18n('es').getFixedT(null, 'pending');
const ca = createI18n('ca').getFixedT(null, 'pending');

describe('entryAge and savedAgo', () => {
  it('reads in waiter words, from seconds to days', () => {
    expect(savedAgo(en, minutesAgo(0.5), now)).toBe('Saved just now');
    expect(savedAgo(en, minutesAgo(3), now)).toBe('Saved 3 min ago');
    expect(savedAgo(en, minutesAgo(59), now)).toBe('Saved 59 min ago');
    expect(savedAgo(en, minutesAgo(65), now)).toBe('Saved 1 h 05 min ago');
    expect(savedAgo(en, minutesAgo(24 * 60 + 5), now)).toBe('Saved 1 day ago');
    expect(savedAgo(en, minutesAgo(3 * 24 * 60), now)).toBe('Saved 3 days ago');
  });

  it('a time ahead of the clock reads as just now; garbage as unknown', () => {
    expect(entryAge(minutesAgo(-10), now)).toEqual({ unit: 'just-now' });
    expect(savedAgo(en, 'not a date', now)).toBe('Saved at an unknown time');
  });

  it('speaks Spanish and Catalan', () => {
    expect(savedAgo(es, minutesAgo(3), now)).toBe('Guardado hace 3 min');
    expect(savedAgo(ca, minutesAgo(2 * 24 * 60), now)).toBe('Desada fa 2 dies');
  });
});

describe('describeClock and describeAttempts', () => {
  it('formats local hours and minutes', () => {
    const local = venueMoment(2026, 11, 22, 9, 5);
    expect(describeClock(formattersFor('en'), local.toISOString())).toBe('09:05');
    expect(describeClock(formattersFor('ca'), local.toISOString())).toBe('09:05');
    expect(describeClock(formattersFor('en'), 'nope')).toBe('');
  });

  it('counts attempts', () => {
    expect(describeAttempts(en, 0)).toBe('not tried yet');
    expect(describeAttempts(en, 1)).toBe('1 attempt');
    expect(describeAttempts(en, 4)).toBe('4 attempts');
    expect(describeAttempts(es, 4)).toBe('4 intentos');
  });
});

describe('entrySummary', () => {
  const line = (quantity: number) => ({
    name: 'Caña',
    quantity,
    details: [],
    note: '',
    unitCents: 250,
    totalCents: 250 * quantity,
    choice: { itemId: 10, quantity: 1 },
  });
  const seating = { kind: 'seating', data: { customer: null, table_id: [5], guests: 3, contents: null, payments: null } } as OutboxEntry['request'];
  const round = { kind: 'order', order: {} } as unknown as OutboxEntry['request'];
  it('words what the entry carries from its stored lines, money in the terminal’s language', () => {
    expect(entrySummary(en, formattersFor('en'), { request: round, lines: [line(2), line(1)], totalCents: 750 })).toBe('3 items · €7.50');
    expect(entrySummary(en, formattersFor('en'), { request: seating, lines: [], totalCents: 0 })).toBe('3 guests');
    expect(entrySummary(es, formattersFor('es'), { request: seating, lines: [line(1)], totalCents: 250 })).toBe('3 comensales · 1 artículo · 2,50\u00a0€');
  });

  it('words a stored structured summary in the terminal’s language, whatever language it was saved in', () => {
    const ca = createI18n('ca').getFixedT(null, 'pending');
    const carrying = (summary: StructuredSummary) => ({ request: round, lines: [], totalCents: 0, summary });
    const stored = carrying({ code: 'seating', params: { guests: 4, items: 2, totalCents: 500 } });
    expect(entrySummary(en, formattersFor('en'), stored)).toBe('4 guests · 2 items · €5.00');
    expect(entrySummary(es, formattersFor('es'), stored)).toBe('4 comensales · 2 artículos · 5,00\u00a0€');
    expect(entrySummary(ca, formattersFor('ca'), stored)).toMatch(/^4 comensals · 2 articles · 5,00/);
    const payment = carrying({ code: 'payment', params: { method: 'Efectivo', amountCents: 1200, tipCents: 100, discountCents: 0 } });
    expect(entrySummary(en, formattersFor('en'), payment)).toBe('Efectivo · €12.00 · tip €1.00');
    expect(entrySummary(en, formattersFor('en'), carrying({ code: 'payment', params: { method: '', amountCents: 500 } }))).toBe('No method · €5.00');
    expect(entrySummary(en, formattersFor('en'), carrying({ code: 'stock-receipt', params: { item: 'Agua', quantity: 12.5 } }))).toBe('Agua · +12.5');
  });

  it('an entry stored by an earlier version, with English words for a summary, is still read and worded from its request', () => {
    const legacy = queuedEntry(
      {
        id: crypto.randomUUID(),
        kind: 'round',
        tableIds: [5],
        place: { kind: 'tables', names: ['5'] },
        serviceId: crypto.randomUUID(),
        request: round,
        lines: [line(2)],
        summary: 'Round · 2 items · 5,00 €',
        totalCents: 500,
      } as EntryDraft,
      1,
      now.toISOString(),
    );
    expect(entrySummary(es, formattersFor('es'), legacy)).toBe('2 artículos · 5,00\u00a0€');
  });
});

describe('pendingActions', () => {
  const entry = (state: Parameters<typeof pendingActions>[0]['state'], kind: Parameters<typeof pendingActions>[0]['kind'] = 'round', conflict = false) => ({
    state,
    kind,
    conflict,
  });

  it('offers retry now (and discard) for queued, nothing while sending or accepted', () => {
    expect(pendingActions(entry('queued'))).toEqual(['retry-now', 'discard']);
    expect(pendingActions(entry('sending'))).toEqual([]);
    expect(pendingActions(entry('accepted'))).toEqual([]);
  });

  it('never resends an unconfirmed entry without the waiter: resend, mark done, discard', () => {
    expect(pendingActions(entry('unconfirmed'))).toEqual(['resend', 'mark-done', 'discard']);
  });

  it('a rejected entry cannot be resent; a seating in conflict can go as a round or move', () => {
    expect(pendingActions(entry('rejected'))).toEqual(['mark-done', 'discard']);
    expect(pendingActions(entry('rejected', 'seating'))).toEqual(['mark-done', 'discard']);
    expect(pendingActions(entry('rejected', 'seating', true))).toEqual(['send-as-round', 'move', 'mark-done', 'discard']);
    expect(pendingActions(entry('rejected', 'round', true))).not.toContain('send-as-round');
  });
});

describe('placeText', () => {
  it('words tables, takeaways and deliveries in the terminal’s language; names as written', () => {
    const tables = (...names: string[]) => ({ kind: 'tables' as const, names });
    expect(placeText(en, tables('5'))).toBe('Table 5');
    expect(placeText(en, tables('3', '4'))).toBe('Tables 3 + 4');
    expect(placeText(es, tables('T5'))).toBe('Mesa T5');
    expect(placeText(es, tables('3', '4'))).toBe('Mesas 3 + 4');
    expect(placeText(ca, tables('Terrassa 1'))).toBe('Taula Terrassa 1');
    expect(placeText(ca, tables('3', '4'))).toBe('Taules 3 + 4');
    expect(placeText(en, { kind: 'takeaway', customer: 'Ana' })).toBe('Takeaway · Ana');
    expect(placeText(es, { kind: 'takeaway', customer: 'Ana' })).toBe('Para llevar · Ana');
    expect(placeText(ca, { kind: 'takeaway' })).toBe('Per emportar');
    expect(placeText(en, { kind: 'delivery', customer: '600 123 456' })).toBe('Delivery · 600 123 456');
    expect(placeText(es, { kind: 'delivery' })).toBe('A domicilio');
    expect(placeText(ca, { kind: 'delivery', customer: 'Jordi' })).toBe('A domicili · Jordi');
  });

  it('shows an entry stored before places with the words it was stored with', () => {
    expect(placeText(es, { kind: 'legacy', text: 'T5 + T6' })).toBe('T5 + T6');
  });
});

describe('warnings', () => {
  const t5 = { kind: 'tables' as const, names: ['T5'] };

  it('a seating resend explains why it is safe; an order resend says check the POS first', () => {
    expect(resendWarning(en, { kind: 'seating', place: t5 })).toMatch(/^Table T5: .*refuses a second open order/);
    const round = resendWarning(en, { kind: 'round', place: t5 });
    expect(round).toMatch(/Check there first/);
    expect(round).toMatch(/twice/);
    expect(resendWarning(ca, { kind: 'round', place: t5 })).toMatch(/^Taula T5: .*dues vegades/);
  });

  it('discard warnings depend on whether the entry may be in the POS', () => {
    expect(discardWarning(en, { state: 'queued', place: t5 })).toMatch(/never reach the POS/);
    expect(discardWarning(en, { state: 'unconfirmed', place: t5 })).toMatch(/only if it is not in the POS/);
    expect(discardWarning(en, { state: 'rejected', place: t5 })).toMatch(/^Table T5 is not in the POS/);
    expect(discardWarning(es, { state: 'queued', place: t5 })).toBe('Mesa T5: aún no se ha enviado. Si lo descartas, nunca llegará al TPV.');
    expect(discardWarning(ca, { state: 'rejected', place: { kind: 'takeaway', customer: 'Ona' } })).toMatch(/^Per emportar · Ona: no és al TPV/);
  });
});

describe('exportFileName and pendingButtonName', () => {
  it('names the file by the local date', () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe('comanda-pending-2026-01-05.json');
  });

  it('the accessible name starts with "Pending orders" and says the count', () => {
    expect(pendingButtonName(en, 0)).toBe('Pending orders: 0, none');
    expect(pendingButtonName(en, 1)).toBe('Pending orders: 1 waiting or needing attention');
    expect(pendingButtonName(en, 7)).toMatch(/^Pending orders: 7 /);
    expect(pendingButtonName(ca, 7)).toBe('Comandes pendents: 7 en espera o que requereixen atenció');
  });
});

describe('state, decision and kind words', () => {
  it('accepted reads as Sent; every state has a meaning', () => {
    expect(outboxStateWord(en, 'accepted')).toBe('Sent');
    expect(outboxStateWord(es, 'unconfirmed')).toBe('Sin confirmar');
    expect(outboxStateMeaning(en, 'unconfirmed')).toMatch(/may or may not be in the POS/);
    expect(outboxKindWord(ca, 'takeaway')).toBe('Per emportar');
  });

  it('names every decision a waiter can take', () => {
    const decisions = ['marked-done', 'discarded', 'sent-as-round', 'moved'] as const;
    expect(decisions.map((d) => outboxResolutionWord(en, d))).toEqual(['Done at the POS', 'Discarded', 'Sent as a round', 'Moved']);
  });
});

describe('tablesForMove', () => {
  it('free tables of active rooms, minus busy and the seating own tables, by room then natural name', () => {
    const rooms = [
      { id: 2, name: 'Terraza', active: true },
      { id: 1, name: 'Salón', active: true },
      { id: 3, name: 'Closed', active: false },
    ];
    const tables = [
      { id: 10, name: 'T10', roomId: 1 },
      { id: 2, name: 'T2', roomId: 1 },
      { id: 5, name: 'T5', roomId: 1 },
      { id: 20, name: 'E1', roomId: 2 },
      { id: 30, name: 'X1', roomId: 3 },
      { id: 6, name: 'T6', roomId: 1 },
    ];
    expect(tablesForMove(rooms, tables, [6], [5], formattersFor('es').collator)).toEqual([
      { id: 20, name: 'E1', roomName: 'Terraza' },
      { id: 2, name: 'T2', roomName: 'Salón' },
      { id: 10, name: 'T10', roomName: 'Salón' },
    ]);
  });
});

describe('entries of payments, gift card redeems and customers', () => {
  const SERVICE = '00000000-0000-4000-8000-00000000aaaa';
  const at = now.toISOString();
  const base = (id: string, fields: Partial<EntryDraft>): EntryDraft => ({
    id,
    kind: 'round',
    tableIds: [5],
    place: { kind: 'tables', names: ['5'] },
    serviceId: SERVICE,
    request: {
      kind: 'order',
      order: { order: { total: 0, contents: [], table_id: 5, extraId: id, payment: { amount: '7.00', tip: '0.50', payment_method_id: 1 } } },
    },
    lines: [],
    summary: '',
    totalCents: 0,
    ...fields,
  });
  const redeem = queuedEntry(
    base('00000000-0000-4000-8000-000000000001', { kind: 'gift-redeem', request: { kind: 'gift-redeem', uuid: 'CARD-9', redeem: { amount: '7.00' } } }),
    1,
    at,
  );
  const payment = queuedEntry(
    base('00000000-0000-4000-8000-000000000002', {
      kind: 'payment',
      after: redeem.id,
      tender: { methodId: 3, methodName: 'Gift card', amountCents: 700, tipCents: 50, giftCardUuid: 'CARD-9' },
    }),
    2,
    at,
  );
  const customer = queuedEntry(
    base('00000000-0000-4000-8000-000000000003', {
      kind: 'customer',
      tableIds: [],
      serviceId: null,
      place: { kind: 'legacy', text: 'Ana' },
      request: { kind: 'customer', customer: { name: 'Ana Puig', active: 1, phone: '600111222' } },
    }),
    3,
    at,
  );

  it('names every kind in the three languages', () => {
    expect([outboxKindWord(en, 'payment'), outboxKindWord(en, 'gift-redeem'), outboxKindWord(en, 'customer')]).toEqual([
      'Payment',
      'Gift card',
      'New customer',
    ]);
    expect(outboxKindWord(es, 'payment')).toBe('Pago');
    expect(outboxKindWord(ca, 'gift-redeem')).toBe('Targeta regal');
  });

  it('words a payment (method, amount, tip, card), a redeem (card, amount) and a customer (name, contact)', () => {
    const fmt = formattersFor('en');
    expect(entrySummary(en, fmt, payment)).toBe('Gift card · €7.00 · tip €0.50 · card CARD-9');
    expect(entrySummary(en, fmt, { ...payment, tender: undefined })).toBe('No method · €7.00 · tip €0.50');
    expect(
      entrySummary(en, fmt, { ...payment, tender: { ...payment.tender!, discountCents: 150, tipCents: 0, giftCardUuid: undefined, methodName: 'Cash' } }),
    ).toBe('Cash · €7.00 · bill discount €1.50');
    expect(entrySummary(en, fmt, redeem)).toBe('Card CARD-9 · charge €7.00');
    expect(entrySummary(es, formattersFor('es'), redeem)).toBe('Tarjeta CARD-9 · cobrar 7,00\u00a0€');
    expect(entrySummary(en, fmt, customer)).toBe('Ana Puig · 600111222');
  });

  it('says what a payment waits for: its card’s redeem while that is pending; a table’s redeem waits for its payment', () => {
    expect(waitingText(en, payment, [redeem, payment])).toBe('Waiting for gift card CARD-9 to be charged: it leaves once the card is.');
    expect(waitingText(en, payment, [payment])).toBeNull();
    expect(waitingText(en, redeem, [redeem, payment])).toBeNull();
    expect(waitingText(en, redeem, [redeem])).toMatch(/^Waiting for its payment to be saved/);
    expect(waitingText(en, { ...redeem, attempts: 1 }, [redeem])).toBeNull();
    expect(waitingText(en, customer, [customer])).toBeNull();
  });

  it('an unconfirmed redeem asks to check the card’s balance at the POS; its Mark done says the card was charged; Resend and Discard warn about the card', () => {
    const unconfirmed = { ...redeem, state: 'unconfirmed' as const };
    expect(entryMeaning(en, unconfirmed)).toMatch(/Check the card’s balance at the POS/);
    expect(entryMeaning(en, payment)).toBe(outboxStateMeaning(en, 'queued'));
    expect(pendingActions(unconfirmed)).toEqual(['resend', 'mark-done', 'discard']);
    expect(actionLabel(en, 'mark-done', unconfirmed)).toBe('The card was charged');
    expect(actionLabel(en, 'mark-done', payment)).toBe('Mark done');
    expect(actionLabel(es, 'resend', unconfirmed)).toBe('Reenviar…');
    expect(resendWarning(en, unconfirmed)).toMatch(/^Card CARD-9: check its balance at the POS first/);
    expect(resendWarning(en, payment)).toMatch(/^Table 5: this payment may already be in the POS/);
    expect(discardWarning(en, unconfirmed)).toMatch(/NOT charged. The payment waiting for it is discarded too/);
    expect(discardWarning(en, redeem)).toBe('Card CARD-9 will not be charged, and the payment waiting for it is discarded too.');
  });
});
