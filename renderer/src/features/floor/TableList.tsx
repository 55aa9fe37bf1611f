import { useLiveQuery } from 'dexie-react-hooks';
import type { FloorDb } from '../../data/catalog/catalogDb';
import { queueSelectors, useQueueStore } from '../../data/queue/queueStore';
import { TABLE_STATUS_TEXT } from '../../data/floor/tableStatus';
import { EmptyState } from '../../ui/Notice';
import { IconPerson, TableStatusIcon } from './FloorIcons';
import { loadOpenTables, type OpenTableRow } from './openTables';
import { describeClock } from '../pending/pendingText';
import { openTableOf } from './RoomPlan';
import { guestsText, serviceCompanions } from './tableFace';
import './floor.css';

/**
 * The floor's list view (issue 6 item 1): every table that is not free, in every room, each row
 * a button opening that table's order. The statuses come from the queue store; one live query
 * reads only the listed tables from the floor plan.
 */
export function TableList({ db }: { db: FloorDb }) {
  const statuses = useQueueStore(queueSelectors.tableStatuses);
  const loaded = useQueueStore(queueSelectors.loaded);
  const rows = useLiveQuery(() => (loaded ? loadOpenTables(db, statuses) : Promise.resolve(undefined)), [db, statuses, loaded]);

  if (rows === undefined) return null; // the queue's first read and IndexedDB answer within a frame; no flash of "empty"
  if (rows.length === 0) {
    return (
      <EmptyState title="Every table is free.">
        Tables appear here once guests are seated. Switch to Plan and tap a table to seat guests.
      </EmptyState>
    );
  }
  return (
    <div className="table-list" role="region" aria-label="Open tables">
      <ul className="table-list__rows">
        {rows.map((row) => (
          <li key={row.tableId}>
            <OpenTableButton row={row} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function OpenTableButton({ row }: { row: OpenTableRow }) {
  const { status } = row;
  const service = status.service;
  const others = serviceCompanions(status, row.tableId);
  return (
    <button type="button" className="table-row" onClick={() => openTableOf(status)}>
      {/* The table's name comes first: the row's accessible name begins with it. */}
      <span className="table-row__name">{row.name}</span>
      <span className="table-row__room">{row.roomName ?? 'Not on the plan'}</span>
      <span className={`table-state table-state--${status.kind} table-row__state`}>
        <TableStatusIcon kind={status.kind} className="table-state__icon" />
        <span className="table-state__word">{TABLE_STATUS_TEXT[status.kind]}</span>
      </span>
      <span className="table-row__guests">
        {status.guests > 0 && (
          <>
            <IconPerson className="table-row__icon" />
            {guestsText(status.guests)}
          </>
        )}
      </span>
      <span className="table-row__details">
        {service?.customer && <span className="table-row__customer">{service.customer.name}</span>}
        {service && <span>since {describeClock(service.seatedAt)}</span>}
        {others.length > 0 && <span>with {others.join(' + ')}</span>}
      </span>
      <span className="table-row__counts">
        {status.waiting > 0 && <span className="table-row__waiting">{status.waiting === 1 ? '1 waiting to send' : `${status.waiting} waiting to send`}</span>}
        {status.problems > 0 && <span className="table-row__problems">{status.problems === 1 ? '1 needs attention' : `${status.problems} need attention`}</span>}
      </span>
    </button>
  );
}
