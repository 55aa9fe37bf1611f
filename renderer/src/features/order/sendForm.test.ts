import { describe, expect, it } from 'vitest';
import { venueMoment } from '../../../../shared/domain/venueTime';
import { formattersFor } from '../../i18n/format';
import { createI18n } from '../../i18n/i18n';
import { OutboxInputError } from '../../data/queue/outboxTypes';
import type { TicketLine } from '../../session/orderStore';
import {
  EMPTY_DELIVERY,
  EMPTY_PAYMENT,
  EMPTY_TAKEAWAY,
  amountInputText,
  buildSendRequest,
  deliveryDate,
  localDateTime,
  parseAmountInput,
  parsePayment,
  paymentMethodChoices,
  sendBlockReason,
  sendFailureMessage,
  sentConfirmation,
  ticketLineInputs,
  type SendDrafts,
} from './sendForm';

const line = (over: Partial<TicketLine> = {}): TicketLine => ({
  key: 1,
  choice: { itemId: 7, quantity: 1 },
  name: 'Caña',
  details: ['Grande'],
  unitCents: 250,
  quantity: 2,
  note: 'sin hielo',
  editable: true,
  ...over,
});

const t = createI18n('en').getFixedT('en', 'order');
const en = formattersFor('en');

// 2026-11-22 14:30 local.
const now = venueMoment(2026, 11, 22, 14, 30);
const drafts = (over: Partial<SendDrafts> = {}): SendDrafts => ({ takeaway: EMPTY_TAKEAWAY, delivery: EMPTY_DELIVERY, payment: EMPTY_PAYMENT, ...over });

describe('parseAmountInput', () => {
  it('takes a comma or a dot, at most 2 decimals, in exact cents', () => {
    expect(parseAmountInput('12,50')).toBe(1250);
    expect(parseAmountInput('12.5')).toBe(1250);
    expect(parseAmountInput(' 7 ')).toBe(700);
    expect(parseAmountInput('0,1')).toBe(10);
    expect(parseAmountInput('12,50 €')).toBe(1250);
  });

  it('refuses what is not an amount', () => {
    expect(parseAmountInput('')).toBeNull();
    expect(parseAmountInput('12,505')).toBeNull();
    expect(parseAmountInput('-3')).toBeNull();
    expect(parseAmountInput('abc')).toBeNull();
    expect(parseAmountInput('1,2,3')).toBeNull();
  });

  it('amountInputText writes cents back as typed', () => {
    expect(amountInputText(1250)).toBe('12,50');
    expect(amountInputText(5)).toBe('0,05');
  });
});

describe('deliveryDate', () => {
  it('now sends no date (the server default)', () => {
    expect(deliveryDate(t, 'now', '', now)).toEqual({ ok: true, date: undefined });
  });

  it('today and tomorrow at a time, as local "YYYY-MM-DD HH:MM:SS"', () => {
    expect(deliveryDate(t, 'today', '21:15', now)).toEqual({ ok: true, date: '2026-11-22 21:15:00' });
    expect(deliveryDate(t, 'tomorrow', '09:05', now)).toEqual({ ok: true, date: '2026-11-23 09:05:00' });
  });

  it('tomorrow crosses a month end', () => {
    expect(deliveryDate(t, 'tomorrow', '12:00', venueMoment(2026, 11, 30, 23, 0))).toEqual({ ok: true, date: '2026-12-01 12:00:00' });
  });

  it('refuses a time already passed today, and a missing time', () => {
    const passed = deliveryDate(t, 'today', '13:00', now);
    expect(passed.ok).toBe(false);
    if (!passed.ok) expect(passed.message).toMatch(/has passed.*Tomorrow/);
    expect(deliveryDate(t, 'today', '14:30', now).ok).toBe(true);
    expect(deliveryDate(t, 'tomorrow', '', now)).toEqual({ ok: false, message: 'Choose the delivery time' });
    expect(deliveryDate(t, 'today', '25:00', now).ok).toBe(false);
  });

  it('localDateTime pads every part', () => {
    expect(localDateTime(venueMoment(2026, 1, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
    // The venue's clock, not the machine's: 23:30 UTC on 31 December is 00:30 on 1 January in Madrid.
    expect(localDateTime(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01 00:30:00');
  });
});

describe('parsePayment', () => {
  const on = { enabled: true, methodId: 1, amount: '', tip: '' };

  it('no payment unless the section is on', () => {
    expect(parsePayment(t, en, { ...on, enabled: false, methodId: null }, 1000)).toEqual({ ok: true, payment: undefined });
  });

  it('the amount defaults to the ticket total; the tip to 0', () => {
    expect(parsePayment(t, en, on, 1000)).toEqual({ ok: true, payment: { paymentMethodId: 1, amountCents: 1000, tipCents: 0 } });
    expect(parsePayment(t, en, { ...on, amount: '4,00', tip: '0,50' }, 1000)).toEqual({
      ok: true,
      payment: { paymentMethodId: 1, amountCents: 400, tipCents: 50 },
    });
  });

  it('asks for a method, and an amount more than 0 and not more than the total', () => {
    const result = parsePayment(t, en, { ...on, methodId: null, amount: '10,01', tip: 'x' }, 1000);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.paymentMethod).toBe('Choose how it is paid');
    expect(result.errors.paymentAmount).toBe('The amount paid cannot be more than the total, €10.00');
    expect(result.errors.paymentTip).toMatch(/tip/);
    const zero = parsePayment(t, en, { ...on, amount: '0' }, 1000);
    expect(!zero.ok && zero.errors.paymentAmount).toMatch(/more than 0/);
    const garbage = parsePayment(t, en, { ...on, amount: '12,3,4' }, 1000);
    expect(!garbage.ok && garbage.errors.paymentAmount).toMatch(/like 12,50/);
  });
});

describe('sendBlockReason', () => {
  const service = { kind: 'service', serviceId: 's1' } as const;
  it('says why Send is disabled, destination first', () => {
    expect(sendBlockReason(t, { lineCount: 0, target: { kind: 'none' }, outboxReady: true, sending: false })).toMatch(/Choose where it goes/);
    expect(sendBlockReason(t, { lineCount: 0, target: service, outboxReady: true, sending: false })).toMatch(/Add items/);
    expect(sendBlockReason(t, { lineCount: 1, target: service, outboxReady: false, sending: false })).toMatch(/Opening/);
    expect(sendBlockReason(t, { lineCount: 1, target: service, outboxReady: true, sending: true })).toBe('Saving…');
    expect(sendBlockReason(t, { lineCount: 1, target: { kind: 'takeaway' }, outboxReady: true, sending: false })).toBeNull();
  });
});

describe('ticketLineInputs', () => {
  it('maps a ticket line field by field, without its key; the choice carries the current quantity and note', () => {
    expect(ticketLineInputs([line()])).toEqual([
      { choice: { itemId: 7, quantity: 2, note: 'sin hielo' }, name: 'Caña', details: ['Grande'], quantity: 2, note: 'sin hielo', unitCents: 250 },
    ]);
    const cleared = ticketLineInputs([line({ note: '', choice: { itemId: 7, quantity: 1, note: 'old' } })]);
    expect(cleared[0]?.choice).toEqual({ itemId: 7, quantity: 2 });
  });
});

describe('buildSendRequest', () => {
  const lines = [line()];

  it('a table: a round for its service, with the payment when given', () => {
    const result = buildSendRequest(t, en, { kind: 'service', serviceId: 's1' }, lines, drafts(), 500, now);
    expect(result).toEqual({ ok: true, request: { kind: 'round', input: { serviceId: 's1', lines: ticketLineInputs(lines) } } });
    const paid = buildSendRequest(
      t,
      en,
      { kind: 'service', serviceId: 's1' },
      lines,
      drafts({ payment: { enabled: true, methodId: 2, amount: '', tip: '1' } }),
      500,
      now,
    );
    expect(paid.ok && paid.request.input.payment).toEqual({ paymentMethodId: 2, amountCents: 500, tipCents: 100 });
  });

  it('a takeaway needs a name; phone and email are optional but checked', () => {
    const missing = buildSendRequest(t, en, { kind: 'takeaway' }, lines, drafts(), 500, now);
    expect(missing).toEqual({ ok: false, errors: { takeawayName: 'Type the name of who collects it' } });
    const bad = buildSendRequest(t, en, { kind: 'takeaway' }, lines, drafts({ takeaway: { name: 'Ana', phone: '12', email: 'ana@' } }), 500, now);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.takeawayPhone).toMatch(/phone/);
      expect(bad.errors.takeawayEmail).toMatch(/email/);
    }
    const good = buildSendRequest(t, en, { kind: 'takeaway' }, lines, drafts({ takeaway: { name: '  Ana ', phone: '', email: '' } }), 500, now);
    expect(good).toEqual({ ok: true, request: { kind: 'takeaway', input: { name: 'Ana', lines: ticketLineInputs(lines) } } });
  });

  it('a delivery needs a phone and an address; the time becomes a local date', () => {
    const missing = buildSendRequest(t, en, { kind: 'delivery' }, lines, drafts(), 500, now);
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(missing.errors.deliveryPhone).toBe('Type the phone number');
      expect(missing.errors.deliveryAddress).toBe('Type the delivery address');
    }
    const delivery = { ...EMPTY_DELIVERY, phone: '600 123 456', address: 'Calle Mayor 1', city: ' Madrid ', day: 'tomorrow' as const, time: '13:00' };
    const good = buildSendRequest(t, en, { kind: 'delivery' }, lines, drafts({ delivery }), 500, now);
    expect(good).toEqual({
      ok: true,
      request: {
        kind: 'delivery',
        input: { phone: '600 123 456', address: 'Calle Mayor 1', city: 'Madrid', date: '2026-11-23 13:00:00', lines: ticketLineInputs(lines) },
      },
    });
  });

  it('reports form and payment problems together', () => {
    const result = buildSendRequest(t, en, { kind: 'delivery' }, lines, drafts({ payment: { enabled: true, methodId: null, amount: '', tip: '' } }), 500, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['deliveryAddress', 'deliveryPhone', 'paymentMethod']);
  });

  it('throws for no destination (Send is disabled then)', () => {
    expect(() => buildSendRequest(t, en, { kind: 'none' }, lines, drafts(), 500, now)).toThrow(/no destination/);
  });
});

describe('messages', () => {
  it('the confirmation says saved and sending', () => {
    expect(sentConfirmation(t, { kind: 'round', input: { serviceId: 's', lines: [] } }, 'T5')).toBe('Saved — sending to the POS (T5).');
    expect(sentConfirmation(t, { kind: 'takeaway', input: { name: 'Ana', lines: [] } }, '')).toMatch(/Takeaway for Ana saved/);
  });

  it('an input error shows its own words; anything else says the ticket is kept', () => {
    const input = new OutboxInputError({ code: 'payment-zero' });
    expect(sendFailureMessage(t, input).message).toBe('The payment amount must be more than 0.');
    const other = sendFailureMessage(t, new Error('QuotaExceededError'));
    expect(other.message).toMatch(/ticket is kept/);
    expect(other.detail).toMatch(/QuotaExceededError/);
  });
});

describe('paymentMethodChoices', () => {
  it('the synced active methods by name; Card and Cash before the first sync', () => {
    expect(paymentMethodChoices(t, undefined)).toEqual([
      { id: 1, name: 'Card' },
      { id: 2, name: 'Cash' },
    ]);
    expect(
      paymentMethodChoices(t, [
        { id: 2, name: 'Efectivo', active: true },
        { id: 1, name: 'Tarjeta', active: true },
        { id: 9, name: 'Bizum', active: false },
        { id: 5, name: ' ', active: true },
      ]),
    ).toEqual([
      { id: 2, name: 'Efectivo' },
      { id: 5, name: 'Method 5' },
      { id: 1, name: 'Tarjeta' },
    ]);
  });
});

describe('in Spanish and Catalan', () => {
  it('words the problems and the confirmation in the terminal’s language, money the local way', () => {
    const es = createI18n('es').getFixedT('es', 'order');
    const over = parsePayment(es, formattersFor('es'), { enabled: true, methodId: null, amount: '10,01', tip: '' }, 1000);
    expect(over).toEqual({
      ok: false,
      errors: { paymentMethod: 'Elige cómo se paga', paymentAmount: 'El importe pagado no puede superar el total, 10,00\u00a0€' },
    });
    const ca = createI18n('ca').getFixedT('ca', 'order');
    expect(deliveryDate(ca, 'today', '13:00', now)).toEqual({ ok: false, message: 'Les 13:00 d’avui ja han passat: tria una hora més tard, o Demà' });
    const missing = buildSendRequest(ca, formattersFor('ca'), { kind: 'takeaway' }, [line()], drafts(), 500, now);
    expect(missing).toEqual({ ok: false, errors: { takeawayName: 'Escriu el nom de qui ho recull' } });
    expect(sentConfirmation(es, { kind: 'round', input: { serviceId: 's', lines: [] } }, 'Mesa 5')).toBe('Guardado: enviándolo al TPV (Mesa 5).');
  });
});

describe('round extras', () => {
  it('a round discount: percent half up, amount in cents, needs a reason', async () => {
    const { roundDiscountCents } = await import('./sendForm');
    expect(roundDiscountCents({ kind: 'percent', value: '10', reason: 'Regulars' }, 1005)).toEqual({ cents: 101, reason: 'Regulars' });
    expect(roundDiscountCents({ kind: 'amount', value: '2,50', reason: ' Late ' }, 1000)).toEqual({ cents: 250, reason: 'Late' });
    expect(roundDiscountCents({ kind: 'amount', value: '2,50', reason: ' ' }, 1000)).toBeNull();
    expect(roundDiscountCents({ kind: 'percent', value: '101', reason: 'x' }, 1000)).toBeNull();
    expect(roundDiscountCents(null, 1000)).toBeNull();
  });
  it('withExtras: discount and skipMerge on a round, the warehouse on every order', async () => {
    const { withExtras } = await import('./sendForm');
    const round = { kind: 'round' as const, input: { serviceId: 's', lines: [] } };
    expect(withExtras(round, { separateCheck: true, discount: { kind: 'percent', value: '10', reason: 'R' } }, 2000, 3)).toEqual({
      kind: 'round',
      input: { serviceId: 's', lines: [], warehouseId: 3, discount: { cents: 200, reason: 'R' }, skipMerge: true },
    });
    expect(withExtras(round, { separateCheck: false, discount: null }, 2000, null)).toEqual(round);
    const takeaway = { kind: 'takeaway' as const, input: { name: 'Ana', lines: [] } };
    expect(withExtras(takeaway, { separateCheck: true, discount: null }, 2000, 7)).toEqual({
      kind: 'takeaway',
      input: { name: 'Ana', lines: [], warehouseId: 7 },
    });
  });
});
