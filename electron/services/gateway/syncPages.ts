import type { SyncPage, SyncRecord, SyncResource } from '../../../shared/bridge';
import type { Gateway, PageOptions, Paginated } from './client';
import { GatewayError } from './errors';

// The `fetchSyncPage` bridge operation (issue 4): one page of a resource the renderer's sync
// engine mirrors, 200 records a page (spec §4.1 maximum), at `sync` priority so orders go first.
// Records are the wire records after the zod schemas checked and coerced them ("12.50" → 12.5,
// "1" → true), as plain JSON objects; unknown fields are dropped.

/** spec §4.1: rooms come 20 a page whatever `pagination` says. */
const ROOMS_PER_PAGE = 20;
const SYNC_PAGE_SIZE = 200;

const syncCall: PageOptions = { priority: 'sync', perPage: SYNC_PAGE_SIZE };

export interface SyncPageInput {
  resource: SyncResource;
  page: number;
  warehouseId?: number | undefined;
}

/**
 * Page facts from Laravel's envelope. `total` and `last_page` are what the sync engine stops on
 * (clarifications: `total` is exact); a server that leaves them out gets a careful estimate: a
 * short page is the last one, a full page means there may be one more.
 */
export function toSyncPage(body: Paginated<unknown>, page: number, perPageAsked: number): SyncPage {
  const records = body.data as SyncRecord[];
  const perPage = body.per_page ?? perPageAsked;
  const shortPage = records.length < perPage;
  const seenSoFar = (page - 1) * perPage + records.length;
  const total = body.total ?? (shortPage ? seenSoFar : seenSoFar + 1);
  const lastPage = body.last_page ?? (body.total !== undefined ? Math.max(1, Math.ceil(body.total / perPage)) : shortPage ? page : page + 1);
  return { records, page: body.current_page, lastPage: Math.max(1, lastPage), total };
}

export async function fetchSyncPage(gateway: Gateway, input: SyncPageInput): Promise<SyncPage> {
  const { resource, page } = input;
  switch (resource) {
    case 'rooms':
      return toSyncPage(await gateway.roomsPage(page, syncCall), page, ROOMS_PER_PAGE);
    case 'paymentMethods': {
      // spec 4.2: a plain array, not paginated — the whole list is page 1.
      const methods = await gateway.listPaymentMethods(syncCall);
      return { records: page === 1 ? (methods as SyncRecord[]) : [], page, lastPage: 1, total: methods.length };
    }
    case 'customers':
      return toSyncPage(await gateway.customersPage(page, syncCall), page, SYNC_PAGE_SIZE);
    case 'warehouses':
      return toSyncPage(await gateway.warehousesPage(page, syncCall), page, SYNC_PAGE_SIZE);
    case 'stocks': {
      if (input.warehouseId === undefined) {
        throw new GatewayError({
          kind: 'invalid',
          code: 'request-invalid',
          endpoint: 'GET warehouses/{id}',
          message: 'Stocks are read per warehouse: a warehouse id is needed.',
        });
      }
      return toSyncPage(await gateway.stocksPage(input.warehouseId, page, syncCall), page, SYNC_PAGE_SIZE);
    }
    default:
      return toSyncPage(await gateway.catalog[resource].page(page, syncCall), page, SYNC_PAGE_SIZE);
  }
}
