import { describe, expect, it } from 'vitest';
import {
  afterSave,
  countAgain,
  countedIds,
  countsToSave,
  differenceOf,
  itemByBarcode,
  itemIdsOf,
  keepCount,
  matchesSearch,
  parseCount,
  sheetFromRead,
  withChanged,
  withItem,
  withOneMore,
  withoutScannedText,
  withTyped,
  type CountItem,
} from './stockCount';

const read = () =>
  sheetFromRead(1, [
    { itemId: 10, quantity: 12 },
    { itemId: 11, quantity: 3 },
    { itemId: 12, quantity: 0.5 },
  ]);

describe('parseCount', () => {
  it('reads 0 or more with up to 3 decimals, a comma or a point', () => {
    expect(parseCount('')).toEqual({ kind: 'empty' });
    expect(parseCount('  ')).toEqual({ kind: 'empty' });
    expect(parseCount(undefined)).toEqual({ kind: 'empty' });
    expect(parseCount('0')).toEqual({ kind: 'count', quantity: 0 });
    expect(parseCount(' 7 ')).toEqual({ kind: 'count', quantity: 7 });
    expect(parseCount('2,5')).toEqual({ kind: 'count', quantity: 2.5 });
    expect(parseCount('1.125')).toEqual({ kind: 'count', quantity: 1.125 });
    for (const bad of ['-1', '1.2345', 'abc', '1e3', '1,2,3', '12a']) expect(parseCount(bad)).toEqual({ kind: 'invalid' });
  });
});

describe('differenceOf', () => {
  it('says more, fewer or the same, to the thousandth', () => {
    expect(differenceOf(12, 15)).toEqual({ kind: 'more', amount: 3 });
    expect(differenceOf(12, 10)).toEqual({ kind: 'fewer', amount: 2 });
    expect(differenceOf(0.3, 0.1 + 0.2)).toEqual({ kind: 'same' });
    expect(differenceOf(-2, 0)).toEqual({ kind: 'more', amount: 2 });
    expect(differenceOf(1.5, 1.25)).toEqual({ kind: 'fewer', amount: 0.25 });
  });
});

describe('a count sheet', () => {
  it('sends only the counted items, each with the quantity the manager saw', () => {
    let sheet = read();
    expect(countsToSave(sheet)).toEqual({ kind: 'nothing' });
    sheet = withTyped(sheet, 10, '9');
    sheet = withTyped(sheet, 12, '0,75');
    sheet = withTyped(sheet, 11, '');
    expect(countedIds(sheet)).toEqual([10, 12]);
    expect(countsToSave(sheet)).toEqual({
      kind: 'ready',
      counts: [
        { itemId: 10, expected: 12, counted: 9 },
        { itemId: 12, expected: 0.5, counted: 0.75 },
      ],
    });
  });

  it('refuses to send a count that is not a number, and keeps it as typed', () => {
    const sheet = withTyped(withTyped(read(), 10, '9'), 11, '3x');
    expect(countsToSave(sheet)).toEqual({ kind: 'invalid', itemIds: [11] });
    expect(sheet.typed[11]).toBe('3x');
  });

  it('counts one more per scan, adds a scanned item the warehouse has no row for, and leaves a typed text that is not a number', () => {
    let sheet = withOneMore(read(), 10)!;
    sheet = withOneMore(sheet, 10)!;
    expect(sheet.typed[10]).toBe('2');
    sheet = withTyped(sheet, 11, '4,5');
    expect(withOneMore(sheet, 11)!.typed[11]).toBe('5.5');
    sheet = withOneMore(sheet, 99)!;
    expect(itemIdsOf(sheet)).toEqual([10, 11, 12, 99]);
    expect(sheet.expected[99]).toBe(0);
    expect(sheet.added).toEqual([99]);
    expect(withOneMore(withTyped(sheet, 12, 'x'), 12)).toBeNull();
    expect(withItem(sheet, 10)).toBe(sheet);
  });

  it('takes a scanned code back out of the count field it was typed into', () => {
    const sheet = withTyped(read(), 10, '128412345000123');
    expect(withoutScannedText(sheet, 10, '8412345000123').typed[10]).toBe('12');
    expect(withoutScannedText(sheet, 10, '999')).toBe(sheet);
  });

  it('holds the save while an item changed elsewhere is not settled; keeping the count compares it with the new quantity', () => {
    let sheet = withTyped(withTyped(read(), 10, '9'), 11, '5');
    sheet = withChanged(sheet, [{ itemId: 11, expected: 3, now: 1 }]);
    expect(sheet.typed[11]).toBe('5'); // what was typed stays
    expect(countsToSave(sheet)).toEqual({ kind: 'unsettled', itemIds: [11] });
    sheet = keepCount(sheet, 11);
    expect(sheet.changed).toEqual({});
    expect(countsToSave(sheet)).toEqual({
      kind: 'ready',
      counts: [
        { itemId: 10, expected: 12, counted: 9 },
        { itemId: 11, expected: 1, counted: 5 },
      ],
    });
  });

  it('counting again empties the count against the new quantity; typing a new count settles it too', () => {
    const changed = withChanged(withTyped(read(), 11, '5'), [{ itemId: 11, expected: 3, now: 1 }]);
    const again = countAgain(changed, 11);
    expect(again.typed[11]).toBe('');
    expect(again.expected[11]).toBe(1);
    expect(again.changed).toEqual({});
    const retyped = withTyped(changed, 11, '2');
    expect(retyped.expected[11]).toBe(1);
    expect(retyped.changed).toEqual({});
  });

  it('after a save, shows what the POS has and forgets the saved counts only', () => {
    let sheet = withOneMore(withTyped(withTyped(read(), 10, '9'), 11, '5'), 99)!;
    sheet = afterSave(sheet, [
      { itemId: 10, quantity: 9 },
      { itemId: 99, quantity: 1 },
    ]);
    expect(sheet.expected).toMatchObject({ 10: 9, 99: 1 });
    expect(sheet.typed).toEqual({ 11: '5' });
    expect(sheet.added).toEqual([]);
  });

  it('reading the warehouse again keeps what was typed and the items added, with the new quantities', () => {
    const before = withOneMore(withTyped(read(), 10, '9'), 99)!;
    const again = sheetFromRead(1, [{ itemId: 10, quantity: 8 }], before);
    expect(again.expected).toEqual({ 10: 8, 99: 0 });
    expect(again.typed).toEqual({ 10: '9', 99: '1' });
    expect(sheetFromRead(2, [], before).typed).toEqual({}); // another warehouse starts empty
  });
});

describe('finding items', () => {
  const items: CountItem[] = [
    { itemId: 1, name: 'Agua mineral 50 cl', barcode: '8412345000123' },
    { itemId: 2, name: 'Cerveza Estrella Damm', barcode: ' 8412345000456 ' },
    { itemId: 3, name: 'Tónica', barcode: null },
  ];

  it('by a scanned barcode, exactly', () => {
    expect(itemByBarcode(items, '8412345000456')?.itemId).toBe(2);
    expect(itemByBarcode(items, '841234500012')).toBeUndefined();
    expect(itemByBarcode(items, '')).toBeUndefined();
  });

  it('by words that begin the name (accents folded) or part of the barcode', () => {
    expect(items.filter((i) => matchesSearch(i, 'agua 50')).map((i) => i.itemId)).toEqual([1]);
    expect(items.filter((i) => matchesSearch(i, 'tonica')).map((i) => i.itemId)).toEqual([3]);
    expect(items.filter((i) => matchesSearch(i, '000456')).map((i) => i.itemId)).toEqual([2]);
    expect(items.filter((i) => matchesSearch(i, '')).length).toBe(3);
    expect(items.filter((i) => matchesSearch(i, 'mineral cerveza')).length).toBe(0);
  });
});
