import type { OutboxEntry, TableService } from '../../../../shared/bridge';

// What each table shows on the floor plan, derived from the open services and
// the pending entries of the main side's queue (a snapshot: queueStore.ts).

export type TableStatusKind = 'free' | 'seated' | 'open-order' | 'sending' | 'attention';

export interface TableStatus {
  kind: TableStatusKind;
  /** The open service at this table, or null when free. */
  service: TableService | null;
  guests: number;
  /** Entries of this table still waiting to leave (queued / sending). */
  waiting: number;
  /** Entries of this table that need a person (unconfirmed / rejected). */
  problems: number;
}

export const FREE_TABLE: TableStatus = { kind: 'free', service: null, guests: 0, waiting: 0, problems: 0 };

export interface TableStatusInput {
  openServices: readonly TableService[];
  pendingEntries: readonly OutboxEntry[];
  /** Services (by id) with at least one accepted entry that carried items. */
  servicesWithOrder: ReadonlySet<string>;
}

/** Every table that is not free, by table id (a free table is absent). */
export function tableStatuses(input: TableStatusInput): Map<number, TableStatus> {
  const statuses = new Map<number, TableStatus>();
  for (const service of input.openServices) {
    const kind = input.servicesWithOrder.has(service.id) ? 'open-order' : 'seated';
    for (const tableId of service.tableIds) {
      statuses.set(tableId, { kind, service, guests: service.guests, waiting: 0, problems: 0 });
    }
  }
  const serviceTables = new Map(input.openServices.map((service) => [service.id, service.tableIds]));
  for (const entry of input.pendingEntries) {
    // A round names only the primary table; it concerns every table of its service.
    const tableIds = (entry.serviceId !== null ? serviceTables.get(entry.serviceId) : undefined) ?? entry.tableIds;
    for (const tableId of tableIds) {
      const status = statuses.get(tableId) ?? { ...FREE_TABLE };
      if (entry.state === 'queued' || entry.state === 'sending') status.waiting += 1;
      else status.problems += 1;
      statuses.set(tableId, status);
    }
  }
  for (const status of statuses.values()) {
    if (status.problems > 0) status.kind = 'attention';
    else if (status.waiting > 0) status.kind = 'sending';
  }
  return statuses;
}
