import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../../../shared/bridge';
import type { SeatTable } from '../../data/queue/outboxTypes';
import { queueSelectors, useQueueStore } from '../../data/queue/queueStore';
import { useFormat } from '../../i18n/useFormat';
import { sessionSelectors, useSession } from '../../session/session';
import { placeText, tablesForMove } from './pendingText';

// A seating refused because its table already has an open order in the POS (ARCHITECTURE §5, a
// conflict on a fresh attempt): the waiter may seat the same guests at another table. A simple
// list of the tables free on this terminal, by room; one is chosen, then "Seat here". It opens in
// place of the entry's buttons (PendingScreen's useInlineConfirm: focus in, back out; Escape cancels).

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
  const { t } = useTranslation(['pending', 'common']);
  const { collator } = useFormat();
  const floorDb = useSession(sessionSelectors.floorDb);
  const open = useQueueStore(queueSelectors.openServices);
  const choices = useLiveQuery(async () => {
    if (!floorDb) return [];
    const [rooms, tables] = await Promise.all([floorDb.rooms.toArray(), floorDb.floorTables.toArray()]);
    const busyIds = open.filter((s) => s.id !== entry.serviceId).flatMap((s) => s.tableIds);
    return tablesForMove(rooms, tables, busyIds, entry.tableIds, collator);
  }, [floorDb, open, entry.serviceId, entry.tableIds.join(','), collator]);
  const [chosen, setChosen] = useState<number | null>(null);
  const chosenTable = choices?.find((table) => table.id === chosen) ?? null;

  return (
    <div
      className="pending-entry__confirm pending-move"
      role="group"
      aria-label={t('movePick', { label: placeText(t, entry.place) })}
      // Where the focus lands when it opens (its tables are read just after).
      tabIndex={-1}
      data-autofocus
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onCancel();
      }}
    >
      <p>{t('moveIntro')}</p>
      {choices === undefined ? null : choices.length === 0 ? (
        <p>{t('moveNoneFree')}</p>
      ) : (
        <ul className="pending-move__tables" aria-label={t('moveFreeTables')}>
          {choices.map((table) => (
            <li key={table.id}>
              <button
                type="button"
                className="order-option order-option--single pending-move__table"
                aria-pressed={chosen === table.id}
                aria-label={t('moveTableInRoom', { table: table.name, room: table.roomName })}
                onClick={() => setChosen(table.id)}
              >
                <span className="order-option__check" aria-hidden="true">
                  {chosen === table.id ? '●' : ''}
                </span>
                <span className="order-option__name">{table.name}</span> <span className="order-option__price">{table.roomName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="pending-entry__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || chosenTable === null}
          onClick={() => chosenTable && onMove([{ id: chosenTable.id, name: chosenTable.name }])}
        >
          {chosenTable ? t('moveSeatAt', { table: chosenTable.name }) : t('moveSeatHere')}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
          {t('common:cancel')}
        </button>
      </div>
    </div>
  );
}
