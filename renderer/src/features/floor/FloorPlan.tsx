import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FloorDb, StoredRoom } from '../../data/catalog/catalogDb';
import { loadRoomsOrdered } from '../../data/floor/floorRepository';
import { syncFailureText } from '../../i18n/errorText';
import { RetryButton } from '../../ui/Button';
import { Banner, EmptyState } from '../../ui/Notice';
import { sessionSelectors, useSession } from '../../session/session';
import { floorSelectors, useFloorStore, type FloorView } from './floorStore';
import { RoomPlan } from './RoomPlan';
import { onTabKeys } from '../../ui/tabKeys';
import { serviceSelectors, useServiceStore } from '../../session/navigation';
import { IconList, IconPlan, IconSeatSeveral } from './FloorIcons';
import { TableList } from './TableList';
import './floor.css';

/** The floor plan: one tab per room, and the chosen room's tables; `syncProgress` is shown while the first sync runs. */
export function FloorPlan({ onRetry, syncProgress }: { onRetry: () => Promise<void>; syncProgress: ReactNode }) {
  const { t } = useTranslation('floor');
  const db = useSession(sessionSelectors.floorDb);
  const failure = useSession(sessionSelectors.loadError);
  const loadError = failure && syncFailureText(t, failure);
  const connection = useSession(sessionSelectors.connection);
  const syncing = useSession(sessionSelectors.syncing);

  if (db !== null) return <FloorRooms db={db} onRetry={onRetry} />;

  // Nothing saved on this terminal yet: the first catalog sync brings the floor plan.
  if (loadError) {
    return (
      <EmptyState tone="problem" title={loadError} action={<RetryButton onRetry={onRetry} />}>
        {t('firstUpdateHint')}
      </EmptyState>
    );
  }
  if (syncing) {
    return <EmptyState title={t('downloading')}>{syncProgress}</EmptyState>;
  }
  if (connection === 'offline') {
    return (
      <EmptyState tone="problem" title={t('offlineNothingSaved')} action={<RetryButton onRetry={onRetry} />}>
        {t('offlineHint')}
      </EmptyState>
    );
  }
  return <EmptyState title={t('starting')} />;
}

function FloorRooms({ db, onRetry }: { db: FloorDb; onRetry: () => Promise<void> }) {
  const { t } = useTranslation('floor');
  const rooms = useLiveQuery(() => loadRoomsOrdered(db), [db]);
  const failure = useSession(sessionSelectors.loadError);
  const loadError = failure && syncFailureText(t, failure);
  const selectedRoomId = useFloorStore(floorSelectors.selectedRoomId);
  const floorView = useFloorStore(floorSelectors.floorView);
  const choosing = useServiceStore((state) => state.multiSelect !== null);

  if (rooms === undefined) return null; // IndexedDB answers within a frame; no flash of "empty"

  if (rooms.length === 0) {
    if (loadError) {
      return <EmptyState tone="problem" title={loadError} action={<RetryButton onRetry={onRetry} />} />;
    }
    return (
      <EmptyState title={t('noRooms')} action={<RetryButton onRetry={onRetry} label={t('checkAgain')} />}>
        {t('noRoomsHint')}
      </EmptyState>
    );
  }

  // A room that vanished on the last sync falls back to the first one.
  const selected = rooms.find((room) => room.id === selectedRoomId) ?? rooms[0]!;

  return (
    <div className="floor">
      {loadError && <Banner action={<RetryButton onRetry={onRetry} />}>{loadError}</Banner>}
      <div className="floor-toolbar">
        {floorView === 'plan' ? <RoomTabs rooms={rooms} selectedId={selected.id} /> : <h2 className="floor-toolbar__title">{t('openTablesTitle')}</h2>}
        <span className="floor-toolbar__spacer" />
        {/* In the toolbar row, not above the plan: choosing must not move the tables. */}
        {floorView === 'plan' && <MultiSelectBar />}
        {floorView === 'plan' && <SeatSeveralToggle />}
        {!choosing && <FloorViewSwitch />}
      </div>
      {floorView === 'plan' ? (
        <RoomPlan key={selected.id} db={db} roomId={selected.id} roomName={selected.name} labelledBy={tabId(selected.id)} panelId={panelId(selected.id)} />
      ) : (
        <TableList db={db} />
      )}
    </div>
  );
}

const floorViews = [
  { view: 'plan', label: 'viewPlan', Icon: IconPlan },
  { view: 'list', label: 'viewList', Icon: IconList },
] as const satisfies readonly { view: FloorView; label: string; Icon: typeof IconPlan }[];

/** Plan | List: the chosen one is pressed (a bar and heavier type, not colour alone). */
function FloorViewSwitch() {
  const { t } = useTranslation('floor');
  const floorView = useFloorStore(floorSelectors.floorView);
  const showFloorView = useFloorStore(floorSelectors.showFloorView);
  const cancelMultiSelect = useServiceStore((state) => state.cancelMultiSelect);
  return (
    <div className="floor-switch" role="group" aria-label={t('floorView')}>
      {floorViews.map(({ view, label, Icon }) => (
        <button
          key={view}
          type="button"
          className="floor-switch__button"
          aria-pressed={floorView === view}
          onClick={() => {
            // The list cannot choose tables: leaving the plan ends a "Seat several" choice.
            if (view === 'list') cancelMultiSelect();
            showFloorView(view);
          }}
        >
          <Icon className="floor-switch__icon" />
          {t(label)}
        </button>
      ))}
    </div>
  );
}

/** "Seat several": choose free tables one by one; the last chosen is the primary (spec 2.9). */
function SeatSeveralToggle() {
  const { t } = useTranslation('floor');
  const chosen = useServiceStore(serviceSelectors.multiSelect);
  const startMultiSelect = useServiceStore((state) => state.startMultiSelect);
  const cancelMultiSelect = useServiceStore((state) => state.cancelMultiSelect);
  const on = chosen !== null;
  return (
    <button type="button" className="floor-switch__button floor-seat-several" aria-pressed={on} onClick={() => (on ? cancelMultiSelect() : startMultiSelect())}>
      <IconSeatSeveral className="floor-switch__icon" />
      {t('seatSeveral')}
    </button>
  );
}

/** While choosing several tables: what is chosen, in order, and "Seat N tables" / "Cancel". */
function MultiSelectBar() {
  const { t } = useTranslation(['floor', 'common']);
  const chosen = useServiceStore(serviceSelectors.multiSelect);
  const openSeatDialog = useServiceStore((state) => state.openSeatDialog);
  const cancelMultiSelect = useServiceStore((state) => state.cancelMultiSelect);
  if (chosen === null) return null;
  const count = chosen.length;
  return (
    <div className="multi-select-bar" role="region" aria-label={t('seatSeveralTables')}>
      <p className="multi-select-bar__text" role="status">
        {count === 0
          ? t('chooseHint')
          : t('chosenList', {
              tables: chosen.map((table, i) => (i === count - 1 ? t('primaryName', { name: table.name }) : table.name)).join(t('chosenThen')),
            })}
      </p>
      <button type="button" className="button button--primary" disabled={count === 0} onClick={() => openSeatDialog(chosen)}>
        {t('seatTables', { count })}
      </button>
      <button type="button" className="button button--secondary" onClick={cancelMultiSelect}>
        {t('common:cancel')}
      </button>
    </div>
  );
}

const tabId = (roomId: number) => `room-tab-${roomId}`;
const panelId = (roomId: number) => `room-panel-${roomId}`;

function RoomTabs({ rooms, selectedId }: { rooms: StoredRoom[]; selectedId: number }) {
  const { t } = useTranslation('floor');
  const selectRoom = useFloorStore(floorSelectors.selectRoom);

  // WAI-ARIA tabs: arrows / Home / End move between rooms (automatic activation).
  return (
    <div
      className="room-tabs"
      role="tablist"
      aria-label={t('rooms')}
      onKeyDown={(event) => onTabKeys(event, rooms, selectedId, { next: 'ArrowRight', previous: 'ArrowLeft' }, (room) => selectRoom(room.id), tabId)}
    >
      {rooms.map((room) => {
        const isSelected = room.id === selectedId;
        return (
          <button
            key={room.id}
            id={tabId(room.id)}
            type="button"
            role="tab"
            className="room-tab"
            aria-selected={isSelected}
            aria-controls={panelId(room.id)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => selectRoom(room.id)}
          >
            {room.name}
          </button>
        );
      })}
    </div>
  );
}
