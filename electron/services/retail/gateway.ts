import type { z } from 'zod';
import { coded } from '../../../shared/bridge';
import {
  retailCategoriesPage,
  retailCategoriesResponse,
  retailCustomersPage,
  retailGroupsPage,
  retailPaymentMethodsResponse,
  retailPriceRatesResponse,
  retailProductRatesResponse,
  retailProductsPage,
  retailProductVariantsResponse,
  retailProductWire,
  retailPromotionsResponse,
  retailRateProductsResponse,
  retailStocksPage,
  retailTaxesResponse,
  retailUnitsPage,
  retailVariantSetsResponse,
  retailVariantsResponse,
  type RetailCategoryWire,
  type RetailCustomerWire,
  type RetailGroupWire,
  type RetailPage,
  type RetailPaymentMethodWire,
  type RetailPriceRateWire,
  type RetailProductRateWire,
  type RetailProductVariantWire,
  type RetailProductWire,
  type RetailPromotionWire,
  type RetailRateProductWire,
  type RetailStockWire,
  type RetailTaxWire,
  type RetailUnitWire,
  type RetailVariantSetWire,
  type RetailVariantWire,
} from '../../../shared/api/retail';
import { retailReportPages, type RetailReportLine, type RetailReportName } from '../../../shared/api/retail/reports';
import { GatewayError } from '../gateway/errors';
import { MAX_PAGE_SIZE, walkPages } from '../gateway/pagination';
import { createRetailRequests, type RetailGatewayOptions } from './gatewayRequests';
import { retailWrites, type RetailCallOptions, type RetailWrites } from './gatewayWrites';
import type { RetailLimiter } from './limiter';

export type { RetailGatewayOptions } from './gatewayRequests';
export type { RetailCallOptions } from './gatewayWrites';

// The main side's calls to the retail service (retail-api.md §4; clarifications "Retail",
// "Limits"), on the hospitality gateway's transport (gateway/transport.ts: ky, no redirects
// followed, the 2 MB size guard, Expect: 100-continue for orders and invoices, 429 handling) and
// error classification (gateway/errors.ts), with the retail credentials (§5: `username` +
// `Authorization: Bearer`, `Content-Type: application/json` on every call) and the account's two
// budgets (./limiter.ts). Requests are checked against their strict schemas and the 100-object
// limit before anything leaves; answers are read by the retail wire schemas (shared/api/retail).

export interface RetailPageOptions extends RetailCallOptions {
  /** Records per page (§4.1: default 50, at most 200). Default 200: the fewest requests. */
  perPage?: number;
}

/** What each list resource's records read as. */
export interface RetailListRecords {
  variantSets: RetailVariantSetWire;
  variants: RetailVariantWire;
  productVariants: RetailProductVariantWire;
  taxes: RetailTaxWire;
  units: RetailUnitWire;
  stocks: RetailStockWire;
  paymentMethods: RetailPaymentMethodWire;
  customers: RetailCustomerWire;
  groups: RetailGroupWire;
  categories: RetailCategoryWire;
  products: RetailProductWire;
  priceRates: RetailPriceRateWire;
  promotions: RetailPromotionWire;
}
export type RetailListResource = keyof RetailListRecords;

interface ListSpec {
  path: string;
  /** Paginated (§2.1 envelope), or one array answered whole. */
  paginated: boolean;
  schema: z.ZodType;
  searchParams?: Record<string, string | number>;
}

/**
 * Where each list lives (§4.2–§4.5). Units are read at `config/units`, not `catalog/units`: the
 * same records outside the 40-a-minute catalog budget. Products come with `withStocks` and
 * `withVariantInfo`.
 */
const LISTS: Record<RetailListResource, ListSpec> = {
  variantSets: { path: 'catalog/variantSets', paginated: false, schema: retailVariantSetsResponse },
  variants: { path: 'catalog/variants', paginated: false, schema: retailVariantsResponse },
  productVariants: { path: 'catalog/productsVariants', paginated: false, schema: retailProductVariantsResponse },
  taxes: { path: 'config/taxes', paginated: false, schema: retailTaxesResponse },
  units: { path: 'config/units', paginated: true, schema: retailUnitsPage },
  stocks: { path: 'catalog/stocks', paginated: true, schema: retailStocksPage },
  paymentMethods: { path: 'config/payment_methods', paginated: false, schema: retailPaymentMethodsResponse },
  customers: { path: 'config/customers', paginated: true, schema: retailCustomersPage },
  groups: { path: 'catalog/groups', paginated: true, schema: retailGroupsPage },
  categories: { path: 'catalog/categories', paginated: true, schema: retailCategoriesPage },
  products: { path: 'catalog/products', paginated: true, schema: retailProductsPage, searchParams: { withStocks: 1, withVariantInfo: 1 } },
  priceRates: { path: 'promotions/priceRates', paginated: false, schema: retailPriceRatesResponse },
  promotions: { path: 'promotions/promotions', paginated: false, schema: retailPromotionsResponse },
};

export const RETAIL_LIST_RESOURCES = Object.keys(LISTS) as RetailListResource[];

/** Whether a list is paginated (else one page holds it all). */
export function isPaginatedRetailList(resource: RetailListResource): boolean {
  return LISTS[resource].paginated;
}

/** The path of a list below `api/external/` (a `catalog/…` path uses the catalog budget). */
export function retailListPath(resource: RetailListResource): string {
  return LISTS[resource].path;
}

export interface RetailGateway extends RetailWrites {
  readonly limiter: RetailLimiter;

  /**
   * One page of a list (§4.1: `page`, `pagination` ≤ 200). A list the service answers whole (an
   * array) comes as page 1 of 1; asking it for a later page is refused before sending.
   */
  listPage<R extends RetailListResource>(resource: R, page: number, options?: RetailPageOptions): Promise<RetailPage<RetailListRecords[R]>>;
  /** Every record of a list, all pages checked to add up to `total` (gateway/pagination.ts). */
  listAll<R extends RetailListResource>(resource: R, options?: RetailPageOptions): Promise<RetailListRecords[R][]>;

  /** §4.4 a rate's own product prices (`promotions/priceRates/{id}/products`). */
  listRateProducts(priceRateId: number, options?: RetailCallOptions): Promise<RetailRateProductWire[]>;
  /** §4.4 a product's rates (`catalog/products/{id}/priceRates`: catalog budget). */
  listProductRates(productId: number, options?: RetailCallOptions): Promise<RetailProductRateWire[]>;
  /** §4.5 the categories linked to a promotion. */
  listPromotionCategories(promotionId: number, options?: RetailCallOptions): Promise<RetailCategoryWire[]>;
  /** §4.5 the promotions linked to a product (catalog budget). */
  listProductPromotions(productId: number, options?: RetailCallOptions): Promise<RetailPromotionWire[]>;
  /** §4.5 the promotions linked to a category (catalog budget). */
  listCategoryPromotions(categoryId: number, options?: RetailCallOptions): Promise<RetailPromotionWire[]>;
  /** §4.3 one product with its stocks and variant link (`catalog/products/{id}?withStocks&withVariantInfo`: catalog budget; read for the webhooks). */
  getProduct(productId: number, options?: RetailCallOptions): Promise<RetailProductWire>;

  /**
   * §4.6 one page of a report at the v3 path (never the deprecated `reports/{name}`, §9), its lines
   * read by the report's schema (shared/api/retail/reports.ts). `query`: the §4.6 filters as sent.
   * Outside the catalog budget (the account's 120 a minute).
   */
  reportPage<R extends RetailReportName>(
    report: R,
    page: number,
    query: Record<string, string>,
    options?: RetailPageOptions,
  ): Promise<RetailPage<RetailReportLine<R>>>;
}

export function createRetailGateway(options: RetailGatewayOptions): RetailGateway {
  const { limiter } = options;
  const expectContinue = options.expectContinue ?? options.fetch === undefined;

  const requests = createRetailRequests(options);
  const { call, positiveId } = requests;

  async function listPage<R extends RetailListResource>(resource: R, page: number, o: RetailPageOptions = {}): Promise<RetailPage<RetailListRecords[R]>> {
    const spec = LISTS[resource];
    const endpoint = `GET ${spec.path}`;
    if (!Number.isSafeInteger(page) || page < 1) {
      throw new GatewayError({
        kind: 'invalid',
        code: 'request-invalid',
        endpoint,
        text: coded('request-invalid'),
        body: `page ${String(page)} is not a page number`,
      });
    }
    const priority = o.priority ?? 'sync';
    if (!spec.paginated) {
      if (page !== 1) {
        throw new GatewayError({
          kind: 'invalid',
          code: 'request-invalid',
          endpoint,
          text: coded('request-invalid'),
          body: `${spec.path} is not paginated: it has page 1 only`,
        });
      }
      const data = (await call('GET', spec.path, spec.path, spec.schema, { priority, searchParams: spec.searchParams })) as RetailListRecords[R][];
      return { current_page: 1, data, per_page: Math.max(1, data.length), last_page: 1, total: data.length };
    }
    const perPage = Math.min(Math.max(1, Math.trunc(o.perPage ?? MAX_PAGE_SIZE)), MAX_PAGE_SIZE);
    return (await call('GET', spec.path, spec.path, spec.schema, {
      priority,
      searchParams: { ...spec.searchParams, page, pagination: perPage },
    })) as RetailPage<RetailListRecords[R]>;
  }

  async function listAll<R extends RetailListResource>(resource: R, o: RetailPageOptions = {}): Promise<RetailListRecords[R][]> {
    const spec = LISTS[resource];
    if (!spec.paginated) return (await listPage(resource, 1, o)).data;
    const perPage = Math.min(Math.max(1, Math.trunc(o.perPage ?? MAX_PAGE_SIZE)), MAX_PAGE_SIZE);
    return walkPages({ endpoint: `GET ${spec.path}`, perPage }, (page) => listPage(resource, page, { ...o, perPage }));
  }

  return {
    limiter,
    listPage,
    listAll,

    listRateProducts: async (rateId, o) =>
      call(
        'GET',
        `promotions/priceRates/${positiveId(rateId, 'GET promotions/priceRates/{id}/products', 'Price rate')}/products`,
        'promotions/priceRates/{id}/products',
        retailRateProductsResponse,
        { priority: o?.priority ?? 'sync' },
      ),
    listProductRates: async (productId, o) =>
      call(
        'GET',
        `catalog/products/${positiveId(productId, 'GET catalog/products/{id}/priceRates', 'Product')}/priceRates`,
        'catalog/products/{id}/priceRates',
        retailProductRatesResponse,
        { priority: o?.priority ?? 'sync' },
      ),
    listPromotionCategories: async (promotionId, o) =>
      call(
        'GET',
        `promotions/promotions/${positiveId(promotionId, 'GET promotions/promotions/{id}/categories', 'Promotion')}/categories`,
        'promotions/promotions/{id}/categories',
        retailCategoriesResponse,
        { priority: o?.priority ?? 'sync' },
      ),
    listProductPromotions: async (productId, o) =>
      call(
        'GET',
        `catalog/products/${positiveId(productId, 'GET catalog/products/{id}/promotions', 'Product')}/promotions`,
        'catalog/products/{id}/promotions',
        retailPromotionsResponse,
        { priority: o?.priority ?? 'sync' },
      ),
    listCategoryPromotions: async (categoryId, o) =>
      call(
        'GET',
        `catalog/categories/${positiveId(categoryId, 'GET catalog/categories/{id}/promotions', 'Category')}/promotions`,
        'catalog/categories/{id}/promotions',
        retailPromotionsResponse,
        { priority: o?.priority ?? 'sync' },
      ),
    getProduct: async (productId, o) =>
      call('GET', `catalog/products/${positiveId(productId, 'GET catalog/products/{id}', 'Product')}`, 'catalog/products/{id}', retailProductWire, {
        priority: o?.priority ?? 'sync',
        searchParams: { withStocks: 1, withVariantInfo: 1 },
      }),

    ...retailWrites(requests, expectContinue),

    async reportPage(report, page, query, o) {
      const endpoint = `v3/reports/${report}`;
      if (!Number.isSafeInteger(page) || page < 1) {
        throw new GatewayError({
          kind: 'invalid',
          code: 'request-invalid',
          endpoint: `GET ${endpoint}`,
          text: coded('request-invalid'),
          body: `page ${String(page)} is not a page number`,
        });
      }
      const perPage = Math.min(Math.max(1, Math.trunc(o?.perPage ?? MAX_PAGE_SIZE)), MAX_PAGE_SIZE);
      return (await call('GET', endpoint, endpoint, retailReportPages[report], {
        priority: o?.priority ?? 'interactive',
        searchParams: { ...query, page, pagination: perPage },
      })) as RetailPage<RetailReportLine<typeof report>>;
    },
  };
}
