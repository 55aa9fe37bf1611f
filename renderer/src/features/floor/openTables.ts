import type { FloorDb, StoredRoom, StoredTable } from '../../data/catalog/catalogDb';
import type { TableStatus } from '../../data/floor/tableStatus';

// The floor's list view: every table that is not free, across all rooms.

export interface OpenTableRow {
  tableId: number;
  /** The table's name on the plan (or the name the service kept when the table left the plan). */
  name: string;
  /** Its room, or null when the table is no longer on this terminal's floor plan. */
  roomName: string | null;
  status: TableStatus;
}

/**
 * Rows in the rooms' back-office order, then by table name in the terminal's language (`collator`
 * from the Formatters: numbers in numeric order, 2 before 10). A table missing from the floor plan
 * (removed at the back office since it was seated) is still listed, last, under the name its
 * service kept (or its number): its orders must stay reachable.
 */
export function openTableRows(
  statuses: ReadonlyMap<number, TableStatus>,
  tables: readonly (StoredTable | undefined)[],
  rooms: readonly StoredRoom[],
  collator: Intl.Collator,
): OpenTableRow[] {
  const tableById = new Map(tables.filter((t): t is StoredTable => t !== undefined).map((t) => [t.id, t]));
  const roomRank = new Map(rooms.map((room, i) => [room.id, { rank: i, name: room.name }]));
  const rows = [...statuses].map(([tableId, status]) => {
    const table = tableById.get(tableId);
    const room = table ? roomRank.get(table.roomId) : undefined;
    const keptName = status.service?.tableNames[status.service.tableIds.indexOf(tableId)];
    return {
      row: { tableId, name: table?.name || keptName || String(tableId), roomName: room?.name ?? null, status },
      rank: room?.rank ?? Number.MAX_SAFE_INTEGER,
    };
  });
  rows.sort((a, b) => a.rank - b.rank || collator.compare(a.row.name, b.row.name) || a.row.tableId - b.row.tableId);
  return rows.map((r) => r.row);
}

/** The statuses (from the queue store), then only those tables and the rooms (few). */
export async function loadOpenTables(floorDb: FloorDb, statuses: ReadonlyMap<number, TableStatus>, collator: Intl.Collator): Promise<OpenTableRow[]> {
  const [tables, rooms] = await Promise.all([floorDb.floorTables.bulkGet([...statuses.keys()]), floorDb.rooms.orderBy('order').toArray()]);
  return openTableRows(statuses, tables, rooms, collator);
}
