import { entryDraftSchema, tableServiceSchema, type EntryDraft, type OutboxEntry, type TableService } from '../../../shared/bridge/queue';
import { coded } from '../../../shared/bridge/errorCodes';
import { checkDraft, invalid, parseInput, QueueConflictError, QueueInputError, retarget, sameNumbers } from './storeDrafts';
import type { StoreRules } from './storeRules';
import type { StoreTables } from './storeTables';

// Seating a service, and the two ways out of a seating in conflict (store.ts `seat`,
// `sendSeatingAsRound`, `moveSeating`): each one transaction.

export function seatService(
  t: StoreTables,
  rules: StoreRules,
  serviceInput: TableService,
  draftInputs: EntryDraft[],
): { service: TableService; entries: OutboxEntry[] } {
  const { write, readService, readEntry, openServiceAt, insertService, addEntries } = t;
  const { checkTables } = rules;
  const service = parseInput(tableServiceSchema, serviceInput, 'table service');
  const drafts = draftInputs.map((d) => parseInput(entryDraftSchema, d, 'order'));
  checkTables(service.tableIds.map((id) => ({ id })));
  if (service.tableNames.length !== service.tableIds.length) throw invalid('the service names a different number of tables than it has');
  if (service.primaryTableId !== service.tableIds[service.tableIds.length - 1]) throw invalid('the primary table must be the last of its tables');
  if (service.open !== 1 || service.closedAt !== null) throw invalid('a new service must be open');
  const [seating, ...rounds] = drafts;
  if (!seating || seating.kind !== 'seating') throw invalid('a seating comes first');
  if (rounds.length > 1 || rounds.some((r) => r.kind !== 'round')) throw invalid('a seating brings at most one round');
  for (const draft of drafts) {
    checkDraft(draft);
    if (draft.serviceId !== service.id) throw invalid(`order ${draft.id} belongs to another service`);
  }
  if (!sameNumbers(seating.tableIds, service.tableIds)) throw invalid('the seating names other tables than its service');
  if (rounds.some((r) => r.tableIds[0] !== service.primaryTableId)) throw invalid('the first round goes to the primary table');

  return write(() => {
    // The same seating submitted again (its answer was lost): what was stored, unchanged.
    const stored = readService(service.id);
    if (stored) {
      const entries = drafts.map((d) => readEntry(d.id));
      if (entries.every((e): e is OutboxEntry => e !== null && e.serviceId === service.id)) return { service: stored, entries };
      throw invalid(`service ${service.id} already exists with other orders`);
    }
    const busy = openServiceAt(service.tableIds);
    if (busy) {
      const names = busy.tableIds.flatMap((id, i) => (service.tableIds.includes(id) ? [busy.tableNames[i] ?? String(id)] : []));
      throw new QueueConflictError(coded('tables-just-seated', { count: names.length, tables: names.join(' + ') }));
    }
    for (const draft of drafts) if (readEntry(draft.id)) throw invalid(`order ${draft.id} is already in the queue`);
    insertService(service);
    return { service, entries: addEntries(drafts) };
  });
}

export function sendSeatingAsRound(t: StoreTables, rules: StoreRules, entryId: string, roundInput: EntryDraft | null): OutboxEntry {
  const { write, readService, readEntry, addEntries } = t;
  const { conflictingSeating, change } = rules;
  const round = roundInput === null ? null : parseInput(entryDraftSchema, roundInput, 'round');
  if (round) {
    if (round.kind !== 'round') throw invalid('a seating is sent again as a round');
    checkDraft(round);
  }
  return write(() => {
    const entry = conflictingSeating(entryId, coded('seating-not-in-conflict'));
    if (round && round.serviceId !== entry.serviceId) throw invalid('the round belongs to another service');
    const resolved = change(entryId, ['rejected'], 'sent as a round', () => ({ pending: 0, resolution: 'sent-as-round' }));
    const service = entry.serviceId ? readService(entry.serviceId) : null;
    // Its items (if any) join the open order as a round; without items there is nothing to send.
    if (service && round && !readEntry(round.id)) addEntries([retarget(round, service)]);
    return resolved;
  });
}

export function moveSeating(t: StoreTables, rules: StoreRules, entryId: string, tables: { id: number; name: string }[], seatingInput: EntryDraft): OutboxEntry {
  const { write, readService, readEntry, openServiceAt, updateService, updateEntry, addEntries, statements, parseEntry, now } = t;
  const { conflictingSeating, change, checkTables } = rules;
  const seating = parseInput(entryDraftSchema, seatingInput, 'seating');
  if (seating.kind !== 'seating') throw invalid('a seating moves as a seating');
  checkDraft(seating);
  return write(() => {
    const entry = conflictingSeating(entryId, coded('seating-not-in-conflict'));
    if (!entry.serviceId) throw new QueueInputError(coded('seating-not-in-conflict'), 'the seating has no service');
    checkTables(tables);
    const service = readService(entry.serviceId);
    if (!service) throw new QueueInputError(coded('service-gone'));
    const busy = openServiceAt(
      tables.map((t) => t.id),
      service.id,
    );
    if (busy) throw new QueueConflictError(coded('tables-already-seated', { count: busy.tableNames.length, tables: busy.tableNames.join(' + ') }));
    const moved: TableService = {
      ...service,
      tableIds: tables.map((t) => t.id),
      primaryTableId: tables[tables.length - 1]!.id,
      tableNames: tables.map((t) => t.name),
    };
    if (seating.serviceId !== service.id || !sameNumbers(seating.tableIds, moved.tableIds)) throw invalid('the new seating does not match the chosen tables');
    const resolved = change(entryId, ['rejected'], 'moved', () => ({ pending: 0, resolution: 'moved' }));
    updateService(moved);
    // Its rounds still waiting follow it to the new primary table.
    for (const round of statements.entriesOfService.all(service.id).map(parseEntry)) {
      if (round.kind === 'round' && round.state === 'queued' && round.pending === 1)
        updateEntry(round, { ...retarget(round, moved), updatedAt: now().toISOString() });
    }
    if (!readEntry(seating.id)) addEntries([seating]);
    return resolved;
  });
}
