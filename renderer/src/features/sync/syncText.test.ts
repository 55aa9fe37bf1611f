import { describe, expect, it } from 'vitest';
import { venueMoment } from '../../../../shared/domain/venueTime';
import { SYNC_RESOURCES } from '../../data/sync/sync';
import type { SyncProgress } from '../../data/sync/syncProgress';
import { formattersFor } from '../../i18n/format';
import { createI18n } from '../../i18n/i18n';
import {
  describeLastSync,
  describeOverallProgress,
  describeResourceProgress,
  describeStored,
  describeTimeLeft,
  resourceLabel,
  resourceState,
  resourceStateText,
} from './syncText';

const en = createI18n('en').getFixedT(null, 'sync');
const es = createI18n('es').getFixedT(null, 'sync');
const ca = createI18n('ca').getFixedT(null, 'sync');
const fmtEn = formattersFor('en');

describe('sync view words', () => {
  it('describes a resource: records and requests done out of the server’s totals', () => {
    expect(describeResourceProgress(en, fmtEn, { resource: 'items', records: 4200, total: 20000, requests: 21, requestsTotal: 100, done: false })).toBe(
      'Items 4,200 / 20,000 · 21 / 100 requests',
    );
    expect(describeResourceProgress(en, fmtEn, { resource: 'stocks', records: 0, total: null, requests: 0, requestsTotal: null, done: false })).toBe(
      'Stock 0 / … · 0 / … requests',
    );
    expect(
      describeResourceProgress(es, formattersFor('es'), { resource: 'items', records: 4200, total: 20000, requests: 21, requestsTotal: 100, done: false }),
    ).toBe('Artículos 4.200 / 20.000 · 21 / 100 peticiones');
    expect(resourceState({ resource: 'items', records: 0, total: null, requests: 0, requestsTotal: null, done: false })).toBe('waiting');
    expect(resourceState({ resource: 'items', records: 200, total: 400, requests: 1, requestsTotal: 2, done: false })).toBe('downloading');
    expect(resourceState({ resource: 'items', records: 400, total: 400, requests: 2, requestsTotal: 2, done: true })).toBe('done');
    expect(resourceStateText(ca, 'downloading')).toBe('Baixant');
  });

  it('names every resource the sync downloads, in every language', () => {
    for (const t of [en, es, ca]) {
      const labels = SYNC_RESOURCES.map((resource) => resourceLabel(t, resource));
      expect(labels.filter((label, i) => label === SYNC_RESOURCES[i])).toEqual([]);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  it('says what is stored, rooms with their tables', () => {
    expect(describeStored(en, fmtEn, 'customers', { customers: 1500 })).toBe('Customers 1,500');
    expect(describeStored(en, fmtEn, 'rooms', { rooms: 3, floorTables: 42 })).toBe('Rooms 3 · tables 42');
    expect(describeStored(ca, formattersFor('ca'), 'rooms', { rooms: 3, floorTables: 42 })).toBe('Sales 3 · taules 42');
  });

  it('says how long is left', () => {
    expect(describeTimeLeft(en, null)).toBe('estimating time left');
    expect(describeTimeLeft(en, 0)).toBe('less than a minute left');
    expect(describeTimeLeft(en, 59)).toBe('less than a minute left');
    expect(describeTimeLeft(en, 150)).toBe('about 3 min left');
    expect(describeTimeLeft(en, 3600)).toBe('about 1 h left');
    expect(describeTimeLeft(en, 3900)).toBe('about 1 h 5 min left');
    expect(describeTimeLeft(es, 150)).toBe('quedan unos 3 min');
  });

  it('sums up a sync under way', () => {
    const progress: SyncProgress = { generation: 2, startedAt: '2026-11-22T10:00:00.000Z', resources: [], requests: 21, requestsLeft: 96, secondsLeft: 48 };
    expect(describeOverallProgress(en, fmtEn, progress)).toBe('Updating: 21 of about 117 requests · less than a minute left');
    expect(describeOverallProgress(en, fmtEn, { ...progress, requestsLeft: 0, secondsLeft: 0 })).toBe('Updating: 21 of 21 requests · less than a minute left');
    expect(describeOverallProgress(ca, formattersFor('ca'), progress)).toBe('Actualitzant: 21 d’unes 117 peticions · queda menys d’un minut');
  });

  it('says when the catalog was last synced, or that it never was', () => {
    const now = venueMoment(2026, 11, 22, 12, 0);
    expect(describeLastSync(en, fmtEn, null, now)).toBe('Never synced');
    expect(describeLastSync(en, fmtEn, venueMoment(2026, 11, 22, 10, 42).toISOString(), now)).toBe('Catalog synced 10:42');
    expect(describeLastSync(en, fmtEn, venueMoment(2026, 11, 21, 9, 5).toISOString(), now)).toBe('Catalog synced yesterday at 09:05');
    expect(describeLastSync(es, formattersFor('es'), venueMoment(2026, 11, 22, 10, 42).toISOString(), now)).toBe('Actualizado 10:42');
    expect(describeLastSync(ca, formattersFor('ca'), venueMoment(2026, 11, 3, 10, 42).toISOString(), now)).toMatch(
      /^Actualitzat el 3 de? ?nov\.? a les 10:42$/,
    );
  });
});
