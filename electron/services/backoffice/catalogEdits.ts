import type { CatalogEdit, CatalogEditRef, SaveCatalogEditsResult } from '../../../shared/bridge';
import { MAX_CATALOG_BATCH_RECORDS } from '../../../shared/api';
import { catalogBatchBody, CatalogRecordTooLarge, splitCatalogBatch, type CatalogBatchLimits } from '../../../shared/domain/catalogBatches';
import {
  catalogEditProblems,
  editsByResource,
  refOf,
  serverFieldProblems,
  updateRecordOf,
  type CatalogEditResource,
} from '../../../shared/domain/catalogEdits';
import { ServiceError } from '../bridge/dispatcher';
import { MAX_REQUEST_BYTES } from '../gateway';
import { auditedWrite } from './audited';
import type { BackofficeDeps, BackofficeHandlers } from './types';

// Catalog quick edits (docs/decisions.md, "Catalog quick edits").
// - Everything is checked first (shared/domain/catalogEdits.ts): one problem and nothing is sent.
// - Then one multi-record write per resource under its wrapper key (spec 4.3: `{ "items": [...] }`,
//   update objects = `id` + the changed fields), parents first, each split under the request
//   limit (spec §8) and the records-per-write bound (splitCatalogBatch). Every write is audited
//   ('catalog-edit').
// - A write is all-or-nothing at the API (a refused batch changed nothing), but two writes are two
//   requests: when a later one fails after an earlier one was accepted, the answer lists exactly
//   which records were saved, and only those are announced to the windows (`catalog-edited`).
// - A refusal (4xx) is an answer, not an error: the server's words per field, mapped back to the
//   records sent. Other failures are thrown (coded) when nothing was saved yet, else `interrupted`.

interface PlannedWrite {
  resource: CatalogEditResource;
  edits: CatalogEdit[];
  records: ReturnType<typeof updateRecordOf>[];
}

/** Splits every resource's update objects into writes within `limits`; throws CatalogRecordTooLarge. */
function planWrites(edits: readonly CatalogEdit[], limits: CatalogBatchLimits): PlannedWrite[] {
  const writes: PlannedWrite[] = [];
  for (const group of editsByResource(edits)) {
    const records = group.edits.map(updateRecordOf);
    let next = 0;
    for (const batch of splitCatalogBatch(group.resource, records, limits)) {
      writes.push({ resource: group.resource, edits: group.edits.slice(next, next + batch.length), records: batch });
      next += batch.length;
    }
  }
  return writes;
}

/** "items 12, 14, 15" for the audit list (its target is at most 500 characters). */
function targetOf(write: PlannedWrite): string {
  const text = `${write.resource} ${write.edits.map((edit) => edit.id).join(', ')}`;
  return text.length > 500 ? `${text.slice(0, 480)}… (${write.edits.length})` : text;
}

export interface SaveCatalogEditsOptions {
  /** The request size limit the writes are split under (default: the gateway's, spec §8). */
  maxRequestBytes?: number;
  /** The most records in one write (default MAX_CATALOG_BATCH_RECORDS). */
  maxRecordsPerWrite?: number;
}

export async function saveCatalogEdits(
  deps: BackofficeDeps,
  edits: readonly CatalogEdit[],
  options: SaveCatalogEditsOptions = {},
): Promise<SaveCatalogEditsResult> {
  const problems = catalogEditProblems(edits);
  if (problems.length > 0) return { outcome: 'invalid', problems };

  let writes: PlannedWrite[];
  try {
    writes = planWrites(edits, {
      maxBytes: options.maxRequestBytes ?? MAX_REQUEST_BYTES,
      maxRecords: options.maxRecordsPerWrite ?? MAX_CATALOG_BATCH_RECORDS,
    });
  } catch (error) {
    // Cannot happen with the text limits of catalogEditProblems (a record is a few hundred bytes).
    if (error instanceof CatalogRecordTooLarge) {
      throw new ServiceError({ kind: 'invalid', code: 'request-too-large', detail: error.message });
    }
    throw error;
  }

  const saved: CatalogEditRef[] = [];
  for (const [index, write] of writes.entries()) {
    const body = JSON.parse(catalogBatchBody(write.resource, write.records)) as unknown;
    // The answer is not read. Naming its type keeps TypeScript from inferring it from one resource of
    // the union below, which it did or not depending on the order it met the files in.
    const result = await auditedWrite<unknown>(deps.audit, {
      action: 'catalog-edit',
      target: targetOf(write),
      change: body,
      // The gateway checks the body against spec 4.3's update shape (catalogWriteRequests).
      send: () => deps.gateway.catalog[write.resource].writeMany(write.records as never, { priority: 'interactive' }),
    });
    if (!result.ok) {
      const { error, failure: gatewayFailure } = result;
      const later = writes.slice(index + 1).flatMap((w) => w.edits.map(refOf));
      const sent = write.edits.map(refOf);
      if (gatewayFailure?.kind === 'invalid') {
        const said = gatewayFailure.text.params?.said;
        const words = typeof said === 'string' && said !== '' ? said : undefined;
        return {
          outcome: 'refused',
          saved,
          refused: [...sent, ...later],
          problems: serverFieldProblems(write.resource, sent, gatewayFailure.fieldMessages, words),
          ...(words !== undefined ? { said: words.slice(0, 500) } : {}),
          ...(gatewayFailure.status !== undefined ? { status: gatewayFailure.status } : {}),
        };
      }
      if (saved.length === 0 || !(error instanceof ServiceError)) throw error;
      const unsure = gatewayFailure?.kind === 'outcome-unknown' || gatewayFailure?.kind === 'timeout' ? sent : [];
      deps.log?.(`catalog edits: stopped after ${saved.length} saved record(s): ${error.info.code}`);
      return { outcome: 'interrupted', saved, unsure, error: error.info };
    }
    saved.push(...write.edits.map(refOf));
    // Every window writes the accepted records into its catalog copy at once (the next sync confirms).
    deps.emit({ type: 'catalog-edited', edits: write.edits });
  }
  return { outcome: 'saved', saved };
}

export function catalogEditHandlers(deps: BackofficeDeps): Pick<BackofficeHandlers, 'saveCatalogEdits'> {
  return {
    saveCatalogEdits: (input) => saveCatalogEdits(deps, input.edits),
  };
}
