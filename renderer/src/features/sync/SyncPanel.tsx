import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceProgress } from '../../data/sync/syncProgress';
import { Button } from '../../ui/Button';
import { IconCheck, IconWarning } from '../../ui/icons';
import { syncFailureText } from '../../i18n/errorText';
import { useFormat } from '../../i18n/useFormat';
import { IconDownloading, IconSync, IconWaiting } from './SyncIcons';
import {
  describeLastSync,
  describeOverallProgress,
  describeResourceProgress,
  describeStored,
  resourceState,
  resourceStateText,
  type ResourceState,
} from './syncText';
import { useMinuteClock } from '../../ui/useMinuteClock';
import { syncSourceSelectors as sources, useSyncResources, useSyncSource, type SyncViewResource } from '../../session/syncSource';

// Test ids (docs/decisions.md, "Sync view"): sync-status (header button, always visible),
// sync-panel, sync-progress (role=status summary), sync-resources, sync-resource-<resource>,
// sync-now, sync-error-detail.
// They describe the venue's catalog, or the shop's inside a SyncSourceContext provider (syncSource.ts).

/**
 * Always in the header: when the catalog was last synced ("Never synced" before the first), with
 * what is happening now. Tapping it opens the sync view.
 */
export function SyncStatus() {
  const { t } = useTranslation('sync');
  const fmt = useFormat();
  const lastSyncedAt = useSyncSource(sources.lastSyncedAt);
  const syncing = useSyncSource(sources.syncing);
  const failureKind = useSyncSource(sources.failureKind);
  const now = useMinuteClock();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  // A failure to connect is what the connection indicator already says: here it is only "waiting".
  const state = syncing ? 'syncing' : failureKind === 'connection' ? 'waiting' : failureKind !== null ? 'failed' : lastSyncedAt === null ? 'never' : 'synced';
  return (
    <div className="sync-status-anchor">
      <button
        ref={buttonRef}
        type="button"
        className={`sync-status sync-status--${state}`}
        data-testid="sync-status"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {state === 'failed' ? <IconWarning className="sync-status__icon" /> : <IconSync className="sync-status__icon" spinning={syncing} />}
        <span className="sync-status__text">{describeLastSync(t, fmt, lastSyncedAt, now)}</span>
        {state === 'syncing' && <span className="sync-status__state">· {t('statusUpdating')}</span>}
        {state === 'waiting' && <span className="sync-status__state">· {t('statusWaiting')}</span>}
        {state === 'failed' && <span className="sync-status__state">· {t('statusFailed')}</span>}
      </button>
      {open && (
        <SyncPanel
          id={panelId}
          onClose={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}

/** The sync view: per resource the records and requests done, time left, failures, "Sync now". */
export function SyncPanel({ id, onClose }: { id?: string; onClose?: () => void }) {
  const { t } = useTranslation(['sync', 'common']);
  const fmt = useFormat();
  const lastSyncedAt = useSyncSource(sources.lastSyncedAt);
  const progress = useSyncSource(sources.progress);
  const failure = useSyncSource(sources.lastFailure);
  const counts = useSyncSource(sources.counts);
  const resources = useSyncResources();
  const now = useMinuteClock();
  const titleId = useId();

  useEffect(() => {
    if (!onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <section id={id} className="sync-panel" data-testid="sync-panel" aria-labelledby={titleId}>
      <div className="sync-panel__header">
        <IconSync className="sync-panel__icon" />
        <h2 className="sync-panel__title" id={titleId}>
          {describeLastSync(t, fmt, lastSyncedAt, now)}
        </h2>
        {onClose && (
          <Button className="sync-panel__close" onClick={onClose}>
            {t('common:close')}
          </Button>
        )}
      </div>

      <SyncProgressSummary />
      {failure && !progress && (
        <details className="sync-panel__detail">
          <summary>{t('common:detailsForSupport')}</summary>
          <code data-testid="sync-error-detail">{failure.detail}</code>
        </details>
      )}

      <ul className="sync-panel__resources" data-testid="sync-resources">
        {progress
          ? progress.resources.map((resource) => <ResourceRow key={resource.resource} progress={resource} />)
          : counts && resources.map((resource) => <StoredRow key={resource} resource={resource} counts={counts} />)}
      </ul>

      <div className="sync-panel__actions">
        <SyncNowButton />
      </div>
    </section>
  );
}

/** One line for screen readers and eyes: what the sync is doing, or how the last one went. */
export function SyncProgressSummary() {
  const { t } = useTranslation('sync');
  const fmt = useFormat();
  const lastSyncedAt = useSyncSource(sources.lastSyncedAt);
  const syncing = useSyncSource(sources.syncing);
  const progress = useSyncSource(sources.progress);
  const failure = useSyncSource(sources.lastFailure);

  let text: string;
  let icon = <IconSync className="sync-summary__icon" spinning={syncing} />;
  if (syncing) {
    text = progress ? describeOverallProgress(t, fmt, progress) : t('startingUpdate');
  } else if (failure) {
    text = t('lastFailed', { message: syncFailureText(t, failure) });
    icon = <IconWarning className="sync-summary__icon" />;
  } else if (lastSyncedAt !== null) {
    text = t('upToDate');
    icon = <IconCheck className="sync-summary__icon" />;
  } else {
    text = t('notSynced');
  }
  return (
    <p className="sync-summary" role="status" aria-live="polite" aria-atomic="true" data-testid="sync-progress">
      {icon}
      <span>{text}</span>
    </p>
  );
}

function ResourceRow({ progress }: { progress: ResourceProgress<SyncViewResource> }) {
  const { t } = useTranslation('sync');
  const fmt = useFormat();
  const state = resourceState(progress);
  return (
    <li className={`sync-resource sync-resource--${state}`} data-testid={`sync-resource-${progress.resource}`} data-state={state}>
      <ResourceStateIcon state={state} />
      <span className="sync-resource__text">{describeResourceProgress(t, fmt, progress)}</span>
      <span className="sync-resource__state">{resourceStateText(t, state)}</span>
    </li>
  );
}

function StoredRow({ resource, counts }: { resource: SyncViewResource; counts: Partial<Record<string, number>> }) {
  const { t } = useTranslation('sync');
  const fmt = useFormat();
  const text = describeStored(t, fmt, resource, counts);
  return (
    <li className="sync-resource sync-resource--done" data-testid={`sync-resource-${resource}`} data-state="stored">
      <IconCheck className="sync-resource__icon" />
      <span className="sync-resource__text">{text}</span>
      <span className="sync-resource__state">{t('stored')}</span>
    </li>
  );
}

function ResourceStateIcon({ state }: { state: ResourceState }) {
  if (state === 'done') return <IconCheck className="sync-resource__icon" />;
  if (state === 'downloading') return <IconDownloading className="sync-resource__icon" />;
  return <IconWaiting className="sync-resource__icon" />;
}

function SyncNowButton() {
  const { t } = useTranslation('sync');
  const syncing = useSyncSource(sources.syncing);
  const syncNow = useSyncSource(sources.syncNow);
  return (
    <Button variant="primary" data-testid="sync-now" disabled={syncing} aria-busy={syncing} onClick={() => void syncNow()}>
      {syncing ? t('updating') : t('syncNow')}
    </Button>
  );
}
