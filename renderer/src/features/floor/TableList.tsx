import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { FloorDb } from '../../data/catalog/catalogDb';
import { queueSelectors, useQueueStore } from '../../data/queue/queueStore';
import { EmptyState } from '../../ui/Notice';
import { IconPerson, TableStatusIcon } from './FloorIcons';
import { loadOpenTables, type OpenTableRow } from './openTables';
import { useFormat } from '../../i18n/useFormat';
import { describeClock } from '../../i18n/placeText';
import { openTableOf } from './tapTable';
import { IconPaid, usePaidServiceIds } from './paidTables';
import { guestsText, serviceCompanions, shownKind, tableStateWord } from './tableFace';
import './floor.css';

/**
 * The floor's list view: every table that is not free, in every room, each row
 * a button opening that table's order. The statuses come from the queue store; one live query
 * reads only the listed tables from the floor plan.
 */
export function TableList({ db }: { db: FloorDb }) {
  const { t } = useTranslation('floor');
  const { collator } = useFormat();
  const statuses = useQueueStore(queueSelectors.tableStatuses);
  const loaded = useQueueStore(queueSelectors.loaded);
  const paidServices = usePaidServiceIds();
  const rows = useLiveQuery(() => (loaded ? loadOpenTables(db, statuses, collator) : Promise.resolve(undefined)), [db, statuses, loaded, collator]);

  if (rows === undefined) return null; // the queue's first read and IndexedDB answer within a frame; no flash of "empty"
  if (rows.length === 0) {
    return <EmptyState title={t('everyFree')}>{t('everyFreeHint')}</EmptyState>;
  }
  return (
    <div className="table-list" role="region" aria-label={t('openTables')}>
      <ul className="table-list__rows">
        {rows.map((row) => (
          <li key={row.tableId}>
            <OpenTableButton row={row} paid={shownKind(row.status, paidServices) === 'paid'} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function OpenTableButton({ row, paid }: { row: OpenTableRow; paid: boolean }) {
  const { t } = useTranslation('floor');
  const { t: billT } = useTranslation('bill');
  const fmt = useFormat();
  const { status } = row;
  const service = status.service;
  const others = serviceCompanions(status, row.tableId);
  return (
    <button type="button" className="card-button table-row" onClick={() => openTableOf(status)}>
      {/* The table's name comes first: the row's accessible name begins with it. */}
      <span className="table-row__name">{row.name}</span>
      <span className="table-row__room">{row.roomName ?? t('notOnPlan')}</span>
      <span className={`table-state table-state--${paid ? 'paid' : status.kind} table-row__state`}>
        {paid ? <IconPaid className="table-state__icon" /> : <TableStatusIcon kind={status.kind} className="table-state__icon" />}
        <span className="table-state__word">{paid ? billT('paidMark') : tableStateWord(t, status.kind)}</span>
      </span>
      <span className="table-row__guests">
        {status.guests > 0 && (
          <>
            <IconPerson className="table-row__icon" />
            {guestsText(t, status.guests)}
          </>
        )}
      </span>
      <span className="table-row__details">
        {service?.customer && <span className="table-row__customer">{service.customer.name}</span>}
        {service && <span>{t('since', { time: describeClock(fmt, service.seatedAt) })}</span>}
        {others.length > 0 && <span>{t('with', { names: others.join(' + ') })}</span>}
      </span>
      <span className="table-row__counts">
        {status.waiting > 0 && <span className="table-row__waiting">{t('waitingToSend', { count: status.waiting })}</span>}
        {status.problems > 0 && <span className="table-row__problems">{t('needAttention', { count: status.problems })}</span>}
      </span>
    </button>
  );
}
