import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopReportsData } from '../../../../shared/domain/retail/reportReader';
import { choiceKey, keepReports, keptReports, KEPT_ANSWERS, lastChoice, openReportsDb, rememberChoice, reportsDbName, type ReportsDb } from './reportsCache';

// The last answers are kept per shop account, so Reports open offline with "as of".

const opened: ReportsDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const open = (accountKey: string) => {
  const db = openReportsDb(accountKey);
  opened.push(db);
  return db;
};

const answer = (total: number): ShopReportsData => ({
  range: { startDate: '2026-11-27', endDate: '2026-11-27' },
  weekBefore: { startDate: '2026-11-20', endDate: '2026-11-20' },
  hours: [{ hour: 10, orders: 1, quantity: 1_000, total }],
  hoursWeekBefore: [],
  categorySales: [],
  productSales: [],
  payments: [],
  taxes: [],
  stocks: { alerts: [], rows: 0 },
});

describe('kept reports', () => {
  it('keeps the last answer of each period per account, with when it was read', async () => {
    const shop = open('shop:demo');
    const other = open('shop:other');
    expect(shop.name).toBe(reportsDbName('shop:demo'));
    await keepReports(shop, { kind: 'today' }, answer(100), new Date('2026-11-27T10:00:00Z'));
    await keepReports(shop, { kind: 'today' }, answer(250), new Date('2026-11-27T11:00:00Z'));
    const kept = await keptReports(shop, { kind: 'today' });
    expect(kept?.data.hours[0]?.total).toBe(250);
    expect(kept?.readAt).toBe('2026-11-27T11:00:00.000Z');
    expect(await keptReports(other, { kind: 'today' })).toBeNull();
    expect(await keptReports(shop, { kind: 'week' })).toBeNull();
  });

  it('keeps a custom period under its dates and times, and forgets the oldest beyond the limit', async () => {
    const shop = open('shop:demo');
    const custom = { kind: 'custom' as const, startDate: '2026-11-20', startTime: '10:00', endDate: '2026-11-21', endTime: '02:00' };
    expect(choiceKey(custom)).toBe('custom:2026-11-20T10:00/2026-11-21T02:00');
    for (let i = 0; i < KEPT_ANSWERS + 3; i++) {
      await keepReports(
        shop,
        { kind: 'custom', startDate: '2026-01-01', endDate: `2026-02-${String(i + 1).padStart(2, '0')}` },
        answer(i),
        new Date(Date.UTC(2026, 10, 1, 0, i)),
      );
    }
    expect(await shop.answers.count()).toBe(KEPT_ANSWERS);
    expect(await keptReports(shop, { kind: 'custom', startDate: '2026-01-01', endDate: '2026-02-01' })).toBeNull();
    expect((await keptReports(shop, { kind: 'custom', startDate: '2026-01-01', endDate: '2026-02-27' }))?.data.hours[0]?.total).toBe(26);
  });

  it('remembers the last period shown', async () => {
    const shop = open('shop:demo');
    expect(await lastChoice(shop)).toBeNull();
    await rememberChoice(shop, { kind: 'month' });
    expect(await lastChoice(shop)).toEqual({ kind: 'month' });
  });
});
