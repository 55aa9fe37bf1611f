import { coded, type SyncPage, type SyncRecord, type SyncResource } from '../../../shared/bridge';
import type { Gateway, PageOptions, Paginated } from './types';
import { GatewayError } from './errors';
import { checkPage, MAX_PAGE_SIZE, ROOMS_PER_PAGE, type PageRequest } from './pagination';

// One page of a resource the renderer's sync engine mirrors, 200 records a page (spec
// §4.1 maximum), at `sync` priority so orders go first; the bridge's `fetchSyncPages` asks for several.
// Records are the wire records after the zod schemas checked and coerced them ("12.50" → 12.5,
// "1" → true), as plain JSON objects; unknown fields are dropped.

const SYNC_PAGE_SIZE = MAX_PAGE_SIZE;

const syncCall: PageOptions = { priority: 'sync', perPage: SYNC_PAGE_SIZE };

export interface SyncPageInput {
  resource: SyncResource;
  page: number;
  warehouseId?: number | undefined;
}

/**
 * One checked page (pagination.ts checkPage: the page asked for, no more records than asked for,
 * exactly what `total` leaves for it) as the sync engine reads it. `total` and `lastPage` are what
 * the engine stops on (clarifications: `total` is exact); a server that leaves `total` out gets a
 * careful estimate: a short page is the last one, a full page means there may be one more.
 */
export function toSyncPage(body: Paginated<unknown>, page: number, asked: PageRequest): SyncPage {
  const facts = checkPage(body, page, asked);
  const records = body.data as SyncRecord[];
  if (facts.total !== undefined) return { records, page, lastPage: facts.lastPage!, total: facts.total };
  const shortPage = records.length < facts.pageSize;
  const seenSoFar = (page - 1) * facts.pageSize + records.length;
  return { records, page, lastPage: shortPage ? page : page + 1, total: shortPage ? seenSoFar : seenSoFar + 1 };
}

/**
 * The `fetchSyncPages` bridge operation: several pages in one bridge call, fetched
 * together (the rate limiter paces them). Answers every page in the order asked, or — once every
 * request has settled, so none is left running — the first failure in that order.
 */
export async function fetchSyncPages(gateway: Pick<Gateway, 'fetchSyncPage'>, inputs: readonly SyncPageInput[]): Promise<SyncPage[]> {
  const settled = await Promise.allSettled(inputs.map((input) => gateway.fetchSyncPage(input)));
  const pages: SyncPage[] = [];
  for (const result of settled) {
    if (result.status === 'rejected') throw result.reason;
    pages.push(result.value);
  }
  return pages;
}

export async function fetchSyncPage(gateway: Gateway, input: SyncPageInput): Promise<SyncPage> {
  const { resource, page } = input;
  switch (resource) {
    case 'rooms':
      return toSyncPage(await gateway.roomsPage(page, syncCall), page, { endpoint: 'GET rooms', perPage: ROOMS_PER_PAGE });
    case 'paymentMethods': {
      // spec 4.2: a plain array, not paginated — the whole list is page 1.
      const methods = await gateway.listPaymentMethods(syncCall);
      return { records: page === 1 ? (methods as SyncRecord[]) : [], page, lastPage: 1, total: methods.length };
    }
    case 'customers':
      return toSyncPage(await gateway.customersPage(page, syncCall), page, { endpoint: 'GET customers', perPage: SYNC_PAGE_SIZE });
    case 'warehouses':
      return toSyncPage(await gateway.warehousesPage(page, syncCall), page, { endpoint: 'GET warehouses', perPage: SYNC_PAGE_SIZE });
    case 'stocks': {
      if (input.warehouseId === undefined) {
        throw new GatewayError({
          kind: 'invalid',
          code: 'request-invalid',
          endpoint: 'GET warehouses/{id}',
          text: coded('stocks-need-warehouse'),
        });
      }
      const stocks = await gateway.stocksPage(input.warehouseId, page, syncCall);
      return toSyncPage(stocks, page, { endpoint: 'GET warehouses/{id}', perPage: SYNC_PAGE_SIZE });
    }
    default:
      return toSyncPage(await gateway.catalog[resource].page(page, syncCall), page, {
        endpoint: `GET catalog/${resource}`,
        perPage: SYNC_PAGE_SIZE,
      });
  }
}
