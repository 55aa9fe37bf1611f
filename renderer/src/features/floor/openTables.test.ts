import { describe, expect, it } from 'vitest';
import type { StoredRoom, StoredTable } from '../../data/catalog/catalogDb';
import type { TableService } from '../../../../shared/bridge';
import type { TableStatus } from '../../data/floor/tableStatus';
import { formattersFor } from '../../i18n/format';
import { openTableRows } from './openTables';

const { collator } = formattersFor('es');

const room = (id: number, name: string, order: number): StoredRoom => ({ id, name, order, active: true });
const table = (id: number, roomId: number, name: string): StoredTable => ({
  id,
  roomId,
  name,
  x: 0,
  y: 0,
  width: 100,
  height: 100,
  color: '#ffffff',
  typeId: 1,
  isJoined: false,
  joinedWithId: null,
});
const status = (tableIds: number[], tableNames: string[]): TableStatus => {
  const service: TableService = {
    id: `s-${tableIds.join('-')}`,
    tableIds,
    primaryTableId: tableIds.at(-1)!,
    tableNames,
    guests: 2,
    customer: null,
    notes: '',
    seatedAt: '2026-11-22T20:00:00.000Z',
    open: 1,
    closedAt: null,
  };
  return { kind: 'seated', service, guests: 2, waiting: 0, problems: 0 };
};

describe('openTableRows', () => {
  it('lists the tables in room order, then by name with numbers in numeric order', () => {
    const rooms = [room(1, 'Salón', 1), room(2, 'Terraza', 2)];
    const statuses = new Map([
      [21, status([21], ['T1'])],
      [10, status([10], ['10'])],
      [2, status([2], ['2'])],
    ]);
    const rows = openTableRows(statuses, [table(21, 2, 'T1'), table(10, 1, '10'), table(2, 1, '2')], rooms, collator);
    expect(rows.map((r) => [r.name, r.roomName])).toEqual([
      ['2', 'Salón'],
      ['10', 'Salón'],
      ['T1', 'Terraza'],
    ]);
  });

  it('keeps a table no longer on the floor plan, last, under the name its service kept', () => {
    const rows = openTableRows(
      new Map([
        [99, status([98, 99], ['8', '9'])],
        [2, status([2], ['2'])],
      ]),
      [undefined, table(2, 1, '2')],
      [room(1, 'Salón', 1)],
      collator,
    );
    expect(rows.map((r) => [r.name, r.roomName])).toEqual([
      ['2', 'Salón'],
      ['9', null],
    ]);
  });
});
