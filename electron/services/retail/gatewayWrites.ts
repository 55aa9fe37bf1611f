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
} from '../../../shared/api/retail';
import { GatewayError } from '../gateway/errors';
import type { RetailGateway } from './gateway';
import type { RetailRequests } from './gatewayRequests';

// The retail gateway's writes: §4.2 orders, invoices, stock, customers and chain sync; §4.3 catalog
// create and mass update; §4.4 a rate's product prices. Each request is checked before it leaves
// (./gatewayRequests.ts).

export type RetailWrites = Pick<
  RetailGateway,
  'createOrder' | 'createInvoice' | 'addStock' | 'createCustomer' | 'patchCustomer' | 'chainSync' | 'createCatalogRecords' | 'updateCatalogRecords' | 'linkRateProducts'
>;

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
