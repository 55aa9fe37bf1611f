import { describe, expect, it } from 'vitest';
import { RetailRefusal } from '../errors';
import { parseReportFilters } from './filters';

const NOW = new Date('2026-11-23T10:00:00Z');

describe('report filters (§4.6)', () => {
  it('default to this month up to today (shop dates) by created_at', () => {
    expect(parseReportFilters({}, NOW)).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-23',
      startTime: null,
      endTime: null,
      dateField: 'created_at',
      dayOfWeek: null,
      employee: null,
      discount: null,
      warehouse: null,
    });
    // 23:30 UTC on the 30th is already the 1st of December in Barcelona.
    expect(parseReportFilters({}, new Date('2026-11-30T23:30:00Z'))).toMatchObject({ startDate: '2026-12-01', endDate: '2026-12-01' });
  });

  it('read every parameter; empty values are no filter; room, cashier and priceRate are checked only', () => {
    expect(
      parseReportFilters(
        {
          start_date: '2026-10-01',
          end_date: '2026-10-31',
          start_time: '18:00',
          end_time: '09:30',
          dateField: 'closed_at',
          dayofweek: '7',
          employee: '3',
          discount: '12',
          warehouse: '2',
          room: '4',
          cashier: '',
          priceRate: '1',
        },
        NOW,
      ),
    ).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      startTime: '18:00',
      endTime: '09:30',
      dateField: 'closed_at',
      dayOfWeek: 7,
      employee: 3,
      discount: 12,
      warehouse: 2,
    });
    expect(parseReportFilters({ employee: '', start_date: '' }, NOW)).toMatchObject({ employee: null, startDate: '2026-11-01' });
  });

  it('refuse malformed values with a 422 that names them', () => {
    const refusal = (query: Record<string, string>) => {
      try {
        parseReportFilters(query, NOW);
      } catch (error) {
        expect(error).toBeInstanceOf(RetailRefusal);
        expect((error as RetailRefusal).status).toBe(422);
        return (error as RetailRefusal).message;
      }
      throw new Error(`accepted ${JSON.stringify(query)}`);
    };
    expect(refusal({ start_date: '2026-02-29' })).toMatch(/^start_date: /);
    expect(refusal({ end_date: '2026-11-5' })).toMatch(/^end_date: /);
    expect(refusal({ end_date: '2026-10-31' })).toMatch(/before start_date 2026-11-01/);
    expect(refusal({ start_time: '7:00' })).toMatch(/^start_time: /);
    expect(refusal({ end_time: '24:00' })).toMatch(/^end_time: /);
    expect(refusal({ dateField: 'deleted_at' })).toMatch(/^dateField: /);
    expect(refusal({ dayofweek: '0' })).toMatch(/^dayofweek: /);
    for (const name of ['employee', 'room', 'priceRate', 'cashier', 'discount', 'warehouse']) {
      expect(refusal({ [name]: '1.5' })).toMatch(new RegExp(`^${name}: `));
      expect(refusal({ [name]: '0' })).toMatch(new RegExp(`^${name}: `));
    }
  });
});
