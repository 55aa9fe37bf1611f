import { describe, expect, it } from 'vitest';
import { isPromotionOn, minuteOfDay, shopMoment } from './schedule';

describe('the shop moment in Europe/Madrid', () => {
  it('reads date, minute and ISO weekday, daylight saving time included', () => {
    expect(shopMoment(Date.parse('2026-11-23T11:30:00Z'))).toEqual({ date: '2026-11-23', minuteOfDay: 12 * 60 + 30, weekday: 1 }); // CET, Monday
    expect(shopMoment(Date.parse('2026-07-05T22:30:00Z'))).toEqual({ date: '2026-07-06', minuteOfDay: 30, weekday: 1 }); // CEST: already Monday
    expect(shopMoment(Date.parse('2026-03-29T00:59:00Z'))).toMatchObject({ minuteOfDay: 1 * 60 + 59, weekday: 7 });
    expect(shopMoment(Date.parse('2026-03-29T01:00:00Z'))).toMatchObject({ minuteOfDay: 3 * 60, weekday: 7 }); // 02:00 → 03:00
    expect(shopMoment(new Date('2026-12-31T23:00:00Z')).date).toBe('2027-01-01');
  });
});

describe('when a promotion is on', () => {
  const at = (date: string, time: string, weekday = 1) => ({ date, minuteOfDay: minuteOfDay(time)!, weekday });

  it('dates inclusive, either may be missing', () => {
    const p = { start_date: '2026-11-01', end_date: '2026-11-30' };
    expect(isPromotionOn(p, at('2026-11-01', '0:00'))).toBe(true);
    expect(isPromotionOn(p, at('2026-11-30', '23:59'))).toBe(true);
    expect(isPromotionOn(p, at('2026-12-01', '0:00'))).toBe(false);
    expect(isPromotionOn({ end_date: '2026-11-30' }, at('2020-01-01', '0:00'))).toBe(true);
  });

  it('times to the minute, both ends included; a window past midnight', () => {
    const p = { start_time: '9:00', end_time: '14:00' };
    expect(isPromotionOn(p, at('2026-11-23', '8:59'))).toBe(false);
    expect(isPromotionOn(p, at('2026-11-23', '9:00'))).toBe(true);
    expect(isPromotionOn(p, at('2026-11-23', '14:00'))).toBe(true);
    expect(isPromotionOn(p, at('2026-11-23', '14:01'))).toBe(false);
    const night = { start_time: '22:00', end_time: '02:00' };
    expect(isPromotionOn(night, at('2026-11-23', '23:30'))).toBe(true);
    expect(isPromotionOn(night, at('2026-11-23', '1:59'))).toBe(true);
    expect(isPromotionOn(night, at('2026-11-23', '12:00'))).toBe(false);
    expect(isPromotionOn({ start_time: '18:00' }, at('2026-11-23', '23:59'))).toBe(true);
  });

  it('weekdays 1 Monday … 7 Sunday, missing or empty = every day; inactive is off', () => {
    expect(isPromotionOn({ weekdays: [6, 7] }, at('2026-11-29', '12:00', 7))).toBe(true);
    expect(isPromotionOn({ weekdays: [6, 7] }, at('2026-11-23', '12:00', 1))).toBe(false);
    expect(isPromotionOn({ weekdays: [] }, at('2026-11-23', '12:00', 1))).toBe(true);
    expect(isPromotionOn({ active: false }, at('2026-11-23', '12:00'))).toBe(false);
    expect(isPromotionOn({ active: null }, at('2026-11-23', '12:00'))).toBe(true);
  });

  it('an unreadable date or time keeps it off', () => {
    expect(isPromotionOn({ start_date: '23/11/2026' }, at('2026-11-23', '12:00'))).toBe(false);
    expect(isPromotionOn({ end_time: '25:00' }, at('2026-11-23', '12:00'))).toBe(false);
  });
});
