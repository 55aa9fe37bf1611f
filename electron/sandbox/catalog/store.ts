// Access to an account's catalog records. Records are kept in id order (creates append ids above
// every existing one), so a list page is a slice and a lookup by id a binary search; both fall
// back to a scan or a sorted copy when some other writer left a resource out of order.
import type { CatalogResource, CatalogState } from './model';
import { recordsOf, type CatalogLookup, type CatalogRecord } from './rules';

/** Position of the record with `id`, or -1. O(log N) when in id order. */
export function indexOfId(records: readonly { id: number }[], id: number): number {
  let lo = 0;
  let hi = records.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = (records[mid] as { id: number }).id;
    if (at === id) return mid;
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  // Not found by bisection: either absent or the array is out of order. Scan to be sure.
  return records.findIndex((r) => r.id === id);
}

export function findById<T extends { id: number }>(records: readonly T[], id: number): T | undefined {
  const index = indexOfId(records, id);
  return index >= 0 ? records[index] : undefined;
}

/** The records in id order: the array itself when it already is (O(N) check), else a sorted copy. */
export function inIdOrder<T extends { id: number }>(records: readonly T[]): readonly T[] {
  for (let i = 1; i < records.length; i++) {
    if ((records[i - 1] as T).id > (records[i] as T).id) return [...records].sort((a, b) => a.id - b.id);
  }
  return records;
}

/**
 * The catalog as one request sees it while planning a write: the stored records plus the updates
 * already planned earlier in the same request, and reference counts built once per request.
 */
export class CatalogSession implements CatalogLookup {
  private readonly pending = new Map<CatalogResource, Map<number, CatalogRecord>>();
  private readonly counts = new Map<string, Map<number, number>>();

  constructor(private readonly catalog: CatalogState) {}

  find(resource: CatalogResource, id: number): CatalogRecord | undefined {
    return this.pending.get(resource)?.get(id) ?? findById(recordsOf(this.catalog, resource), id);
  }

  /** Records a planned update so later entries of the same request see it. */
  stage(resource: CatalogResource, record: CatalogRecord): void {
    let staged = this.pending.get(resource);
    if (!staged) this.pending.set(resource, (staged = new Map()));
    staged.set(record.id, record);
  }

  referenceCount(from: CatalogResource, field: string, id: number): number {
    const key = `${from}.${field}`;
    let counts = this.counts.get(key);
    if (!counts) {
      counts = new Map();
      for (const record of recordsOf(this.catalog, from)) {
        const target = record[field];
        if (typeof target === 'number') counts.set(target, (counts.get(target) ?? 0) + 1);
      }
      this.counts.set(key, counts);
    }
    return counts.get(id) ?? 0;
  }
}
