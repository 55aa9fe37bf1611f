import { describe, expect, it } from 'vitest';
import { mergeReportLines, sumReportLines } from './reportLines';

// The tables' totals are the sums of the report's lines, exact; a stretch read in
// pieces adds up line by line.

describe('report lines', () => {
  it('sums every figure of the lines, in integers', () => {
    const lines = [
      { payment_method_id: 1, name: 'Card', count: 3, amount: 10_001, change: 0 },
      { payment_method_id: 2, name: 'Cash', count: 2, amount: 5_000, change: 1_299 },
    ];
    expect(sumReportLines('payments', lines)).toEqual({ count: 5, amount: 15_001, change: 1_299 });
    expect(sumReportLines('taxes', [])).toEqual({ subtotal: 0, tax: 0, total: 0 });
  });

  it('adds the pieces of a stretch line by line (ids, or names for what a deleted record left), keeping a single piece as it is', () => {
    const evening = [
      { category_id: 4, name: 'Samarretes', quantity: 2_000, total: 3_980 },
      { category_id: null, name: 'Sin categoría', quantity: 1_000, total: 500 },
    ];
    const morning = [
      { category_id: 7, name: 'Mitjons', quantity: 3_000, total: 1_197 },
      { category_id: 4, name: 'Samarretes', quantity: 1_000, total: 1_990 },
      { category_id: null, name: 'Sin categoría', quantity: 500, total: 250 },
    ];
    expect(mergeReportLines('categorySales', [evening, morning])).toEqual([
      { category_id: 4, name: 'Samarretes', quantity: 3_000, total: 5_970 },
      { category_id: null, name: 'Sin categoría', quantity: 1_500, total: 750 },
      { category_id: 7, name: 'Mitjons', quantity: 3_000, total: 1_197 },
    ]);
    expect(mergeReportLines('categorySales', [morning])).toEqual(morning);
    const hours = mergeReportLines('hours', [
      [{ hour: 22, orders: 2, quantity: 3_000, total: 4_000 }],
      [
        { hour: 1, orders: 1, quantity: 1_000, total: 1_000 },
        { hour: 22, orders: 1, quantity: 1_000, total: 50 },
      ],
    ]);
    expect(hours).toEqual([
      { hour: 1, orders: 1, quantity: 1_000, total: 1_000 },
      { hour: 22, orders: 3, quantity: 4_000, total: 4_050 },
    ]);
    // The sum of the merged lines is the sum of the pieces'.
    expect(sumReportLines('categorySales', mergeReportLines('categorySales', [evening, morning])).total).toBe(3_980 + 500 + 1_197 + 1_990 + 250);
  });
});
