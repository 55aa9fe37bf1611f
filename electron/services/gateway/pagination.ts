import { coded } from '../../../shared/bridge';
import { GatewayError } from './errors';

/** One page as the walker needs it (Laravel paginator, clarifications: Hospitality v2). */
export interface PageOf<T> {
  current_page: number;
  data: T[];
  last_page?: number | undefined;
  per_page?: number | undefined;
  total?: number | undefined;
}

/** spec §4.1: the largest page; full-list reads and sync use it to spend the fewest requests. */
export const MAX_PAGE_SIZE = 200;
/** spec §4.1: rooms come 20 a page whatever `pagination` says. */
export const ROOMS_PER_PAGE = 20;

/** What a list call asked for: named in failures, and the largest page the server may send. */
export interface PageRequest {
  /** For messages: `GET customers`. */
  endpoint: string;
  /** Records per page asked for (spec §4.1: at most 200; rooms 20). */
  perPage: number;
}

/** What one page says about the whole list, once it has been checked. */
export interface PageFacts {
  /** Records a full page holds: the server's `per_page`, never more than asked for. */
  pageSize: number;
  /** The server's `total`, when it sent one. */
  total: number | undefined;
  /** The last page: from `total` when known (`last_page` must agree), else the server's `last_page`. */
  lastPage: number | undefined;
}

/**
 * The most pages one list (a resource, a report, a warehouse's stock) is read to, whatever `total`
 * or `last_page` say: 1,000,000 records at 200 a page (spec §4.1). The largest list the project
 * builds is the retail sandbox's products at its largest scale (50,000 articles: about 408,000
 * products with their variants, 2,042 pages; README, `--retail-scale`), so this leaves 2.5 times
 * that, and bounds a read to about 42 minutes at the spec's 120 requests a minute (§8). A server
 * whose pages add up but promise more (`total` 7,449,000: 37,245 pages, hundreds of MB held before
 * the generation is switched) is refused on page 1 as `list-too-long`, before a second request;
 * one that leaves `total` out and keeps sending full pages is refused when it reaches the cap.
 */
export const MAX_PAGES_PER_LIST = 5_000;

/**
 * Checks one page against what was asked and what the page says of the whole list, so a server
 * that lies cannot make a client page forever or stop early without it being noticed: the page
 * must be the one asked for, hold no more records than asked for, and hold exactly the records
 * `total` leaves for it; `last_page` must be what `total` and the page size make it.
 */
export function checkPage(body: PageOf<unknown>, page: number, asked: PageRequest): PageFacts {
  const lie = (detail: string) => paginationLie(asked.endpoint, page, detail);
  if (body.current_page !== page) lie(`asked for page ${page}, the server answered page ${body.current_page}`);
  const perPage = body.per_page;
  if (perPage !== undefined && (perPage < 1 || perPage > asked.perPage)) {
    lie(`per_page ${perPage}, asked for ${asked.perPage}`);
  }
  const pageSize = perPage ?? asked.perPage;
  const records = body.data.length;
  if (records > pageSize) lie(`${records} records on one page, asked for at most ${pageSize}`);

  const { total } = body;
  if (body.last_page !== undefined && body.last_page < 1) lie(`last_page ${body.last_page}`);
  if (page > MAX_PAGES_PER_LIST) tooLong(asked.endpoint, page, `page ${page} asked for`);
  if (total === undefined) {
    // No total: a page before the server's last page must be full; a short page is the last one.
    if (body.last_page !== undefined && page < body.last_page && records < pageSize) {
      lie(`${records} records on page ${page} of ${body.last_page}, a full page holds ${pageSize}`);
    }
    if (body.last_page !== undefined && body.last_page > MAX_PAGES_PER_LIST) tooLong(asked.endpoint, page, `last_page ${body.last_page}`);
    return { pageSize, total: undefined, lastPage: body.last_page };
  }
  if (!Number.isSafeInteger(total) || total < 0) lie(`total ${total}`);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (body.last_page !== undefined && body.last_page !== lastPage) {
    lie(`last_page ${body.last_page}, but total ${total} at ${pageSize} a page makes ${lastPage}`);
  }
  if (lastPage > MAX_PAGES_PER_LIST) tooLong(asked.endpoint, page, `total ${total} at ${pageSize} a page makes ${lastPage} pages`);
  const expected = page < lastPage ? pageSize : page === lastPage ? total - (lastPage - 1) * pageSize : 0;
  if (records !== expected) lie(`${records} records on page ${page}, total ${total} at ${pageSize} a page leaves ${expected}`);
  return { pageSize, total, lastPage };
}

/**
 * Reads every page, in order, checking each (checkPage). With `total` it asks for exactly the
 * pages `total` needs and fails unless every page agrees with page 1 and the records add up to
 * `total`; without it, it stops after a short or empty page (or at `last_page`).
 */
export async function walkPages<T>(asked: PageRequest, fetchPage: (page: number) => Promise<PageOf<T>>): Promise<T[]> {
  const records: T[] = [];
  let first: PageFacts | undefined;
  for (let page = 1; ; page++) {
    const body = await fetchPage(page);
    const facts = checkPage(body, page, asked);
    if (first === undefined) first = facts;
    else if (facts.total !== first.total || facts.lastPage !== first.lastPage || facts.pageSize !== first.pageSize) {
      // Records added or removed upstream while paging: what was read no longer adds up.
      paginationLie(
        asked.endpoint,
        page,
        `total ${facts.total} / last page ${facts.lastPage} / ${facts.pageSize} a page, page 1 said ${first.total} / ${first.lastPage} / ${first.pageSize}`,
      );
    }
    // One push per record: spreading a huge page into push() overflows the call stack.
    for (const record of body.data) records.push(record);
    if (first.lastPage !== undefined ? page >= first.lastPage : body.data.length < first.pageSize) break;
    if (page >= MAX_PAGES_PER_LIST) tooLong(asked.endpoint, page, `still full pages after ${page} pages, and no total`);
  }
  return records;
}

/** A paginated answer that cannot be true: refused as `invalid-response`, naming where. */
function paginationLie(endpoint: string, page: number, detail: string): never {
  throw new GatewayError({
    kind: 'invalid-response',
    endpoint,
    text: coded('pages-do-not-add-up', { endpoint }),
    body: `page ${page}: ${detail}`,
  });
}

/** A list longer than the terminal reads (MAX_PAGES_PER_LIST): refused as `invalid-response`. */
function tooLong(endpoint: string, page: number, detail: string): never {
  throw new GatewayError({
    kind: 'invalid-response',
    endpoint,
    text: coded('list-too-long', { endpoint, limit: MAX_PAGES_PER_LIST }),
    body: `page ${page}: ${detail}; the terminal reads at most ${MAX_PAGES_PER_LIST} pages of a list`,
  });
}
