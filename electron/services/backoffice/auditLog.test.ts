import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import { pragmaValue } from '../queue/migrations';
import { auditDatabaseFile, auditMigrations, MAX_CHANGE, openAuditLog } from './auditLog';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'comanda-audit-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the back-office audit log', () => {
  it('keeps every record across a reopen, newest first, with the terminal and time it was written', () => {
    const file = auditDatabaseFile(tempDir(), 'demo@http://127.0.0.1:1');
    let clock = Date.parse('2026-11-27T10:00:00Z');
    const seen: number[] = [];
    const log = openAuditLog({ file, terminal: 'bar-1 · browser', now: () => new Date((clock += 1_000)), onRecord: (r) => seen.push(r.id) });
    log.record({ action: 'catalog-edit', target: 'items 12, 14', change: { items: [{ id: 12, price: 3.5 }] }, answer: { outcome: 'accepted', status: 200 } });
    log.record({
      action: 'vendor-create',
      target: 'vendor B12345678',
      change: { nif: 'B12345678' },
      answer: { outcome: 'refused', status: 422, said: 'The nif has already been taken.' },
    });
    log.close();

    const reopened = openAuditLog({ file, terminal: 'other' });
    const records = reopened.list();
    reopened.close();
    expect(records.map((r) => r.action)).toEqual(['vendor-create', 'catalog-edit']);
    expect(records[0]).toMatchObject({ terminal: 'bar-1 · browser', at: '2026-11-27T10:00:02.000Z', answer: { outcome: 'refused', status: 422 } });
    expect(JSON.parse(records[1]!.change)).toEqual({ items: [{ id: 12, price: 3.5 }] });
    expect(seen).toEqual(records.map((r) => r.id).reverse());
  });

  it('pages backwards with beforeId and cuts a huge change instead of refusing it', () => {
    const log = openAuditLog({ file: auditDatabaseFile(tempDir(), 'a'), terminal: 't' });
    for (let i = 0; i < 5; i += 1) log.record({ action: 'stock-count', target: `warehouse ${i}`, change: { i }, answer: { outcome: 'accepted' } });
    const big = log.record({ action: 'catalog-edit', target: 'x', change: { text: 'é'.repeat(MAX_CHANGE * 2) }, answer: { outcome: 'accepted' } });
    expect(big.change.length).toBe(MAX_CHANGE);
    const first = log.list({ limit: 3 });
    const next = log.list({ limit: 3, beforeId: first.at(-1)!.id });
    log.close();
    expect(first.map((r) => r.target)).toEqual(['x', 'warehouse 4', 'warehouse 3']);
    expect(next.map((r) => r.target)).toEqual(['warehouse 2', 'warehouse 1', 'warehouse 0']);
  });

  it('migrates an empty file to the latest version in WAL with synchronous=FULL', () => {
    const file = auditDatabaseFile(tempDir(), 'b');
    openAuditLog({ file, terminal: 't' }).close();
    const db = new Database(file);
    expect(pragmaValue(db, 'user_version')).toBe(auditMigrations.at(-1)!.version);
    expect(String(pragmaValue(db, 'journal_mode')).toLowerCase()).toBe('wal');
    db.close();
  });
});
