import { describe, expect, it } from 'vitest';
import { venueMoment } from '../../../../shared/domain/venueTime';
import { formattersFor } from '../../i18n/format';
import { createI18n } from '../../i18n/i18n';
import { clearTableWarning, roundsSummary, roundTitle, roundTitles, serviceSummary, tablesTitle } from './tableText';

const t = createI18n('en').getFixedT('en', 'order');
const es = createI18n('es').getFixedT('es', 'order');
const ca = createI18n('ca').getFixedT('ca', 'order');
const en = formattersFor('en');

describe('serviceSummary', () => {
  const seatedAt = venueMoment(2026, 11, 22, 13, 5).toISOString();

  it('guests, seated since (local clock), and the customer in one line', () => {
    expect(serviceSummary(t, en, { guests: 3, seatedAt, customer: { name: 'Ana García', phone: '600 123 456', email: '' } })).toEqual({
      guests: '3 guests',
      since: 'since 13:05',
      customer: 'Ana García · 600 123 456',
    });
  });

  it('one guest; no customer; in Spanish and Catalan', () => {
    expect(serviceSummary(t, en, { guests: 1, seatedAt, customer: null })).toEqual({ guests: '1 guest', since: 'since 13:05', customer: null });
    expect(serviceSummary(es, formattersFor('es'), { guests: 4, seatedAt, customer: null })).toMatchObject({
      guests: '4 comensales',
      since: 'desde las 13:05',
    });
    expect(serviceSummary(ca, formattersFor('ca'), { guests: 1, seatedAt, customer: null })).toMatchObject({ guests: '1 comensal' });
  });
});

describe('tablesTitle and rounds', () => {
  it('names the tables as the venue wrote them', () => {
    expect(tablesTitle(t, ['T5'])).toBe('Table T5');
    expect(tablesTitle(t, ['3', '4'])).toBe('Tables 3 + 4');
    expect(tablesTitle(ca, ['3', '4'])).toBe('Taules 3 + 4');
  });

  it('the seating, then rounds numbered', () => {
    expect(roundTitle(t, { kind: 'seating' }, 0)).toBe('Seating');
    expect(roundTitle(t, { kind: 'round' }, 2)).toBe('Round 2');
    expect(roundTitles(es, [{ kind: 'seating' }, { kind: 'round' }, { kind: 'round' }])).toEqual(['Apertura', 'Ronda 1', 'Ronda 2']);
  });

  it('the folded strip counts the rounds and says when one needs the waiter', () => {
    const entry = (kind: 'seating' | 'round', state: 'accepted' | 'rejected', pending: 0 | 1) => ({ kind, state, pending, resolution: null });
    expect(roundsSummary(t, [entry('seating', 'accepted', 0)])).toEqual({ text: 'No rounds yet', needsAttention: false });
    expect(roundsSummary(t, [entry('seating', 'accepted', 0), entry('round', 'accepted', 0), entry('round', 'rejected', 1)])).toEqual({
      text: '2 rounds',
      needsAttention: true,
    });
  });
});

describe('clearTableWarning', () => {
  it('says the bill must be settled, and names entries still pending', () => {
    expect(clearTableWarning(t, 'T5', [{ pending: 0 }])).toBe('Clear T5 only when the bill is settled at the POS: the table becomes free on this terminal.');
    expect(clearTableWarning(t, 'T5', [{ pending: 1 }, { pending: 0 }])).toMatch(/1 order of this table has not reached the POS yet/);
    expect(clearTableWarning(t, 'T5 + T6', [{ pending: 1 }, { pending: 1 }])).toMatch(/^Clear T5 \+ T6 .* 2 orders of this table have/);
    expect(clearTableWarning(es, 'Mesa 5', [{ pending: 1 }, { pending: 1 }])).toMatch(/2 pedidos de esta mesa aún no han llegado al TPV/);
  });
});
