import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { OutboxEntry } from '../../../../shared/bridge';
import type { SeatTable } from '../../data/queue/outboxTypes';
import { queueSelectors, useQueueStore } from '../../data/queue/queueStore';
import { floorSelectors, useFloorStore } from '../floor/floorStore';
import { tablesForMove } from './pendingText';

// A seating refused because its table already has an open order in the POS (ARCHITECTURE §5, a
// conflict on a fresh attempt): the waiter may seat the same guests at another table. A simple
// list of the tables free on this terminal, by room; one is chosen, then "Seat here".

export function MoveSeating({
  entry,
  busy,
  onMove,
  onCancel,
}: {
  entry: OutboxEntry;
  busy: boolean;
  onMove: (tables: readonly SeatTable[]) => void;
  onCancel: () => void;
}) {
  const floorDb = useFloorStore(floorSelectors.db);
  const open = useQueueStore(queueSelectors.openServices);
  const choices = useLiveQuery(async () => {
    if (!floorDb) return [];
    const [rooms, tables] = await Promise.all([floorDb.rooms.toArray(), floorDb.floorTables.toArray()]);
    const busyIds = open.filter((s) => s.id !== entry.serviceId).flatMap((s) => s.tableIds);
    return tablesForMove(rooms, tables, busyIds, entry.tableIds);
  }, [floorDb, open, entry.serviceId, entry.tableIds.join(',')]);
  const [chosen, setChosen] = useState<number | null>(null);
  const table = choices?.find((t) => t.id === chosen) ?? null;

  return (
    <div className="pending-entry__confirm pending-move" role="group" aria-label={`Pick another table for ${entry.label}`}>
      <p>Seat the same guests at another table. Tables free on this terminal:</p>
      {choices === undefined ? null : choices.length === 0 ? (
        <p>No table is free. Clear a table first, or send the items as a round instead.</p>
      ) : (
        <ul className="pending-move__tables" aria-label="Free tables">
          {choices.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                className="order-option order-option--single pending-move__table"
                aria-pressed={chosen === t.id}
                aria-label={`${t.name}, ${t.roomName}`}
                onClick={() => setChosen(t.id)}
              >
                <span className="order-option__check" aria-hidden="true">
                  {chosen === t.id ? '●' : ''}
                </span>
                <span className="order-option__name">{t.name}</span>
                <span className="order-option__price">{t.roomName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="pending-entry__actions">
        <button type="button" className="button button--primary" disabled={busy || table === null} onClick={() => table && onMove([{ id: table.id, name: table.name }])}>
          {table ? `Seat at ${table.name}` : 'Seat here'}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
