import type { Outbox, SeatResult, SeatTable } from '../../data/queue/outboxTypes';
import { useCustomersStore } from '../../session/customersStore';
import { useOrderStore } from '../../session/orderStore';
import { ticketLineInputs, type SeatValues } from './seatForm';
import { useServiceStore, type OrderTarget } from '../../session/navigation';

// "Seat" in the seat dialog as a user action: the guests (and the counter's ticket, built before a
// table was chosen) go to the outbox as a Flow seating in one commit; then the ticket is emptied,
// the customer chosen "for a table" is used up and the table's order opens. On a failure nothing
// changes: the form and the ticket stay as they were.

export interface SeatTablesDeps {
  outbox: Outbox;
  /** The counter's ticket; default the window's order store. */
  orders?: Pick<typeof useOrderStore, 'getState'>;
  /** The customer chosen on the Customers screen "for a table"; default the window's. */
  customers?: Pick<typeof useCustomersStore, 'getState'>;
  /** Opens the table's order; default the window's navigation. */
  openOrder?: (target: OrderTarget) => void;
}

export async function seatTables(tables: readonly SeatTable[], values: SeatValues, deps: SeatTablesDeps): Promise<SeatResult> {
  const orders = deps.orders ?? useOrderStore;
  // Items already on the counter's ticket go with the seating; read now, not when the dialog drew.
  const lines = ticketLineInputs(orders.getState().counterLines());
  const { guests, customer, notes, prepayment } = values;
  const result = await deps.outbox.seat({ tables, guests, customer, notes, lines, ...(prepayment ? { prepayment } : {}) });
  orders.getState().clearCounterTicket();
  (deps.customers ?? useCustomersStore).getState().chooseForTable(null);
  (deps.openOrder ?? useServiceStore.getState().openOrder)({ kind: 'service', serviceId: result.service.id });
  return result;
}
