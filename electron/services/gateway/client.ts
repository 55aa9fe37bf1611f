import { z } from 'zod';
import {
  addStockRequest,
  catalogResources,
  chainSyncWire,
  customersCreateRequest,
  customersPage,
  customerWire,
  flowEnvelopeWire,
  flowMessageRequest,
  giftCardCreateRequest,
  giftCardRedeemedWire,
  giftCardRedeemRequest,
  giftCardWire,
  isTableBusyMessage,
  loyaltyOrderRequest,
  loyaltyOrderWire,
  notShown,
  paymentMethodsResponse,
  purchaseOrderLinesPage,
  purchaseOrdersPage,
  roomsPage,
  setStockRequest,
  stocksPage,
  stockWriteWire,
  vendorCreateRequest,
  vendorItemsPage,
  vendorItemWire,
  vendorItemsRemoveRequest,
  vendorItemsSaveRequest,
  vendorUpdateRequest,
  vendorWire,
  vendorsPage,
  warehousesPage,
} from '../../../shared/api';
import { coded, saidParam } from '../../../shared/bridge';
import { GatewayError } from './errors';
import { ROOMS_PER_PAGE } from './pagination';
import { fetchSyncPage } from './syncPages';
import type { Gateway, GatewayOptions } from './types';
import { FLOW_AUTH_FAILURE, gatewayRequests, ignoreBody, type GatewayRequests } from './requests';

export type { GatewayOptions, Gateway } from './types';

/** The venue's vendor API (spec §4), every call checked before it leaves and on its way back. */
export function createGateway(options: GatewayOptions): Gateway {
  const requests = gatewayRequests(options);
  const gateway: Gateway = {
    limiter: requests.limiter,
    ...venueCalls(requests, () => gateway),
    ...stockCalls(requests, () => gateway),
    ...vendorCalls(requests),
    ...orderCalls(requests),
    fetchSyncPage: async (input) => fetchSyncPage(gateway, input),
  };
  return gateway;
}

/** spec 4.2: rooms, payment methods, gift cards, customers, the chain's sync. */
function venueCalls({ v2, checked, positiveId, getPage, getAll, transport }: GatewayRequests, self: () => Gateway) {
  return {
    // ——— spec 4.2 ———
    roomsPage: async (page, o) => v2('GET', 'rooms', 'rooms', roomsPage, { searchParams: { withTables: 1, page }, priority: o?.priority }),
    listRooms: async (o) => getAll('rooms', (page) => self().roomsPage(page, o), ROOMS_PER_PAGE),
    listPaymentMethods: async (o) => v2('GET', 'paymentMethods', 'paymentMethods', paymentMethodsResponse, { priority: o?.priority }),

    async createGiftCard(card, o) {
      const query = checked(giftCardCreateRequest, card, 'POST giftCards');
      // spec 4.2: the gift card's fields travel in the query string, not in a body.
      const searchParams: Record<string, string | number> = { balance: query.balance, uuid: query.uuid };
      if (query.campaign_id !== undefined) searchParams.campaign_id = query.campaign_id;
      return v2('POST', 'giftCards', 'giftCards', giftCardWire, { searchParams, priority: o?.priority });
    },
    async redeemGiftCard(uuid, redeem, o) {
      const endpoint = 'giftCards/{uuid}';
      const cardUuid = checked(giftCardCreateRequest.shape.uuid, uuid, `POST ${endpoint}`);
      const body = checked(giftCardRedeemRequest, redeem, `POST ${endpoint}`);
      return v2('POST', `giftCards/${encodeURIComponent(cardUuid)}`, endpoint, giftCardRedeemedWire, { body, priority: o?.priority });
    },

    customersPage: async (page, o) => getPage('customers', 'customers', customersPage, page, o),
    listCustomers: async (o) => getAll('customers', (page) => self().customersPage(page, o)),
    getCustomer: async (id, o) =>
      v2('GET', `customers/${positiveId(id, 'GET customers/{id}', 'Customer')}`, 'customers/{id}', customerWire, {
        priority: o?.priority,
      }),
    async createCustomers(customers, o) {
      const body = checked(customersCreateRequest, customers, 'POST customers');
      return v2('POST', 'customers', 'customers', notShown(z.array(customerWire)), { body, priority: o?.priority });
    },
    async deleteCustomer(id, o) {
      await v2('DELETE', `customers/${positiveId(id, 'DELETE customers/{id}', 'Customer')}`, 'customers/{id}', ignoreBody, {
        priority: o?.priority,
      });
    },
    syncChain: async (o) =>
      transport.send({
        method: 'POST',
        path: 'api/external/chains/sync',
        endpoint: 'POST chains/sync',
        credentials: 'headers',
        response: notShown(chainSyncWire),
        write: true,
        priority: o?.priority ?? 'interactive',
      }),
  } satisfies Partial<Gateway>;
}

/** spec 4.3–4.5: the catalog, warehouses and their stock, purchase orders. */
function stockCalls({ v2, checked, positiveId, getPage, getAll, catalog, expectContinue }: GatewayRequests, self: () => Gateway) {
  return {
    catalog,
    async listCategoriesOfGroup(groupId, o) {
      const path = `catalog/groups/${positiveId(groupId, 'GET catalog/groups/{id}/categories', 'Group')}/categories`;
      return getAll('catalog/groups/{id}/categories', (page) => getPage(path, 'catalog/groups/{id}/categories', catalogResources.categories.page, page, o));
    },
    async listItemsOfCategory(categoryId, o) {
      const path = `catalog/categories/${positiveId(categoryId, 'GET catalog/categories/{id}/items', 'Category')}/items`;
      return getAll('catalog/categories/{id}/items', (page) => getPage(path, 'catalog/categories/{id}/items', catalogResources.items.page, page, o));
    },

    // ——— spec 4.4 ———
    warehousesPage: async (page, o) => getPage('warehouses', 'warehouses', warehousesPage, page, o),
    listWarehouses: async (o) => getAll('warehouses', (page) => self().warehousesPage(page, o)),
    stocksPage: async (warehouseId, page, o) =>
      getPage(`warehouses/${positiveId(warehouseId, 'GET warehouses/{id}', 'Warehouse')}`, 'warehouses/{id}', stocksPage, page, o),
    listStocks: async (warehouseId, o) => getAll('warehouses/{id}', (page) => self().stocksPage(warehouseId, page, o)),
    async addStock(warehouseId, stock, o) {
      const endpoint = 'warehouses/{id}/addStock';
      const body = checked(addStockRequest, stock, `POST ${endpoint}`);
      const id = positiveId(warehouseId, `POST ${endpoint}`, 'Warehouse');
      // AddStock ADDS, so (like a loyalty order) the body waits for 100 Continue: a drop
      // before it proves nothing was added, and the queue sends the receipt line again by itself.
      return v2('POST', `warehouses/${id}/addStock`, endpoint, notShown(stockWriteWire), { body, priority: o?.priority, expectContinue });
    },
    async setStock(warehouseId, stock, o) {
      const endpoint = 'warehouses/{id}/setStock';
      const body = checked(setStockRequest, stock, `POST ${endpoint}`);
      const id = positiveId(warehouseId, `POST ${endpoint}`, 'Warehouse');
      return v2('POST', `warehouses/${id}/setStock`, endpoint, notShown(stockWriteWire), { body, priority: o?.priority });
    },

    // ——— spec 4.5 ———
    purchaseOrdersPage: async (page, o) => getPage('purchaseOrders', 'purchaseOrders', purchaseOrdersPage, page, o),
    listPurchaseOrders: async (o) => getAll('purchaseOrders', (page) => self().purchaseOrdersPage(page, o)),
    async listPurchaseOrderLines(purchaseOrderId, o) {
      const path = `purchaseOrders/${positiveId(purchaseOrderId, 'GET purchaseOrders/{id}', 'Purchase order')}`;
      return getAll('purchaseOrders/{id}', (page) => getPage(path, 'purchaseOrders/{id}', purchaseOrderLinesPage, page, o));
    },
  } satisfies Partial<Gateway>;
}

/** spec 4.6: vendors and their items. */
function vendorCalls({ v2, checked, positiveId, getPage, getAll }: GatewayRequests) {
  return {
    listVendors: async (o) => getAll('vendors', (page) => getPage('vendors', 'vendors', vendorsPage, page, o)),
    getVendor: async (id, o) => v2('GET', `vendors/${positiveId(id, 'GET vendors/{id}', 'Vendor')}`, 'vendors/{id}', vendorWire, { priority: o?.priority }),
    async createVendor(vendor, o) {
      const body = checked(vendorCreateRequest, vendor, 'POST vendors');
      return v2('POST', 'vendors', 'vendors', notShown(vendorWire), { body, priority: o?.priority });
    },
    async updateVendor(id, changes, o) {
      const body = checked(vendorUpdateRequest, changes, 'PUT vendors/{id}');
      return v2('PUT', `vendors/${positiveId(id, 'PUT vendors/{id}', 'Vendor')}`, 'vendors/{id}', notShown(vendorWire), {
        body,
        priority: o?.priority,
      });
    },
    async deleteVendor(id, o) {
      await v2('DELETE', `vendors/${positiveId(id, 'DELETE vendors/{id}', 'Vendor')}`, 'vendors/{id}', ignoreBody, {
        priority: o?.priority,
      });
    },
    async listVendorItems(vendorId, o) {
      const path = `vendors/${positiveId(vendorId, 'GET vendors/{id}/items', 'Vendor')}/items`;
      return getAll('vendors/{id}/items', (page) => getPage(path, 'vendors/{id}/items', vendorItemsPage, page, o));
    },
    async saveVendorItems(vendorId, items, o) {
      const endpoint = 'vendors/{id}/items';
      const body = checked(vendorItemsSaveRequest, { items }, `POST ${endpoint}`);
      const path = `vendors/${positiveId(vendorId, `POST ${endpoint}`, 'Vendor')}/items`;
      return v2('POST', path, endpoint, notShown(z.array(vendorItemWire)), { body, priority: o?.priority });
    },
    async removeVendorItems(vendorId, itemIds, o) {
      const endpoint = 'vendors/{id}/items';
      const body = checked(vendorItemsRemoveRequest, { items: itemIds }, `DELETE ${endpoint}`);
      const path = `vendors/${positiveId(vendorId, `DELETE ${endpoint}`, 'Vendor')}/items`;
      await v2('DELETE', path, endpoint, ignoreBody, { body, priority: o?.priority });
    },
  } satisfies Partial<Gateway>;
}

/** spec 4.7–4.8: Flow's newOrder and the loyalty order, the two calls that place orders. */
function orderCalls({ checked, transport, expectContinue }: GatewayRequests) {
  return {
    async flowNewOrder(data, o) {
      const endpoint = 'POST apiFlow newOrder';
      const secrets = await transport.requireSecrets(endpoint);
      // spec §5: Flow carries the credentials inside the message, not in headers.
      const message = checked(flowMessageRequest, { auth: { tenant: secrets.tenant, token: secrets.accessToken }, action: 'newOrder', data }, endpoint);
      const envelope = await transport.send({
        method: 'POST',
        path: 'apiFlow',
        endpoint,
        credentials: 'none',
        searchParams: { message: JSON.stringify(message) },
        response: flowEnvelopeWire,
        write: true,
        priority: o?.priority ?? 'order',
        // Flow has no body (the message is in the query), so 100-continue cannot help here.
        waitOutRateLimit: !o?.returnRateLimited,
      });
      if (envelope.result) return envelope.data;
      const said = envelope.errorMessage ?? '';
      if (FLOW_AUTH_FAILURE.test(said)) {
        throw new GatewayError({
          kind: 'unauthorised',
          endpoint,
          body: said,
          text: coded('credentials-refused', saidParam(said)),
        });
      }
      const busy = isTableBusyMessage(said);
      throw new GatewayError({
        kind: 'invalid',
        endpoint,
        body: said || undefined,
        ...(busy ? { code: 'table-has-open-order' as const } : {}),
        text: coded('order-refused', saidParam(said)),
      });
    },

    // ——— spec 4.8 ———
    async placeLoyaltyOrder(order, o) {
      const body = checked(loyaltyOrderRequest, order, 'POST loyalty/orders');
      return transport.send({
        method: 'POST',
        path: 'api/loyalty/orders',
        endpoint: 'POST loyalty/orders',
        credentials: 'headers',
        body,
        response: loyaltyOrderWire,
        write: true,
        priority: o?.priority ?? 'order',
        expectContinue,
        waitOutRateLimit: !o?.returnRateLimited,
      });
    },
  } satisfies Partial<Gateway>;
}
