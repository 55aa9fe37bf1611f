import { describe, expect, it } from 'vitest';
import type { OutboxEntry, TableService } from '../../../../shared/bridge';
import { queuedEntry } from '../queue/queueTesting';
import { tableStatuses } from './tableStatus';

const AT = '2026-11-22T12:00:00.000Z';

function service(id: string, tableIds: number[], guests = 2): TableService {
  return {
    id,
    tableIds,
    primaryTableId: tableIds.at(-1)!,
    tableNames: tableIds.map(String),
    guests,
    customer: null,
    notes: '',
    seatedAt: AT,
    open: 1,
    closedAt: null,
  };
}

function entry(id: string, seq: number, fields: Partial<OutboxEntry>): OutboxEntry {
  const draft = {
    id,
    kind: 'round' as const,
    tableIds: [],
    place: { kind: 'tables' as const, names: ['1'] },
    serviceId: null,
    request: { kind: 'seating' as const, data: { customer: null, table_id: [1], guests: 1, contents: null, payments: null } },
    lines: [],
    summary: '',
    totalCents: 0,
  };
  return { ...queuedEntry(draft, seq, AT), ...fields };
}

describe('tableStatuses', () => {
  it('shows seated, open order, sending and needs attention, on every table of a service', () => {
    const statuses = tableStatuses({
      openServices: [service('a', [1, 2], 4), service('b', [3]), service('c', [4], 5)],
      pendingEntries: [
        entry('r1', 1, { serviceId: 'a', tableIds: [2], state: 'unconfirmed' }),
        entry('r2', 2, { serviceId: 'b', tableIds: [3], state: 'queued' }),
      ],
      servicesWithOrder: new Set(['c']),
    });
    expect(statuses.get(1)).toMatchObject({ kind: 'attention', guests: 4, problems: 1 });
    expect(statuses.get(2)).toMatchObject({ kind: 'attention', guests: 4, problems: 1 });
    expect(statuses.get(3)).toMatchObject({ kind: 'sending', guests: 2, waiting: 1 });
    expect(statuses.get(4)).toMatchObject({ kind: 'open-order', guests: 5 });
    expect(statuses.has(5)).toBe(false);
  });

  it('marks a table whose cleared service still has a problem as needing attention', () => {
    const statuses = tableStatuses({
      openServices: [],
      pendingEntries: [entry('s', 1, { kind: 'seating', tableIds: [7], serviceId: 'gone', state: 'rejected' })],
      servicesWithOrder: new Set(),
    });
    expect(statuses.get(7)).toMatchObject({ kind: 'attention', service: null, problems: 1 });
  });
});
