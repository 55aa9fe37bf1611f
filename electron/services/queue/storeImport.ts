import { z } from 'zod';
import { outboxEntrySchema, tableServiceSchema, type OutboxEntry, type TableService } from '../../../shared/bridge/queue';
import { coded } from '../../../shared/bridge/errorCodes';
import { RECOVERED } from './outcomes';
import { parseInput, QueueConflictError, recovered } from './storeDrafts';
import type { StoreTables } from './storeTables';

const seqRow = z.object({ seq: z.number().int().nullable() });

/**
 * An old outbox handed over (store.ts `importEntries`): ids already present are skipped; seq order
 * kept, renumbered after ours; only entries still pending are taken.
 */
export function importEntries(
  t: StoreTables,
  entryInputs: OutboxEntry[],
  serviceInputs: TableService[],
  last: boolean,
): { entries: number; services: number; skipped: number } {
  const { write, statements, readService, readEntry, openServiceAt, insertService, insertEntry, log, now } = t;
  const services = serviceInputs.map((s) => parseInput(tableServiceSchema, s, 'table service'));
  const entries = entryInputs.map((e) => parseInput(outboxEntrySchema, e, 'order')).sort((a, b) => a.seq - b.seq);
  return write(() => {
    // docs/decisions.md, "The PIN guards the main side": one hand-off per account, ever.
    if (statements.importsClosed.get() !== undefined) throw new QueueConflictError(coded('queue-import-closed'));
    if (last) statements.closeImports.run();
    let importedServices = 0;
    let skipped = 0;
    let notPending = 0;
    for (const service of services) {
      if (readService(service.id)) {
        skipped++;
        continue;
      }
      // Seated here meanwhile (cannot happen before the first hand-off; a late one must not fail).
      const busy = service.open === 1 ? openServiceAt(service.tableIds) : null;
      if (busy) log(`queue: handed-over service ${service.id} closed: its tables are seated by service ${busy.id}`);
      insertService(busy ? { ...service, open: 0, closedAt: now().toISOString() } : service);
      importedServices++;
    }
    let seq = seqRow.parse(statements.maxSeq.get()).seq ?? 0;
    const at = now().toISOString();
    let importedEntries = 0;
    for (const entry of entries) {
      if (readEntry(entry.id)) {
        skipped++;
        continue;
      }
      if (entry.state === 'accepted' || entry.pending !== 1 || entry.resolution !== null || entry.acceptedBy !== null) {
        notPending++;
        continue;
      }
      // Its old outbox stopped mid-send: as at a start-up, nobody knows whether it arrived.
      insertEntry({ ...(entry.state === 'sending' ? recovered(entry, RECOVERED, at) : entry), seq: ++seq });
      importedEntries++;
    }
    if (importedEntries + importedServices > 0) log(`queue: ${importedEntries} entries and ${importedServices} services handed over, ${skipped} already here`);
    if (notPending > 0) log(`queue: ${notPending} handed-over entries not taken: accepted or resolved already (the POS has them)`);
    if (last) log('queue: the hand-off of the old outbox is complete; no other is taken');
    return { entries: importedEntries, services: importedServices, skipped: skipped + notPending };
  });
}
