import { useLiveQuery } from 'dexie-react-hooks';
import type { FloorDb, StoredRoom } from '../../data/catalogDb';
import { loadRoomsOrdered } from '../../data/floorRepository';
import { RetryButton } from '../../ui/Button';
import { Banner, EmptyState } from '../../ui/Notice';
import { SyncProgressSummary } from '../sync/SyncPanel';
import { floorSelectors, useFloorStore } from './floorStore';
import { RoomPlan } from './RoomPlan';
import { onTabKeys } from '../../ui/tabKeys';

/** The floor plan: one tab per room, and the chosen room's tables. */
export function FloorPlan({ onRetry }: { onRetry: () => Promise<void> }) {
  const db = useFloorStore(floorSelectors.db);
  const loadError = useFloorStore(floorSelectors.loadError);
  const connection = useFloorStore(floorSelectors.connection);
  const syncing = useFloorStore(floorSelectors.syncing);

  if (db !== null) return <FloorRooms db={db} onRetry={onRetry} />;

  // Nothing saved on this terminal yet: the first catalog sync brings the floor plan.
  if (loadError) {
    return (
      <EmptyState tone="problem" title={loadError} action={<RetryButton onRetry={onRetry} />}>
        The floor plan appears after the first successful update from the server.
      </EmptyState>
    );
  }
  if (syncing) {
    return (
      <EmptyState title="Downloading the floor plan and the menu…">
        <SyncProgressSummary />
      </EmptyState>
    );
  }
  if (connection === 'offline') {
    return (
      <EmptyState tone="problem" title="No floor plan saved on this terminal yet, and the server can’t be reached." action={<RetryButton onRetry={onRetry} />}>
        It is retried automatically every 30 seconds. Check the network cable or Wi‑Fi of this terminal.
      </EmptyState>
    );
  }
  return <EmptyState title="Starting…" />;
}

function FloorRooms({ db, onRetry }: { db: FloorDb; onRetry: () => Promise<void> }) {
  const rooms = useLiveQuery(() => loadRoomsOrdered(db), [db]);
  const loadError = useFloorStore(floorSelectors.loadError);
  const selectedRoomId = useFloorStore(floorSelectors.selectedRoomId);

  if (rooms === undefined) return null; // IndexedDB answers within a frame; no flash of "empty"

  if (rooms.length === 0) {
    if (loadError) {
      return <EmptyState tone="problem" title={loadError} action={<RetryButton onRetry={onRetry} />} />;
    }
    return (
      <EmptyState title="This venue has no rooms yet." action={<RetryButton onRetry={onRetry} label="Check again" />}>
        Rooms and tables are set up in the back office.
      </EmptyState>
    );
  }

  // A room that vanished on the last sync falls back to the first one.
  const selected = rooms.find((room) => room.id === selectedRoomId) ?? rooms[0]!;

  return (
    <div className="floor">
      {loadError && <Banner action={<RetryButton onRetry={onRetry} />}>{loadError}</Banner>}
      <RoomTabs rooms={rooms} selectedId={selected.id} />
      <RoomPlan key={selected.id} db={db} roomId={selected.id} roomName={selected.name} labelledBy={tabId(selected.id)} panelId={panelId(selected.id)} />
    </div>
  );
}

const tabId = (roomId: number) => `room-tab-${roomId}`;
const panelId = (roomId: number) => `room-panel-${roomId}`;

function RoomTabs({ rooms, selectedId }: { rooms: StoredRoom[]; selectedId: number }) {
  const selectRoom = useFloorStore(floorSelectors.selectRoom);

  // WAI-ARIA tabs: arrows / Home / End move between rooms (automatic activation).
  return (
    <div
      className="room-tabs"
      role="tablist"
      aria-label="Rooms"
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
