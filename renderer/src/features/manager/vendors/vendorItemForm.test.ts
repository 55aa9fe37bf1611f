import { describe, expect, it } from 'vitest';
import { bridgeOperations } from '../../../../../shared/bridge';
import { changesItem, costInput, itemFormOf, packInput, parseCostCents, parsePack, unitCostCents, validateItemForm } from './vendorItemForm';

describe('a vendor item as typed', () => {
  it('reads a cost price into exact cents, either decimal mark', () => {
    expect(['12,50', '12.5', '12', '€ 3', '0.07', '0,1', ' 1 234 '].map(parseCostCents)).toEqual([1250, 1250, 1200, 300, 7, 10, 123400]);
    expect(['', '-1', '1.234', 'abc', '1,2,3', '99999999999'].map(parseCostCents)).toEqual([null, null, null, null, null, null]);
  });

  it('reads a pack above 0 with up to 3 decimals', () => {
    expect(['6', '0,5', '1.25', '0.001'].map(parsePack)).toEqual([6, 0.5, 1.25, 0.001]);
    expect(['0', '0,0004', '-2', '', 'x'].map(parsePack)).toEqual([null, null, null, null, null]);
  });

  it('shows cents and packs back in the language', () => {
    expect(costInput(1250, ',')).toBe('12,50');
    expect(costInput(7, '.')).toBe('0.07');
    expect(packInput(0.5, ',')).toBe('0,5');
    expect(itemFormOf({ itemId: 1, costCents: 999, pack: 6, reference: null }, '.')).toEqual({ cost: '9.99', pack: '6' });
  });

  it('checks a row into a write the bridge takes, or a problem per field', () => {
    const ok = validateItemForm(10, { cost: '13,99', pack: '12' });
    expect(ok).toEqual({ ok: true, write: { itemId: 10, costCents: 1399, pack: 12 } });
    if (ok.ok) expect(bridgeOperations.saveVendorItems.input.safeParse({ vendorId: 1, items: [ok.write] }).success).toBe(true);
    expect(validateItemForm(10, { cost: 'x', pack: '0' })).toEqual({ ok: false, errors: { cost: 'cost', pack: 'pack' } });
  });

  it('knows the cost of a unit and whether a write changes anything', () => {
    expect(unitCostCents({ costCents: 1000, pack: 3 })).toBe(333);
    expect(unitCostCents({ costCents: 1000, pack: 0 })).toBeNull();
    const item = { itemId: 1, costCents: 500, pack: 6, reference: null };
    expect(changesItem(item, { itemId: 1, costCents: 500, pack: 6 })).toBe(false);
    expect(changesItem(item, { itemId: 1, costCents: 500, pack: 12 })).toBe(true);
  });
});
