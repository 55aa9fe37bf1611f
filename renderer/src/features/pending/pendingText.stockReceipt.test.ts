import { describe, expect, it } from 'vitest';
import { queuedEntry, type EntryDraft } from '../../../../shared/bridge';
import { formattersFor } from '../../i18n/format';
import { createI18n } from '../../i18n/i18n';
import { actionLabel, discardWarning, entryMeaning, entrySummary, outboxKindWord, placeText, resendWarning } from './pendingText';

// A purchase order line received (`stock-receipt`) in Pending orders, worded as
// goods received — never as an order — in the three languages.

const receipt: EntryDraft = {
  id: '3d0c6a52-7f1e-4b8a-9c2d-5e4f3a2b1c0d',
  kind: 'stock-receipt',
  tableIds: [],
  place: { kind: 'purchase-order', reference: 'OC-2024-0005', warehouse: 'Almacén principal' },
  serviceId: null,
  request: { kind: 'stock-add', warehouseId: 1, item_id: 14, quantity: 1.5 },
  lines: [],
  summary: '',
  totalCents: 0,
  receipt: { purchaseOrderId: 5, lineId: 21, itemName: 'Godello Valdeorras' },
};
const entry = queuedEntry(receipt, 1, '2026-11-27T10:00:00.000Z');
const unconfirmed = { ...entry, state: 'unconfirmed' as const };

describe('Pending orders and goods received', () => {
  it('words the kind, the place and the summary in each language', () => {
    const cases = [
      ['en', 'Goods received', 'Purchase order OC-2024-0005 → Almacén principal', 'Godello Valdeorras · +1.5'],
      ['es', 'Mercancía recibida', 'Pedido de compra OC-2024-0005 → Almacén principal', 'Godello Valdeorras · +1,5'],
      ['ca', 'Mercaderia rebuda', 'Comanda de compra OC-2024-0005 → Almacén principal', 'Godello Valdeorras · +1,5'],
    ] as const;
    for (const [language, kind, place, summary] of cases) {
      const t = createI18n(language).getFixedT(null, 'pending');
      expect(outboxKindWord(t, 'stock-receipt')).toBe(kind);
      expect(placeText(t, receipt.place)).toBe(place);
      expect(entrySummary(t, formattersFor(language), entry)).toBe(summary);
    }
  });

  it('an unknown outcome asks to check the stock; its actions say what they mean for the stock', () => {
    const t = createI18n('en').getFixedT(null, 'pending');
    expect(entryMeaning(t, unconfirmed)).toMatch(/the stock may or may not have been added/);
    expect(actionLabel(t, 'mark-done', unconfirmed)).toBe('The stock was added');
    expect(resendWarning(t, unconfirmed)).toMatch(/Resending adds it twice/);
    expect(discardWarning(t, unconfirmed)).toMatch(/only if the POS shows this stock was NOT added/);
    expect(discardWarning(t, entry)).toMatch(/this stock is never added/);
    expect(discardWarning(t, { ...entry, state: 'rejected' })).toMatch(/the POS did not add this stock/);
  });
});
