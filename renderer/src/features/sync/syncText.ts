import type { SyncResource } from '../../../../shared/bridge';
import type { ResourceProgress, SyncProgress } from '../../data/sync/syncProgress';
import { describeSavedAt } from '../floor/savedAt';

// The words of the sync view, as pure functions (tested without a browser). English, like the rest
// of the UI; numbers are grouped the English way ("20,000").

export const resourceLabels: Record<SyncResource, string> = {
  groups: 'Groups',
  categories: 'Categories',
  items: 'Items',
  sellingFormats: 'Selling formats',
  sellingFormatPivots: 'Format prices',
  modifiers: 'Modifiers',
  modifierCategories: 'Modifier categories',
  modifierGroups: 'Modifier groups',
  modifierPivots: 'Modifier links',
  menuMenuCategories: 'Menu courses',
  menuMenuItemCategoryPivots: 'Menu dishes',
  rooms: 'Rooms',
  paymentMethods: 'Payment methods',
  customers: 'Customers',
  warehouses: 'Warehouses',
  stocks: 'Stock',
};

const numberFormat = new Intl.NumberFormat('en');
export const formatCount = (n: number): string => numberFormat.format(n);

/** "Items 4,200 / 20,000 · 21 / 100 requests" ("…" where the server has not told yet). */
export function describeResourceProgress(progress: ResourceProgress): string {
  const of = (value: number | null) => (value === null ? '…' : formatCount(value));
  return `${resourceLabels[progress.resource]} ${formatCount(progress.records)} / ${of(progress.total)} · ${formatCount(progress.requests)} / ${of(progress.requestsTotal)} requests`;
}

export type ResourceState = 'done' | 'downloading' | 'waiting';

export function resourceState(progress: ResourceProgress): ResourceState {
  if (progress.done) return 'done';
  return progress.requests > 0 || progress.total !== null ? 'downloading' : 'waiting';
}

export const resourceStateText: Record<ResourceState, string> = { done: 'Done', downloading: 'Downloading', waiting: 'Waiting' };

/** "less than a minute left", "about 3 min left", "about 1 h 5 min left", "estimating time left". */
export function describeTimeLeft(secondsLeft: number | null): string {
  if (secondsLeft === null || !Number.isFinite(secondsLeft)) return 'estimating time left';
  if (secondsLeft < 60) return 'less than a minute left';
  const minutes = Math.round(secondsLeft / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `about ${hours} h left` : `about ${hours} h ${rest} min left`;
}

/** "Updating: 21 of 117 requests · about 1 min left". */
export function describeOverallProgress(progress: SyncProgress): string {
  const expected = progress.requests + progress.requestsLeft;
  return `Updating: ${formatCount(progress.requests)} of ${progress.requestsLeft === 0 ? formatCount(expected) : `about ${formatCount(expected)}`} requests · ${describeTimeLeft(progress.secondsLeft)}`;
}

/** "Catalog synced 10:42" today, "Catalog synced yesterday at 10:42", "Never synced". */
export function describeLastSync(syncedAtIso: string | null, now: Date = new Date(), locale?: string): string {
  if (syncedAtIso === null) return 'Never synced';
  const when = describeSavedAt(syncedAtIso, now, locale);
  return `Catalog synced ${when.startsWith('today at ') ? when.slice('today at '.length) : when}`;
}
