// Several catalog edits are saved as one multi-record write — a body `{ "<wrapper key>": [record,
// …] }` (spec: hospitality 4.3) — split at both limits a write has: the request size (spec §8:
// 2 MB; the gateway's MAX_REQUEST_BYTES) and the records one write may carry
// (MAX_CATALOG_BATCH_RECORDS: 1,000, the sandbox's bound; docs/decisions.md "Catalog batches and
// gift-card codes"). Pure: the batches keep every record exactly once, in the order given, each
// within both limits, as few batches as a front-to-back fill allows (a record goes to the next
// batch only when it does not fit).

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).length;

/** The JSON body of one multi-record write. */
export function catalogBatchBody(wrapperKey: string, records: readonly unknown[]): string {
  return JSON.stringify({ [wrapperKey]: records });
}

/** A record whose body alone is over the limit: it cannot be sent in any batch. */
export class CatalogRecordTooLarge extends Error {
  constructor(
    readonly index: number,
    readonly bytes: number,
    readonly maxBytes: number,
  ) {
    super(`catalog record ${index}: a write of it alone is ${bytes} bytes, over the ${maxBytes}-byte request limit`);
    this.name = 'CatalogRecordTooLarge';
  }
}

/** The limits one multi-record write must stay within. */
export interface CatalogBatchLimits {
  /** Largest body, in UTF-8 bytes. */
  maxBytes: number;
  /** Most records in one write (at least 1). */
  maxRecords: number;
}

/**
 * Splits `records` into consecutive batches of at most `maxRecords` records whose bodies
 * (`catalogBatchBody`) are each at most `maxBytes` UTF-8 bytes. Throws CatalogRecordTooLarge
 * (nothing split) when one record alone does not fit. No records: no batches.
 */
export function splitCatalogBatch<T>(wrapperKey: string, records: readonly T[], limits: CatalogBatchLimits): T[][] {
  const { maxBytes, maxRecords } = limits;
  if (!Number.isSafeInteger(maxRecords) || maxRecords < 1) throw new RangeError(`maxRecords must be a positive integer, got ${maxRecords}`);
  // `{"key":[` + records joined by "," + `]}`: the frame, then each record and its comma.
  const frame = bytesOf(catalogBatchBody(wrapperKey, []));
  const batches: T[][] = [];
  let current: T[] = [];
  let size = frame;
  records.forEach((record, index) => {
    const bytes = bytesOf(JSON.stringify(record));
    if (frame + bytes > maxBytes) throw new CatalogRecordTooLarge(index, frame + bytes, maxBytes);
    const added = current.length === 0 ? bytes : bytes + 1;
    if (size + added > maxBytes || current.length === maxRecords) {
      batches.push(current);
      current = [];
      size = frame;
    }
    size += current.length === 0 ? bytes : bytes + 1;
    current.push(record);
  });
  if (current.length > 0) batches.push(current);
  return batches;
}
