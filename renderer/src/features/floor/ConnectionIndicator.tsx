import { useEffect, useState } from 'react';
import { IconConnecting, IconOffline, IconOnline } from '../../ui/icons';
import { floorSelectors, useFloorStore, type ConnectionIndicatorState } from './floorStore';
import { describeSavedAt } from './savedAt';

/** Always visible in the header: icon + words, never colour alone. */
export function ConnectionIndicator() {
  const connection = useFloorStore(floorSelectors.connection);
  const floorSavedAt = useFloorStore(floorSelectors.floorSavedAt);
  // "today at 14:32" turns into "yesterday" overnight on a terminal left offline.
  const now = useMinuteClock(connection === 'offline');

  return (
    <div className={`connection connection--${connection}`} role="status" data-testid="connection-indicator">
      <ConnectionIcon connection={connection} />
      <span className="connection__text">{connectionText(connection, floorSavedAt, now)}</span>
    </div>
  );
}

export function connectionText(connection: ConnectionIndicatorState, floorSavedAt: string | null, now: Date): string {
  switch (connection) {
    case 'connecting':
      return 'Connecting…';
    case 'online':
      return 'Online';
    case 'offline':
      return floorSavedAt
        ? `Offline — showing the floor plan saved ${describeSavedAt(floorSavedAt, now)}`
        : 'Offline — no floor plan saved on this terminal yet';
  }
}

function ConnectionIcon({ connection }: { connection: ConnectionIndicatorState }) {
  const className = 'connection__icon';
  if (connection === 'online') return <IconOnline className={className} />;
  if (connection === 'offline') return <IconOffline className={className} />;
  return <IconConnecting className={className} />;
}

function useMinuteClock(running: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!running) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
