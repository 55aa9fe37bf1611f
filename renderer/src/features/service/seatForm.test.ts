import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../../../shared/bridge';
import { OutboxInputError } from '../../data/queue/outboxTypes';
import { createI18n } from '../../i18n/i18n';
import {
  clearCustomer,
  describeSeatError,
  editCustomerField,
  EMPTY_SEAT_FORM,
  guestsError,
  pickCustomer,
  pressKey,
  seatErrorText,
  ticketLineInputs,
  ticketLinesText,
  validateSeatForm,
  type KeypadKey,
  type SeatForm,
} from './seatForm';

const en = createI18n('en').getFixedT(null, 'service');
const es = createI18n('es').getFixedT(null, 'service');
const form = (extra: Partial<SeatForm> = {}): SeatForm => ({ ...EMPTY_SEAT_FORM, ...extra });

describe('validateSeatForm', () => {
  it('seats 2 guests without a customer by default', () => {
    expect(validateSeatForm(form())).toEqual({ ok: true, values: { guests: 2, customer: null, notes: '' } });
  });

  it('accepts guests 1 to 99 only, as whole numbers', () => {
    for (const ok of ['1', '99', ' 7 ']) expect(validateSeatForm(form({ guests: ok })).ok, ok).toBe(true);
    for (const bad of ['', '0', '100', '2.5', '-1', 'two', '1e1']) {
      expect(validateSeatForm(form({ guests: bad })), bad).toEqual({ ok: false, errors: { guests: 'guests' } });
    }
    expect(guestsError('0')).toBe('guests');
    expect(guestsError('12')).toBeNull();
  });

  it('requires the name whenever any customer field is given', () => {
    expect(validateSeatForm(form({ email: 'ana@example.com' }))).toEqual({ ok: false, errors: { name: 'name' } });
    expect(validateSeatForm(form({ phone: '600123456' }))).toEqual({ ok: false, errors: { name: 'name' } });
    expect(validateSeatForm(form({ name: '   ', phone: '600123456' })).ok).toBe(false);
  });

  it('checks the email format and keeps phone digits only (spec 2.9 sends an integer)', () => {
    expect(validateSeatForm(form({ name: 'Ana', email: 'ana@' }))).toEqual({ ok: false, errors: { email: 'email' } });
    expect(validateSeatForm(form({ name: 'Ana', phone: '600 12a 456' }))).toEqual({ ok: false, errors: { phone: 'phone' } });
    expect(validateSeatForm(form({ name: 'Ana', phone: '34+600123456' }))).toEqual({ ok: false, errors: { phone: 'phone' } });
    expect(validateSeatForm(form({ name: 'Ana', phone: '+34 600 123 456' }))).toMatchObject({ ok: true, values: { customer: { phone: '+34600123456' } } });
    expect(validateSeatForm(form({ name: 'Ana', phone: '12345' }))).toEqual({ ok: false, errors: { phone: 'phone' } });
    const result = validateSeatForm(form({ guests: '3', name: ' Ana García ', email: ' ana@example.com ', phone: '600 123-456', notes: ' window ' }));
    expect(result).toEqual({
      ok: true,
      values: { guests: 3, customer: { name: 'Ana García', email: 'ana@example.com', phone: '600123456' }, notes: 'window' },
    });
  });

  it('takes a deposit typed with a comma or a dot, with the chosen method; none when left empty', () => {
    const card = { id: 1, name: 'Card' };
    expect(validateSeatForm(form({ prepayment: '20,50', prepaymentMethod: card }))).toEqual({
      ok: true,
      values: { guests: 2, customer: null, notes: '', prepayment: { amountCents: 2050, methodId: 1, methodName: 'Card' } },
    });
    expect(validateSeatForm(form({ prepayment: ' 15.5 ', prepaymentMethod: card }))).toMatchObject({ ok: true, values: { prepayment: { amountCents: 1550 } } });
    expect(validateSeatForm(form({ prepayment: '  ', prepaymentMethod: card }))).toEqual({ ok: true, values: { guests: 2, customer: null, notes: '' } });
    for (const bad of ['0', '-5', 'veinte', '1,234', '100000']) {
      expect(validateSeatForm(form({ prepayment: bad, prepaymentMethod: card })), bad).toEqual({ ok: false, errors: { prepayment: 'prepayment' } });
    }
    // No method to take it with (the dialog always offers one): refused, never sent without.
    expect(validateSeatForm(form({ prepayment: '10' }))).toEqual({ ok: false, errors: { prepayment: 'prepayment' } });
    expect(seatErrorText(en, 'prepayment')).toMatch(/Prepayment/);
    expect(seatErrorText(es, 'prepayment')).toMatch(/Pago anticipado/);
  });

  it('tells a name too long from a missing one, and notes too long', () => {
    expect(validateSeatForm(form({ name: 'A'.repeat(121) }))).toEqual({ ok: false, errors: { name: 'nameLong' } });
    expect(validateSeatForm(form({ notes: 'n'.repeat(501) }))).toEqual({ ok: false, errors: { notes: 'notes' } });
  });

  it('words each problem in the terminal’s language, with its limits', () => {
    expect(seatErrorText(en, 'guests')).toBe('Guests must be a whole number from 1 to 99.');
    expect(seatErrorText(en, 'nameLong')).toBe('The name can be at most 120 characters.');
    expect(seatErrorText(en, 'notes')).toBe('Notes can be at most 500 characters.');
    expect(seatErrorText(es, 'guests')).toBe('Los comensales deben ser un número entero de 1 a 99.');
  });

  it('reports every field at once', () => {
    const result = validateSeatForm(form({ guests: '0', email: 'x', phone: 'abc' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['email', 'guests', 'name', 'phone']);
  });

  it('sends a picked customer with its id; editing it makes a new customer', () => {
    const picked = pickCustomer(form(), { id: 7, name: 'Customer 7', email: null, phone: '600111222' });
    expect(validateSeatForm(picked)).toEqual({
      ok: true,
      values: { guests: 2, customer: { customerId: 7, name: 'Customer 7', phone: '600111222' }, notes: '' },
    });
    const edited = editCustomerField(picked, 'phone', '600111333');
    expect(edited.customerId).toBeNull();
    expect(validateSeatForm(edited)).toMatchObject({ ok: true, values: { customer: { name: 'Customer 7', phone: '600111333' } } });
    expect(validateSeatForm(clearCustomer(picked))).toMatchObject({ ok: true, values: { customer: null } });
    // What the order cannot carry is left out rather than blocking the seating.
    const odd = pickCustomer(form(), { id: 8, name: 'Bar Sol', email: 'not an email', phone: 'ask at the bar' });
    expect(odd).toMatchObject({ customerId: 8, name: 'Bar Sol', email: '', phone: '' });
    expect(validateSeatForm(odd).ok).toBe(true);
  });
});

describe('pressKey', () => {
  const press = (keys: KeypadKey[], start = { value: '2', fresh: true }) => keys.reduce(pressKey, start).value;

  it('replaces the default with the first digit, then appends up to two digits', () => {
    expect(press(['4'])).toBe('4');
    expect(press(['1', '2'])).toBe('12');
    expect(press(['1', '2', '3'])).toBe('12');
  });

  it('deletes a digit, clears, and drops a leading zero', () => {
    expect(press(['1', '2', 'delete'])).toBe('1');
    expect(press(['delete'])).toBe('');
    expect(press(['9', 'clear'])).toBe('');
    expect(press(['0', '5'])).toBe('5');
  });
});

describe('ticketLinesText', () => {
  it('says how many lines and items go with the seating', () => {
    expect(ticketLinesText(en, [])).toBeNull();
    expect(ticketLinesText(en, [{ quantity: 1 }])).toBe('1 line (1 item) on the ticket goes with this seating.');
    expect(ticketLinesText(en, [{ quantity: 2 }, { quantity: 3 }])).toBe('2 lines (5 items) on the ticket go with this seating.');
    expect(ticketLinesText(es, [{ quantity: 2 }])).toBe('1 línea (2 artículos) del ticket va con esta mesa.');
  });
});

describe('describeSeatError', () => {
  it('shows an input error as it is, anything else as "not saved, try again" with the detail', () => {
    expect(describeSeatError(en, new OutboxInputError({ code: 'tables-just-seated', params: { count: 1, tables: 'T5' } }))).toEqual({
      message: 'Table T5 was just seated on this terminal: open it from the floor plan.',
      detail: null,
    });
    const other = describeSeatError(en, new Error('QuotaExceededError'));
    expect(other.message).toMatch(/could not be saved.*nothing was sent.*try again/);
    expect(other.detail).toBe('Error: QuotaExceededError');
  });

  it('a seating whose answer never came says it may be saved and that Seat again cannot double it', () => {
    const unreachable = new BridgeError({ kind: 'unreachable', code: 'local-service-not-answering' });
    expect(describeSeatError(en, unreachable).message).toMatch(/^Not confirmed: .*may or may not be saved.*will not be sent twice/);
    expect(describeSeatError(es, unreachable).message).toMatch(/^Sin confirmar: .*no se enviará dos veces/);
  });
});

describe('ticketLineInputs', () => {
  it('keeps what the outbox needs and drops the ticket key', () => {
    const line = { key: 3, choice: { itemId: 101, quantity: 2 }, name: 'Caña', details: ['Grande'], quantity: 2, note: 'cold', unitCents: 250 };
    expect(ticketLineInputs([line])).toEqual([
      { choice: { itemId: 101, quantity: 2 }, name: 'Caña', details: ['Grande'], quantity: 2, note: 'cold', unitCents: 250 },
    ]);
  });
});
