import { describe, expect, it } from 'vitest';
import { queuedEntry, type EntryDraft } from '../../../../shared/bridge';
import { formattersFor } from '../../i18n/format';
import { createI18n } from '../../i18n/i18n';
import { discardWarning, entrySummary, outboxKindWord, placeText, resendWarning, waitingText } from './pendingText';

// A shop's sale and its invoice in Pending orders, in the three languages.

const en = createI18n('en').getFixedT(null, 'pending');
const es = createI18n('es').getFixedT(null, 'pending');
const ca = createI18n('ca').getFixedT(null, 'pending');

const order = {
  sum: 12,
  subtotal: 9.92,
  tax: 2.08,
  total: 12,
  order_contents: [{ name: 'Taza', quantity: 1, price: 12, sum: 12, discount: 0, subtotal: 9.92, tax: 2.08, total: 12, taxPercentage: 21, product_id: 7 }],
};
const sale: EntryDraft = {
  id: '6f1c1f7e-8a52-4c43-9d7e-2b1f0c3d4e5a',
  kind: 'sale',
  tableIds: [],
  place: { kind: 'sale', customer: 'Laia Puig' },
  serviceId: null,
  request: { kind: 'retail-order', order },
  lines: [{ name: 'Taza', quantity: 1, details: [], note: '', unitCents: 1200, totalCents: 1200, choice: { itemId: 7, quantity: 1 } }],
  summary: '',
  totalCents: 1200,
};
const invoice: EntryDraft = {
  ...sale,
  id: '0b8e2f4a-1c3d-4e5f-8a9b-7c6d5e4f3a2b',
  kind: 'invoice',
  request: {
    kind: 'retail-invoice',
    invoice: {
      payments: [
        { amount: 6, change: 0, extra: 0, payment_method_id: 1 },
        { amount: 10, change: 4, extra: 0, payment_method_id: 2 },
      ],
    },
  },
  lines: [],
  after: sale.id,
};

describe('shop sales in Pending orders', () => {
  it('names the kinds and the place', () => {
    expect([outboxKindWord(en, 'sale'), outboxKindWord(en, 'invoice')]).toEqual(['Sale', 'Invoice']);
    expect([outboxKindWord(es, 'sale'), outboxKindWord(ca, 'invoice')]).toEqual(['Venta', 'Factura']);
    expect(placeText(en, sale.place)).toBe('Counter sale · Laia Puig');
    expect(placeText(ca, { kind: 'sale' })).toBe('Venda al taulell');
  });

  it('summarises a sale by its lines and an invoice by its payments', () => {
    const fmt = formattersFor('en');
    expect(entrySummary(en, fmt, sale)).toBe(`1 item · ${fmt.money(12)}`);
    expect(entrySummary(en, fmt, invoice)).toBe(`2 payments · ${fmt.money(12)}`);
    expect(entrySummary(es, formattersFor('es'), invoice)).toMatch(/^2 pagos · /);
  });

  it('an invoice waits for its sale; resending and discarding say what happens', () => {
    const pending = [queuedEntry(sale, 1, '2026-11-23T12:00:00Z'), queuedEntry(invoice, 2, '2026-11-23T12:00:00Z')];
    expect(waitingText(en, pending[1]!, pending)).toMatch(/Waiting for its sale/);
    expect(waitingText(en, pending[0]!, pending)).toBeNull();
    expect(resendWarning(en, sale)).toMatch(/^Counter sale · Laia Puig: this sale may already be/);
    expect(resendWarning(en, invoice)).toMatch(/already invoiced/);
    expect(discardWarning(en, { ...pending[0]!, state: 'queued' })).toMatch(/Its invoice is discarded with it\.$/);
  });
});
