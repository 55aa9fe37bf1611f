import type { TFunction } from 'i18next';
import type { ResourceProgress, SyncProgress } from '../../data/sync/syncProgress';
import type { Formatters } from '../../i18n/format';
import { savedWhen } from '../../i18n/savedAt';
import type { SyncViewResource } from '../../session/syncSource';

// The words of the sync view, as pure functions (tested without a browser): the `sync` namespace's
// messages, numbers grouped in the terminal's language ("20,000" / "20.000").

type SyncT = TFunction<'sync'>;

/** Each resource's name (the venue's and the shop's): the `sync` namespace has one message per resource, under its own key. */
export function resourceLabel(t: SyncT, resource: SyncViewResource): string {
  return t(resource);
}

/** "Items 4,200 / 20,000 · 21 / 100 requests" ("…" where the server has not told yet). */
export function describeResourceProgress(t: SyncT, fmt: Formatters, progress: ResourceProgress<SyncViewResource>): string {
  const of = (value: number | null) => (value === null ? '…' : fmt.number(value));
  return t('resourceProgress', {
    resource: resourceLabel(t, progress.resource),
    records: fmt.number(progress.records),
    total: of(progress.total),
    requests: fmt.number(progress.requests),
    requestsTotal: of(progress.requestsTotal),
  });
}

/** "Items 20,000"; rooms say their tables too ("Rooms 3 · tables 42"): what the current generation holds. */
export function describeStored(t: SyncT, fmt: Formatters, resource: SyncViewResource, counts: Partial<Record<string, number>>): string {
  const count = fmt.number(counts[resource] ?? 0);
  if (resource === 'rooms') return t('roomsAndTables', { rooms: count, tables: fmt.number(counts.floorTables ?? 0) });
  return t('resourceCount', { resource: resourceLabel(t, resource), count });
}

export type ResourceState = 'done' | 'downloading' | 'waiting';

export function resourceState(progress: ResourceProgress<SyncViewResource>): ResourceState {
  if (progress.done) return 'done';
  return progress.requests > 0 || progress.total !== null ? 'downloading' : 'waiting';
}

const STATE_KEY = { done: 'stateDone', downloading: 'stateDownloading', waiting: 'stateWaiting' } as const satisfies Record<ResourceState, string>;

export function resourceStateText(t: SyncT, state: ResourceState): string {
  return t(STATE_KEY[state]);
}

/** "less than a minute left", "about 3 min left", "about 1 h 5 min left", "estimating time left". */
export function describeTimeLeft(t: SyncT, secondsLeft: number | null): string {
  if (secondsLeft === null || !Number.isFinite(secondsLeft)) return t('timeEstimating');
  if (secondsLeft < 60) return t('timeUnderMinute');
  const minutes = Math.round(secondsLeft / 60);
  if (minutes < 60) return t('timeMinutes', { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? t('timeHours', { hours }) : t('timeHoursMinutes', { hours, minutes: rest });
}

/** "Updating: 21 of 117 requests · about 1 min left" ("of about 117" while the total is a guess). */
export function describeOverallProgress(t: SyncT, fmt: Formatters, progress: SyncProgress<SyncViewResource>): string {
  const expected = progress.requests + progress.requestsLeft;
  const values = { done: fmt.number(progress.requests), expected: fmt.number(expected), timeLeft: describeTimeLeft(t, progress.secondsLeft) };
  return progress.requestsLeft === 0 ? t('overall', values) : t('overallAbout', values);
}

/** "Catalog synced 10:42" today, "Catalog synced yesterday at 10:42", "Never synced". */
export function describeLastSync(t: SyncT, fmt: Formatters, syncedAtIso: string | null, now: Date): string {
  if (syncedAtIso === null) return t('neverSynced');
  const when = savedWhen(syncedAtIso, now, fmt);
  switch (when.day) {
    case 'today':
      return t('syncedToday', { time: when.time });
    case 'yesterday':
      return t('syncedYesterday', { time: when.time });
    case 'date':
      return t('syncedOn', { date: when.date, time: when.time });
    case 'unknown':
      return t('syncedUnknown');
  }
}
