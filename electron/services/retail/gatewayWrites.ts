import { z } from 'zod';
import { coded, saidParam } from '../../../shared/bridge';
import {
  retailCatalogCreateRequests,
  retailCatalogUpdateRequests,
  retailCategoryWire,
  retailChainSyncWire,
  retailCustomerCreateRequest,
  retailCustomerPatchRequest,
  retailCustomerWire,
  retailGroupWire,
  retailInvoiceCreatedWire,
  retailInvoiceRequest,
  retailOrderCreatedWire,
  retailOrderRequest,
  retailProductWire,
  retailRateProductsRequest,
  retailRateProductsResponse,
  retailStockAddedWire,
  retailStockAddRequest,
  type RetailCatalogCreateRequest,
  type RetailCatalogResource,
  type RetailCatalogUpdateRequest,
  type RetailChainSyncWire,
  type RetailCustomerCreateRequest,
  type RetailCustomerPatchRequest,
  type RetailCustomerWire,
  type RetailInvoiceCreatedWire,
  type RetailOrderCreatedWire,
  type RetailOrderRequest,
  type RetailPaymentRequest,
  type RetailRateProductWire,
  type RetailRateProductsRequest,
  type RetailStockAddRequest,
  type RetailStockAddedWire,
} from '../../../shared/api/retail';
import { GatewayError } from '../gateway/errors';
import type { RequestPriority } from '../gateway/limiter';
import type { RetailRequests } from './gatewayRequests';

// The retail gateway's writes: §4.2 orders, invoices, stock, customers and chain sync; §4.3 catalog
// create and mass update; §4.4 a rate's product prices. Each request is checked before it leaves
// (./gatewayRequests.ts).

export interface RetailCallOptions {
  priority?: RequestPriority;
}

export interface RetailOrderCallOptions extends RetailCallOptions {
  /** The outbox's delivery: a 429 fails `rate-limited` at once with its Retry-After, instead of being waited out. */
  returnRateLimited?: boolean;
}

export interface RetailWrites {
  /** §4.2 POST orders: `{ id, status }`. Priority `order`. */
  createOrder(order: RetailOrderRequest, options?: RetailOrderCallOptions): Promise<RetailOrderCreatedWire>;
  /**
   * §4.2 POST orders/{id}/invoices: `{ id, number }`. Priority `order`. A refusal because the
   * order already has an invoice fails `invalid` with code `already-invoiced`.
   */
  createInvoice(orderId: number, payments: RetailPaymentRequest[], options?: RetailOrderCallOptions): Promise<RetailInvoiceCreatedWire>;
  /** §4.2 stocks/add: SETS the product's stock in the warehouse; answers the new quantity (thousandths). */
  addStock(stock: RetailStockAddRequest, options?: RetailCallOptions): Promise<RetailStockAddedWire>;
  /** §4.2 POST config/customers (`name`, `address` required; the 422 carries `said` and any fields). */
  createCustomer(customer: RetailCustomerCreateRequest, options?: RetailCallOptions): Promise<RetailCustomerWire>;
  /** §4.2 PATCH config/customers/{id}: the fields to change. The record when the server sends it. */
  patchCustomer(customerId: number, changes: RetailCustomerPatchRequest, options?: RetailCallOptions): Promise<RetailCustomerWire | null>;
  /** §4.2 POST chains/sync (a master account). */
  chainSync(options?: RetailCallOptions): Promise<RetailChainSyncWire>;

  /** §4.3 create records (≤ 100, atomic). The created records when the server sends them. */
  createCatalogRecords<R extends RetailCatalogResource>(
    resource: R,
    records: RetailCatalogCreateRequest<R>[],
    options?: RetailCallOptions,
  ): Promise<unknown[] | null>;
  /** §4.3 mass update (PATCH, each with `id`; ≤ 100, atomic). */
  updateCatalogRecords<R extends RetailCatalogResource>(
    resource: R,
    records: RetailCatalogUpdateRequest<R>[],
    options?: RetailCallOptions,
  ): Promise<unknown[] | null>;
  /** §4.4 link products to a rate with their prices (≤ 100; unknown products are skipped by the server). */
  linkRateProducts(priceRateId: number, prices: RetailRateProductsRequest['prices'], options?: RetailCallOptions): Promise<RetailRateProductWire[] | null>;
}

const ALREADY_INVOICED = /already\s+invoiced/i;

/** The answer when it reads as `schema`, else null (bodies the spec does not show). */
function notShown<T extends z.ZodType>(schema: T) {
  return z.unknown().transform((body): z.output<T> | null => {
    const parsed = schema.safeParse(body);
    return parsed.success ? parsed.data : null;
  });
}

const catalogRecordSchemas = {
  groups: retailGroupWire,
  categories: retailCategoryWire,
  products: retailProductWire,
} as const;

/** `expectContinue`: orders and invoices are sent with `Expect: 100-continue`. */
export function retailWrites({ call, checked, withinObjectLimit, positiveId }: RetailRequests, expectContinue: boolean): RetailWrites {
  return {
    async createOrder(order, o) {
      const body = checked(retailOrderRequest, order, 'POST orders');
      return call('POST', 'orders', 'orders', retailOrderCreatedWire, {
        body,
        priority: o?.priority ?? 'order',
        expectContinue,
        waitOutRateLimit: !o?.returnRateLimited,
      });
    },

    async createInvoice(orderId, payments, o) {
      const endpoint = 'orders/{id}/invoices';
      const id = positiveId(orderId, `POST ${endpoint}`, 'Order');
      withinObjectLimit(payments.length, `POST ${endpoint}`);
      const body = checked(retailInvoiceRequest, { payments }, `POST ${endpoint}`);
      try {
        return await call('POST', `orders/${id}/invoices`, endpoint, retailInvoiceCreatedWire, {
          body,
          priority: o?.priority ?? 'order',
          expectContinue,
          waitOutRateLimit: !o?.returnRateLimited,
        });
      } catch (error) {
        const said = error instanceof GatewayError ? error.text.params?.said : undefined;
        if (error instanceof GatewayError && error.status === 422 && typeof said === 'string' && ALREADY_INVOICED.test(said)) {
          throw new GatewayError({
            kind: 'invalid',
            code: 'already-invoiced',
            endpoint: error.endpoint,
            status: 422,
            ...(error.body !== undefined ? { body: error.body } : {}),
            text: coded('server-rejected', { status: 422, ...saidParam(said) }),
          });
        }
        throw error;
      }
    },

    async addStock(stock, o) {
      const body = checked(retailStockAddRequest, stock, 'POST stocks/add');
      return call('POST', 'stocks/add', 'stocks/add', retailStockAddedWire, { body, priority: o?.priority });
    },

    async createCustomer(customer, o) {
      const body = checked(retailCustomerCreateRequest, customer, 'POST config/customers');
      return call('POST', 'config/customers', 'config/customers', retailCustomerWire, { body, priority: o?.priority });
    },

    async patchCustomer(customerId, changes, o) {
      const endpoint = 'config/customers/{id}';
      const id = positiveId(customerId, `PATCH ${endpoint}`, 'Customer');
      const body = checked(retailCustomerPatchRequest, changes, `PATCH ${endpoint}`);
      return call('PATCH', `config/customers/${id}`, endpoint, notShown(retailCustomerWire), { body, priority: o?.priority });
    },

    chainSync: async (o) => call('POST', 'chains/sync', 'chains/sync', retailChainSyncWire, { priority: o?.priority }),

    async createCatalogRecords(resource, records, o) {
      const endpoint = `catalog/${resource}`;
      withinObjectLimit(records.length, `POST ${endpoint}`);
      const body = checked(z.array(retailCatalogCreateRequests[resource]).min(1, 'nothing to create'), records, `POST ${endpoint}`);
      return call('POST', endpoint, endpoint, notShown(z.array(catalogRecordSchemas[resource])), { body, priority: o?.priority });
    },

    async updateCatalogRecords(resource, records, o) {
      const endpoint = `catalog/${resource}`;
      withinObjectLimit(records.length, `PATCH ${endpoint}`);
      const body = checked(z.array(retailCatalogUpdateRequests[resource]).min(1, 'nothing to update'), records, `PATCH ${endpoint}`);
      return call('PATCH', endpoint, endpoint, notShown(z.array(catalogRecordSchemas[resource])), { body, priority: o?.priority });
    },

    async linkRateProducts(rateId, prices, o) {
      const endpoint = 'promotions/priceRates/{id}/products';
      const id = positiveId(rateId, `POST ${endpoint}`, 'Price rate');
      withinObjectLimit(prices.length, `POST ${endpoint}`);
      const body = checked(retailRateProductsRequest, { prices }, `POST ${endpoint}`);
      return call('POST', `promotions/priceRates/${id}/products`, endpoint, notShown(retailRateProductsResponse), { body, priority: o?.priority });
    },
  };
}
