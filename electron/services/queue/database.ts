import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'libsql';
import { accountFolderName } from '../images/cache';
import { migrate, pragmaValue, type Migration, type QueueDb } from './migrations';

// The queue's SQLite database (ARCHITECTURE §5): one file per account, opened
// so that a committed transaction is on disk before anyone is told "saved".

/** How long a write waits for another connection's transaction before giving up (SQLITE_BUSY). */
export const BUSY_TIMEOUT_MS = 5_000;

/** `<dataDir>/queue/<account folder>.sqlite` (the account folder naming of the image cache). */
export function queueDatabaseFile(dataDir: string, accountKey: string): string {
  return join(resolve(dataDir), 'queue', `${accountFolderName(accountKey)}.sqlite`);
}

/**
 * Opens (creating when absent) and migrates the database. WAL lets readers run beside the writer;
 * `synchronous=FULL` syncs the WAL at every commit, so a commit survives a power cut, not only a
 * crash of the process. Throws QueueSchemaTooNewError for a file from a newer version.
 */
export function openQueueDatabase(file: string, list?: readonly Migration[]): QueueDb {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  // Customers' names and phones live here: the file (and the WAL, which SQLite creates with the
  // database's permissions) is the user's alone.
  closeSync(openSync(file, 'a', 0o600));
  const db = new Database(file);
  try {
    const mode = pragmaValue(db, 'journal_mode = WAL');
    if (typeof mode !== 'string' || mode.toLowerCase() !== 'wal') throw new Error(`the database refused WAL journaling (journal_mode is ${String(mode)})`);
    db.exec(`PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};`);
    migrate(db, list);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
