import { describe, expect, it } from 'vitest';
import type { AllergenCode } from '../../../../../shared/api/catalog';
import { draftOf, editOfDraft, parsePriceInput, priceText, type PickedRecord } from './catalogEditForm';

const item: PickedRecord = { kind: 'item', id: 7, name: 'Caña', active: true, priceCents: 250, buttonName: '', allergens: [1], photo: '' };

describe('the quick-edit form', () => {
  it('reads and writes prices as the manager types them', () => {
    expect(priceText(350)).toBe('3,50');
    expect(priceText(-5)).toBe('-0,05');
    expect(parsePriceInput('3,5 €')).toBe(350);
    expect(parsePriceInput('-1')).toBe(-100);
    expect(parsePriceInput('tres')).toBeNull();
  });

  it('makes an edit of only the changed fields (spec 4.3 rule 3)', () => {
    const draft = { ...draftOf(item), price: '2,80', allergens: [13, 1] as AllergenCode[] };
    expect(editOfDraft(item, draft)).toEqual({ edit: { kind: 'item', id: 7, priceCents: 280, allergens: [1, 13] }, problems: [] });
    expect(editOfDraft(item, { ...draftOf(item), buttonName: ' Caña 20 ', photo: 'x.jpg' }).edit).toEqual({
      kind: 'item',
      id: 7,
      buttonName: 'Caña 20',
      photo: 'x.jpg',
    });
  });

  it('starts from a pending edit of the record', () => {
    expect(draftOf(item, { kind: 'item', id: 7, priceCents: 300, active: false })).toMatchObject({ price: '3,00', active: false, name: 'Caña' });
  });

  it('says what is wrong per field, and nothing-changed only when nothing else is', () => {
    expect(editOfDraft(item, { ...draftOf(item), name: '  ', price: '-2' }).problems).toEqual([
      { field: 'name', code: 'name-empty' },
      { field: 'price', code: 'price-negative' },
    ]);
    expect(editOfDraft(item, { ...draftOf(item), price: 'abc' }).problems).toEqual([{ field: 'price', code: 'price-invalid' }]);
    expect(editOfDraft(item, draftOf(item)).problems).toEqual([{ field: 'record', code: 'nothing-changed' }]);
    const modifier: PickedRecord = { kind: 'modifier', id: 3, name: 'Extra', active: true, priceCents: 50 };
    expect(editOfDraft(modifier, { ...draftOf(modifier), name: 'ignored', active: false }).edit).toEqual({ kind: 'modifier', id: 3, active: false });
  });
});
