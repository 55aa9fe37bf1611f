import { join, resolve } from 'node:path';
import { auditRecordSchema, type AuditAction, type AuditAnswer, type AuditRecord } from '../../../shared/bridge';
import { accountFolderName } from '../images/cache';
import { openQueueDatabase } from '../queue/database';
import type { Migration, QueueDb } from '../queue/migrations';

// The back-office audit log: one SQLite file per account beside the queue's,
// opened the same way (WAL, synchronous=FULL, versioned migrations), so a recorded write survives
// a crash. Append-only: nothing here edits or deletes a record.

/** `<dataDir>/audit/<account folder>.sqlite`. */
export function auditDatabaseFile(dataDir: string, accountKey: string): string {
  return join(resolve(dataDir), 'audit', `${accountFolderName(accountKey)}.sqlite`);
}

export const auditMigrations: readonly Migration[] = [
  {
    version: 1,
    description: '2026-11-27: the back-office audit log',
    up(db) {
      db.exec(`
        CREATE TABLE audit (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          at TEXT NOT NULL,
          terminal TEXT NOT NULL,
          action TEXT NOT NULL,
          target TEXT NOT NULL,
          change TEXT NOT NULL,
          answer TEXT NOT NULL
        ) STRICT;
      `);
    },
  },
];

/** What a caller records: the log adds the id, the time and the terminal. */
export interface AuditInput {
  action: AuditAction;
  target: string;
  /** The request as sent (its JSON is stored, cut to MAX_CHANGE characters). */
  change: unknown;
  answer: AuditAnswer;
}

export interface AuditLog {
  /** Commits the record and returns it (then announced by the caller's `onRecord`). */
  record(input: AuditInput): AuditRecord;
  /** Newest first. */
  list(options?: { limit?: number; beforeId?: number }): AuditRecord[];
  close(): void;
}

export const MAX_CHANGE = 20_000;
const MAX_SAID = 2_000;

export interface AuditLogOptions {
  file: string;
  /** Who writes: this terminal's name and shell. */
  terminal: string;
  now?: () => Date;
  /** Told of each committed record (the core announces it to every window). */
  onRecord?: (record: AuditRecord) => void;
}

export function openAuditLog(options: AuditLogOptions): AuditLog {
  const db: QueueDb = openQueueDatabase(options.file, auditMigrations);
  const now = options.now ?? (() => new Date());
  const insert = db.prepare('INSERT INTO audit (at, terminal, action, target, change, answer) VALUES (?, ?, ?, ?, ?, ?) RETURNING id');
  const rowOf = (row: Record<string, unknown>): AuditRecord =>
    auditRecordSchema.parse({
      id: row.id,
      at: row.at,
      terminal: row.terminal,
      action: row.action,
      target: row.target,
      change: row.change,
      answer: JSON.parse(String(row.answer)),
    });
  return {
    record(input) {
      const answer: AuditAnswer = { ...input.answer, ...(input.answer.said !== undefined ? { said: input.answer.said.slice(0, MAX_SAID) } : {}) };
      const change = (JSON.stringify(input.change) ?? 'null').slice(0, MAX_CHANGE);
      const at = now().toISOString();
      const target = input.target.slice(0, 500);
      const terminal = options.terminal.slice(0, 200);
      const row = insert.get(at, terminal, input.action, target, change, JSON.stringify(answer)) as { id: number };
      const record = auditRecordSchema.parse({ id: Number(row.id), at, terminal, action: input.action, target, change, answer });
      options.onRecord?.(record);
      return record;
    },
    list({ limit = 200, beforeId } = {}) {
      const rows = (
        beforeId === undefined
          ? db.prepare('SELECT * FROM audit ORDER BY id DESC LIMIT ?').all(limit)
          : db.prepare('SELECT * FROM audit WHERE id < ? ORDER BY id DESC LIMIT ?').all(beforeId, limit)
      ) as Record<string, unknown>[];
      return rows.map(rowOf);
    },
    close: () => db.close(),
  };
}
