import { describe, expect, it } from 'vitest';
import type { SyncProgress } from '../../data/sync/syncProgress';
import { describeLastSync, describeOverallProgress, describeResourceProgress, describeTimeLeft, resourceState } from './syncText';

describe('sync view words', () => {
  it('describes a resource: records and requests done out of the server’s totals', () => {
    expect(describeResourceProgress({ resource: 'items', records: 4200, total: 20000, requests: 21, requestsTotal: 100, done: false })).toBe(
      'Items 4,200 / 20,000 · 21 / 100 requests',
    );
    expect(describeResourceProgress({ resource: 'stocks', records: 0, total: null, requests: 0, requestsTotal: null, done: false })).toBe(
      'Stock 0 / … · 0 / … requests',
    );
    expect(resourceState({ resource: 'items', records: 0, total: null, requests: 0, requestsTotal: null, done: false })).toBe('waiting');
    expect(resourceState({ resource: 'items', records: 200, total: 400, requests: 1, requestsTotal: 2, done: false })).toBe('downloading');
    expect(resourceState({ resource: 'items', records: 400, total: 400, requests: 2, requestsTotal: 2, done: true })).toBe('done');
  });

  it('says how long is left', () => {
    expect(describeTimeLeft(null)).toBe('estimating time left');
    expect(describeTimeLeft(0)).toBe('less than a minute left');
    expect(describeTimeLeft(59)).toBe('less than a minute left');
    expect(describeTimeLeft(150)).toBe('about 3 min left');
    expect(describeTimeLeft(3600)).toBe('about 1 h left');
    expect(describeTimeLeft(3900)).toBe('about 1 h 5 min left');
  });

  it('sums up a sync under way', () => {
    const progress: SyncProgress = { generation: 2, startedAt: '2026-11-22T10:00:00.000Z', resources: [], requests: 21, requestsLeft: 96, secondsLeft: 48 };
    expect(describeOverallProgress(progress)).toBe('Updating: 21 of about 117 requests · less than a minute left');
    expect(describeOverallProgress({ ...progress, requestsLeft: 0, secondsLeft: 0 })).toBe('Updating: 21 of 21 requests · less than a minute left');
  });

  it('says when the catalog was last synced, or that it never was', () => {
    const now = new Date(2026, 10, 22, 12, 0);
    expect(describeLastSync(null, now)).toBe('Never synced');
    expect(describeLastSync(new Date(2026, 10, 22, 10, 42).toISOString(), now, 'en-GB')).toBe('Catalog synced 10:42');
    expect(describeLastSync(new Date(2026, 10, 21, 9, 5).toISOString(), now, 'en-GB')).toBe('Catalog synced yesterday at 09:05');
  });
});
