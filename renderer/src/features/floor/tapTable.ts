import type { FloorTable } from '../../../../shared/bridge';
import type { TableStatus } from '../../data/floor/tableStatus';
import type { SeatTable } from '../../data/queue/outboxTypes';
import { useServiceStore } from '../../session/navigation';

// A tap on a table of the plan or the list, as a user action (the seat dialog, or the table's order).

/** The table as the seat dialog and the queue name it: its name, or its number as its button shows it. */
export function seatTableOf(table: FloorTable): SeatTable {
  return { id: table.id, name: table.name || String(table.id) };
}

/**
 * What a tap on a table does: while choosing several, a free table joins or
 * leaves the choice; otherwise a free table opens the seat dialog and a table with an open
 * service opens its order. Reads the store when tapped, so the handler stays one stable function
 * and the memoised buttons do not re-render for it.
 */
export function tapTable(table: FloorTable, status: TableStatus): void {
  const service = useServiceStore.getState();
  if (service.multiSelect !== null) {
    if (status.kind === 'free') service.toggleMultiSelect(seatTableOf(table));
    return;
  }
  if (status.kind === 'free') service.openSeatDialog([seatTableOf(table)]);
  else openTableOf(status);
}

/**
 * A table that is not free (plan or list): its service's order; when only entries of it need the
 * waiter and no service is open here, the pending-orders screen.
 */
export function openTableOf(status: TableStatus): void {
  const service = useServiceStore.getState();
  if (status.service) service.openOrder({ kind: 'service', serviceId: status.service.id });
  else service.showScreen('pending');
}
