import { describe, expect, it } from 'vitest';
import { addDays, includesToday, isCalendarDate, isoWeekday, rangePieces, rangeProblem, resolveRange, shiftRange } from './reportRanges';

// The Reports' periods in the shop's calendar (Europe/Madrid), and a stretch with
// times read as pieces whose meaning does not depend on how a server reads `start_time`/`end_time`.

/** 2026-11-27 (a Friday) 10:30 in Madrid (UTC+1 in winter). */
const FRIDAY = Date.parse('2026-11-27T09:30:00Z');

describe('report ranges', () => {
  it('resolves the presets in the shop’s calendar: a week starts on Monday, a month on the 1st', () => {
    expect(resolveRange({ kind: 'today' }, FRIDAY)).toEqual({ startDate: '2026-11-27', endDate: '2026-11-27' });
    expect(resolveRange({ kind: 'yesterday' }, FRIDAY)).toEqual({ startDate: '2026-11-26', endDate: '2026-11-26' });
    expect(resolveRange({ kind: 'week' }, FRIDAY)).toEqual({ startDate: '2026-11-23', endDate: '2026-11-27' });
    expect(resolveRange({ kind: 'month' }, FRIDAY)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-27' });
    // 23:30 UTC on the 30th is already 1 December in Madrid.
    expect(resolveRange({ kind: 'today' }, Date.parse('2026-11-30T23:30:00Z'))).toEqual({ startDate: '2026-12-01', endDate: '2026-12-01' });
    expect(resolveRange({ kind: 'month' }, Date.parse('2026-11-30T23:30:00Z'))).toEqual({ startDate: '2026-12-01', endDate: '2026-12-01' });
    // A Sunday's week began on the Monday before.
    expect(resolveRange({ kind: 'week' }, Date.parse('2026-11-29T12:00:00Z'))).toEqual({ startDate: '2026-11-23', endDate: '2026-11-29' });
    expect(resolveRange({ kind: 'custom', startDate: '2026-11-20', startTime: '10:00', endDate: '2026-11-21', endTime: '02:00' })).toEqual({
      startDate: '2026-11-20',
      startTime: '10:00',
      endDate: '2026-11-21',
      endTime: '02:00',
    });
  });

  it('date arithmetic across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(shiftRange({ startDate: '2026-03-02', endDate: '2026-03-08' }, -7)).toEqual({ startDate: '2026-02-23', endDate: '2026-03-01' });
    expect(includesToday({ startDate: '2026-11-01', endDate: '2026-11-27' }, FRIDAY)).toBe(true);
    expect(includesToday({ startDate: '2026-11-01', endDate: '2026-11-26' }, FRIDAY)).toBe(false);
  });

  it('cuts a stretch with times into pieces of one day each, whole days between without times', () => {
    expect(rangePieces({ startDate: '2026-11-20', endDate: '2026-11-20' })).toEqual([{ startDate: '2026-11-20', endDate: '2026-11-20' }]);
    expect(rangePieces({ startDate: '2026-11-01', endDate: '2026-11-30' })).toEqual([{ startDate: '2026-11-01', endDate: '2026-11-30' }]);
    expect(rangePieces({ startDate: '2026-11-20', endDate: '2026-11-20', startTime: '10:00' })).toEqual([
      { startDate: '2026-11-20', endDate: '2026-11-20', startTime: '10:00', endTime: '23:59' },
    ]);
    // A business day ending after midnight: two pieces.
    expect(rangePieces({ startDate: '2026-11-20', startTime: '10:00', endDate: '2026-11-21', endTime: '02:00' })).toEqual([
      { startDate: '2026-11-20', endDate: '2026-11-20', startTime: '10:00', endTime: '23:59' },
      { startDate: '2026-11-21', endDate: '2026-11-21', startTime: '00:00', endTime: '02:00' },
    ]);
    // A week of them: the first evening, the whole days, the last morning.
    expect(rangePieces({ startDate: '2026-11-16', startTime: '18:00', endDate: '2026-11-22', endTime: '03:00' })).toEqual([
      { startDate: '2026-11-16', endDate: '2026-11-16', startTime: '18:00', endTime: '23:59' },
      { startDate: '2026-11-17', endDate: '2026-11-21' },
      { startDate: '2026-11-22', endDate: '2026-11-22', startTime: '00:00', endTime: '03:00' },
    ]);
    // 00:00 and 23:59 are whole days.
    expect(rangePieces({ startDate: '2026-11-16', startTime: '00:00', endDate: '2026-11-17', endTime: '23:59' })).toEqual([
      { startDate: '2026-11-16', endDate: '2026-11-17' },
    ]);
  });

  it('says why a stretch cannot be read', () => {
    expect(rangeProblem({ startDate: '2026-11-31', endDate: '2026-12-01' })).toBe('date');
    expect(rangeProblem({ startDate: '2026-11-20', endDate: '2026-11-21', startTime: '25:00' })).toBe('time');
    expect(rangeProblem({ startDate: '2026-11-21', endDate: '2026-11-20' })).toBe('order');
    expect(rangeProblem({ startDate: '2026-11-20', endDate: '2026-11-20', startTime: '18:00', endTime: '02:00' })).toBe('order');
    expect(rangeProblem({ startDate: '2026-11-20', endDate: '2026-11-21', startTime: '18:00', endTime: '02:00' })).toBeNull();
    expect(() => rangePieces({ startDate: '2026-11-21', endDate: '2026-11-20' })).toThrow(RangeError);
  });
});
