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

  const { label, detail } = connectionText(connection, floorSavedAt, now);
  // The header is crowded on a 1280 px screen: one word shows, the rest is for a long press
  // (title) and for screen readers; the sync status beside it already shows the saved time.
  return (
    <div className={`connection connection--${connection}`} role="status" data-testid="connection-indicator" title={detail ?? undefined}>
      <ConnectionIcon connection={connection} />
      <span className="connection__text">{label}</span>
      {detail !== null && <span className="visually-hidden"> — {detail}</span>}
    </div>
  );
}

export function connectionText(
  connection: ConnectionIndicatorState,
  floorSavedAt: string | null,
  now: Date,
): { label: string; detail: string | null } {
  switch (connection) {
    case 'connecting':
      return { label: 'Connecting…', detail: null };
    case 'online':
      return { label: 'Online', detail: null };
    case 'offline':
      return {
        label: 'Offline',
        detail: floorSavedAt
          ? `working from the data saved on this terminal ${describeSavedAt(floorSavedAt, now)}`
          : 'nothing is saved on this terminal yet',
      };
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
