import { coded } from '../../../shared/bridge';
import { thousandthsToWire } from '../../../shared/api/retail';
import type { SetShopStockInput, ShopPage, ShopPageInput, ShopResource, ShopStock } from '../../../shared/bridge/shop';
import type { SyncRecord } from '../../../shared/bridge/schemas';
import { ServiceError } from '../bridge/dispatcher';
import { GatewayError } from '../gateway/errors';
import { checkPage, MAX_PAGE_SIZE } from '../gateway/pagination';
import type { ShopHandlers } from '../bridge/handlers';
import { isPaginatedRetailList, retailListPath, type RetailGateway, type RetailListResource } from './gateway';
import { createShopCustomer, updateShopCustomer } from './shopCustomers';
import { fetchShopReport } from './shopReports';

// The shop's `fetchShopPages` (shared/bridge/shop.ts): the pages of the shop's
// catalog the renderer's shop sync (renderer/src/data/shop/shopSync.ts) asks for, read through the
// retail gateway (its budgets: 40 catalog requests a minute, 120 in all; `sync` priority so sales
// go first), 200 records a page (the most §4.1 allows). Records are the gateway's checked, coerced
// wire records (shared/api/retail/records.ts: cents, thousandths, hundredths) as plain objects.
//
// Per-parent lists (docs/decisions.md "Shop catalog sync"):
// - `priceRateProducts` (parentId = the rate): `promotions/priceRates/{id}/products`, each record
//   with the rate's `price_rate_id` added;
// - `promotionCategories` (parentId = the promotion): `promotions/promotions/{id}/categories`, as
//   links `{ promotion_id, category_id }`;
// - `promotionProducts` (parentId = a PRODUCT: the spec has no list of a promotion's products, only
//   `catalog/products/{id}/promotions`, one catalog request per product): that product's links
//   `{ promotion_id, product_id }`. The full sync does not ask for it (see the decision); the till
//   does, for the products entering its basket (renderer/src/features/till/productLinks.ts).

/** Pages one call may ask for (the bridge schema says the same). */
export const SHOP_PAGES_PER_CALL = 5;

export interface ShopHandlerDeps {
  /** The current shop account's retail gateway. */
  gateway: RetailGateway;
}

export function createShopHandlers(deps: ShopHandlerDeps): ShopHandlers {
  return {
    // The till's customer (item 9, ./shopCustomers.ts): online only, a refusal's fields named.
    createShopCustomer: async (input) => ({ customer: await createShopCustomer(deps.gateway, input.customer) }),
    updateShopCustomer: async (input) => ({ customer: await updateShopCustomer(deps.gateway, input.customerId, input.changes) }),
    async fetchShopPages(input) {
      try {
        return { pages: await fetchShopPages(deps.gateway, input.pages) };
      } catch (error) {
        // The dispatcher explains ServiceErrors; a GatewayError is worded through its code.
        if (error instanceof GatewayError) throw new ServiceError(error.toBridgeError());
        throw error;
      }
    },
    async setShopStock(input) {
      try {
        return { stock: await setShopStock(deps.gateway, input) };
      } catch (error) {
        if (error instanceof GatewayError) throw new ServiceError(error.toBridgeError());
        throw error;
      }
    },
    // The Reports screen's pages (./shopReports.ts).
    async fetchShopReport(input) {
      try {
        return await fetchShopReport(deps.gateway, input);
      } catch (error) {
        if (error instanceof GatewayError) throw new ServiceError(error.toBridgeError());
        throw error;
      }
    },
  };
}

/**
 * Item 12: `stocks/add` SETS the product's stock in the warehouse (retail §4.2, clarifications) and
 * answers the new quantity, which is what the till keeps. `interactive`: a manager waits for it,
 * ahead of the sync's pages, behind the sales. Online only: offline or refused, the gateway's typed
 * error goes back and nothing is kept.
 */
export async function setShopStock(gateway: RetailGateway, input: SetShopStockInput): Promise<ShopStock> {
  const answer = await gateway.addStock(
    { product_id: input.productId, warehouse_id: input.warehouseId, quantity: thousandthsToWire(input.quantity) },
    { priority: 'interactive' },
  );
  return { productId: input.productId, warehouseId: input.warehouseId, quantity: answer.quantity };
}

/**
 * Up to five pages, fetched together (the gateway's limiter paces them), answered in the order
 * asked — or, once every request has settled (none is left running), the first failure in that
 * order, as the gateway's typed error.
 */
export async function fetchShopPages(gateway: RetailGateway, inputs: readonly ShopPageInput[]): Promise<ShopPage[]> {
  if (inputs.length > SHOP_PAGES_PER_CALL) {
    throw invalid('fetchShopPages', `${inputs.length} pages in one call; at most ${SHOP_PAGES_PER_CALL}`);
  }
  const settled = await Promise.allSettled(inputs.map((input) => fetchShopPage(gateway, input)));
  const pages: ShopPage[] = [];
  for (const result of settled) {
    if (result.status === 'rejected') throw result.reason;
    pages.push(result.value);
  }
  return pages;
}

const LIST_RESOURCES: ReadonlySet<ShopResource> = new Set<RetailListResource>([
  'groups',
  'categories',
  'products',
  'variantSets',
  'variants',
  'productVariants',
  'taxes',
  'units',
  'stocks',
  'paymentMethods',
  'customers',
  'priceRates',
  'promotions',
]);

function isListResource(resource: ShopResource): resource is RetailListResource {
  return LIST_RESOURCES.has(resource);
}

export async function fetchShopPage(gateway: RetailGateway, input: ShopPageInput): Promise<ShopPage> {
  const { resource, page } = input;
  if (isListResource(resource)) {
    if (input.parentId !== undefined) throw invalid(`GET ${retailListPath(resource)}`, `${resource} takes no parentId`);
    const body = await gateway.listPage(resource, page, { priority: 'sync', perPage: MAX_PAGE_SIZE });
    const records = body.data as unknown as SyncRecord[];
    if (!isPaginatedRetailList(resource)) return { resource, page, lastPage: 1, total: records.length, records };
    // The envelope must add up (gateway/pagination.ts): the page asked for, `total` exact.
    const facts = checkPage(body, page, { endpoint: `GET ${retailListPath(resource)}`, perPage: MAX_PAGE_SIZE });
    return { resource, page, lastPage: facts.lastPage ?? page, total: facts.total ?? records.length, records };
  }
  const parentId = input.parentId;
  if (parentId === undefined) throw invalid(resource, `${resource} needs a parentId`);
  if (page !== 1) throw invalid(resource, `${resource} is one list: it has page 1 only`);
  const one = (records: SyncRecord[]): ShopPage => ({ resource, page, parentId, lastPage: 1, total: records.length, records });
  switch (resource) {
    case 'priceRateProducts': {
      const prices = await gateway.listRateProducts(parentId, { priority: 'sync' });
      return one(prices.map((price) => ({ ...price, price_rate_id: parentId })));
    }
    case 'promotionCategories': {
      const categories = await gateway.listPromotionCategories(parentId, { priority: 'sync' });
      return one(uniqueIds(categories.map((category) => category.id)).map((categoryId) => ({ promotion_id: parentId, category_id: categoryId })));
    }
    case 'promotionProducts': {
      const promotions = await gateway.listProductPromotions(parentId, { priority: 'sync' });
      return one(uniqueIds(promotions.map((promotion) => promotion.id)).map((promotionId) => ({ promotion_id: promotionId, product_id: parentId })));
    }
  }
}

function uniqueIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

function invalid(endpoint: string, body: string): GatewayError {
  return new GatewayError({ kind: 'invalid', code: 'request-invalid', endpoint, text: coded('request-invalid'), body });
}
