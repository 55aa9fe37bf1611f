import Dexie, { type EntityTable } from 'dexie';
import type { RangeChoice } from '../../../../shared/domain/retail/reportRanges';
import type { ShopReportsData } from '../../../../shared/domain/retail/reportReader';

// The last answers of the shop's Reports, so the screen opens offline with "as
// of <time>": a small database of its own per shop account, `comanda-reports-<accountKey>` —
// not in a catalog generation (a sync replaces those whole) nor in the shop's pointer database
// (another concern's schema). One row per period choice: a preset ("today", "this week"…) keeps its
// latest answer whatever day it was read (the answer carries its own dates, and the screen shows
// them with the time it was read); a custom stretch is kept under its dates and times. At most
// KEPT_ANSWERS rows: the oldest read go first. The last period shown is remembered too.

export interface KeptReports {
  key: string;
  /** The answer's layout; another layout is not read (a later version reads the period again). */
  format: typeof KEPT_FORMAT;
  choice: RangeChoice;
  /** ISO instant the answer was read. */
  readAt: string;
  data: ShopReportsData;
}

interface ReportsPreference {
  key: 'last-choice';
  choice: RangeChoice;
}

export const KEPT_FORMAT = 1;
export const KEPT_ANSWERS = 24;

/** Version 1 (2026-11-27): answers by period key, read time indexed for pruning; one preference row. */
const SCHEMA_V1 = { answers: 'key, readAt', preferences: 'key' } as const;

export type ReportsDb = Dexie & {
  answers: EntityTable<KeptReports, 'key'>;
  preferences: EntityTable<ReportsPreference, 'key'>;
};

export function reportsDbName(accountKey: string): string {
  return `comanda-reports-${accountKey}`;
}

export function openReportsDb(accountKey: string, options?: ConstructorParameters<typeof Dexie>[1]): ReportsDb {
  const db = new Dexie(reportsDbName(accountKey), options) as ReportsDb;
  db.version(1).stores(SCHEMA_V1);
  return db;
}

/** Where a choice's answer is kept. */
export function choiceKey(choice: RangeChoice): string {
  if (choice.kind !== 'custom') return choice.kind;
  return `custom:${choice.startDate}${choice.startTime ? `T${choice.startTime}` : ''}/${choice.endDate}${choice.endTime ? `T${choice.endTime}` : ''}`;
}

export async function keptReports(db: ReportsDb, choice: RangeChoice): Promise<KeptReports | null> {
  const row = await db.answers.get(choiceKey(choice));
  return row !== undefined && row.format === KEPT_FORMAT ? row : null;
}

/** Keeps an answer (replacing the choice's previous one) and forgets the oldest beyond KEPT_ANSWERS. */
export async function keepReports(db: ReportsDb, choice: RangeChoice, data: ShopReportsData, readAt: Date): Promise<void> {
  await db.transaction('rw', db.answers, async () => {
    await db.answers.put({ key: choiceKey(choice), format: KEPT_FORMAT, choice, readAt: readAt.toISOString(), data });
    const count = await db.answers.count();
    if (count > KEPT_ANSWERS) {
      const oldest = await db.answers
        .orderBy('readAt')
        .limit(count - KEPT_ANSWERS)
        .primaryKeys();
      await db.answers.bulkDelete(oldest);
    }
  });
}

export async function lastChoice(db: ReportsDb): Promise<RangeChoice | null> {
  return (await db.preferences.get('last-choice'))?.choice ?? null;
}

export async function rememberChoice(db: ReportsDb, choice: RangeChoice): Promise<void> {
  await db.preferences.put({ key: 'last-choice', choice });
}
