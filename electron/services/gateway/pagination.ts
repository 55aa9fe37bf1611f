/** One page as the walker needs it (Laravel paginator, clarifications: Hospitality v2). */
export interface PageOf<T> {
  current_page: number;
  data: T[];
  last_page?: number | undefined;
  total?: number | undefined;
}

/** Hard stop against a server that keeps answering with more pages. */
const MAX_PAGES = 10_000;

/**
 * Reads every page, in order. Stops when the records read reach `total` (what real clients do,
 * so `total` must be exact), when `last_page` is reached, or on an empty page.
 */
export async function walkPages<T>(fetchPage: (page: number) => Promise<PageOf<T>>): Promise<T[]> {
  const records: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const body = await fetchPage(page);
    records.push(...body.data);
    if (body.data.length === 0) break;
    if (body.total !== undefined && records.length >= body.total) break;
    if (body.last_page !== undefined && page >= body.last_page) break;
  }
  return records;
}
