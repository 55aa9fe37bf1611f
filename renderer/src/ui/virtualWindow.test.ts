import { describe, expect, it } from 'vitest';
import { columnsFor, rowsInView } from './virtualWindow';

describe('rowsInView', () => {
  const base = { rowHeight: 100, gap: 10, overscan: 2, rowCount: 100 };

  it('at the top: the visible rows and the overscan below only', () => {
    // 550px show rows 0–4 (row 4 partly: 440–540 is inside 0–550, row 5 starts at 550).
    expect(rowsInView({ ...base, scrollTop: 0, viewportHeight: 550 })).toEqual({ first: 0, end: 7 });
  });

  it('scrolled: overscan on both sides, a partly visible row counts', () => {
    // 1000 falls in row 9 (990–1090); the bottom edge 1300 in row 11 (1210–1310).
    expect(rowsInView({ ...base, scrollTop: 1000, viewportHeight: 300 })).toEqual({ first: 7, end: 14 });
  });

  it('at the bottom: clamped to the row count', () => {
    expect(rowsInView({ ...base, scrollTop: 10_890, viewportHeight: 300 })).toEqual({ first: 97, end: 100 });
    expect(rowsInView({ ...base, scrollTop: 99_999, viewportHeight: 300 })).toEqual({ first: 97, end: 100 });
  });

  it('before the viewport is measured: the first row and the overscan', () => {
    expect(rowsInView({ ...base, scrollTop: 0, viewportHeight: 0 })).toEqual({ first: 0, end: 3 });
  });

  it('no rows, or fewer than fit: nothing beyond the count', () => {
    expect(rowsInView({ ...base, rowCount: 0, scrollTop: 0, viewportHeight: 500 })).toEqual({ first: 0, end: 0 });
    expect(rowsInView({ ...base, rowCount: 2, scrollTop: 0, viewportHeight: 500 })).toEqual({ first: 0, end: 2 });
  });

  it('ignores a negative scrollTop (elastic overscroll) and a fractional overscan', () => {
    expect(rowsInView({ ...base, scrollTop: -40, viewportHeight: 200, overscan: 1.7 })).toEqual({ first: 0, end: 3 });
  });

  it('every visible pixel row is inside the window (exhaustive over scroll positions)', () => {
    for (let scrollTop = 0; scrollTop < 3000; scrollTop += 7) {
      const { first, end } = rowsInView({ ...base, overscan: 0, scrollTop, viewportHeight: 333 });
      for (let y = scrollTop; y < scrollTop + 333; y += 5) {
        const row = Math.floor(y / 110);
        const inGap = y % 110 >= 100;
        if (!inGap) expect(row >= first && row < end, `y ${y} at scrollTop ${scrollTop}`).toBe(true);
      }
    }
  });
});

describe('columnsFor', () => {
  it('matches repeat(auto-fill, minmax(min, 1fr)) with a gap', () => {
    expect(columnsFor(612, 300, 12)).toBe(2); // 300 + 12 + 300
    expect(columnsFor(611, 300, 12)).toBe(1);
    expect(columnsFor(924, 300, 12)).toBe(3);
  });

  it('is at least one, also before the width is measured', () => {
    expect(columnsFor(0, 300, 12)).toBe(1);
    expect(columnsFor(120, 300, 12)).toBe(1);
    expect(columnsFor(Number.NaN, 300, 12)).toBe(1);
  });
});
