import type { AuditRecord } from '../../../../../shared/bridge';

// The Activity list's records: what was read, plus what was announced since
// (`audit-recorded`), newest first, each once — an event may arrive before or after the read that
// already holds its record.

export function mergeRecords(current: readonly AuditRecord[], incoming: readonly AuditRecord[]): AuditRecord[] {
  const byId = new Map<number, AuditRecord>();
  for (const record of [...current, ...incoming]) byId.set(record.id, record);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

/** The change as a person reads it: pretty JSON when it is JSON, else as stored. */
export function readableChange(change: string): string {
  try {
    return JSON.stringify(JSON.parse(change), null, 2);
  } catch {
    return change;
  }
}
