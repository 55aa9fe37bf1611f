import { useTranslation } from 'react-i18next';
import { useMinuteClock } from '../../ui/useMinuteClock';
import { IconConnecting, IconOffline, IconOnline, IconWarning } from '../../ui/icons';
import { useFormat } from '../../i18n/useFormat';
import { queueSelectors, useQueueStore } from '../../data/queue/queueStore';
import { connectionActivityText, offlineDetail } from './connectionText';
import { sessionSelectors, useSession, type ConnectionIndicatorState } from '../../session/session';

/**
 * Always visible in the header: icon + words, never colour alone. Besides the connection it says
 * what the outbox is doing: "Sending 3" while entries leave, "Offline · 3
 * waiting" while they cannot.
 */
export function ConnectionIndicator() {
  const connection = useSession(sessionSelectors.connection);
  const floorSavedAt = useSession(sessionSelectors.floorSavedAt);
  return <ConnectionIndicatorView connection={connection} savedAt={floorSavedAt} />;
}

/**
 * The indicator itself, for any account: its connection and when its local data was saved (the
 * venue's floor plan; the shop's catalog, features/sync/ShopConnectionIndicator.tsx).
 */
export function ConnectionIndicatorView({ connection, savedAt }: { connection: ConnectionIndicatorState; savedAt: string | null }) {
  const { t } = useTranslation('app');
  const fmt = useFormat();
  const waiting = useQueueStore(queueSelectors.waitingCount);
  // "today at 14:32" turns into "yesterday" overnight on a terminal left offline.
  const now = useMinuteClock(connection === 'offline');

  const detail = connection === 'offline' ? offlineDetail(t, fmt, savedAt, now) : null;
  const cannotSave = useQueueStore(queueSelectors.storageProblem) !== null;
  const activity = connectionActivityText(t, connection, waiting, cannotSave);
  const longText = [activity.sentence, detail].filter((part): part is string => part !== null).join(' — ');
  // The header is crowded on a 1280 px screen: one or two words show, the rest is for a long
  // press (title) and for screen readers; the sync status beside it already shows the saved time.
  // The hidden sentence keeps the word "Online" while "Sending 3" shows.
  return (
    <div
      className={`connection connection--${connection}${activity.busy ? ' connection--sending' : ''}${activity.problem ? ' connection--cannot-save' : ''}`}
      role="status"
      data-testid="connection-indicator"
      data-waiting={waiting}
      title={longText}
    >
      {activity.problem ? (
        <IconWarning className="connection__icon" />
      ) : activity.busy ? (
        <IconConnecting className="connection__icon" />
      ) : (
        <ConnectionIcon connection={connection} />
      )}
      <span className="connection__text" aria-hidden="true">
        {activity.label}
      </span>
      <span className="visually-hidden">{longText}</span>
    </div>
  );
}

function ConnectionIcon({ connection }: { connection: ConnectionIndicatorState }) {
  const className = 'connection__icon';
  if (connection === 'online') return <IconOnline className={className} />;
  if (connection === 'offline') return <IconOffline className={className} />;
  return <IconConnecting className={className} />;
}
