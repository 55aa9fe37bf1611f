import { z } from 'zod';
import {
  addStockRequest,
  catalogResources,
  catalogWriteRequests,
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
  type AddStockRequest,
  type CatalogCreateRequest,
  type CatalogSegment,
  type CatalogUpdateRequest,
  type CatalogWire,
  type CatalogWriteEntry,
  type ChainSyncWire,
  type CustomerCreateRequest,
  type CustomerWire,
  type CustomersPage,
  type FlowNewOrderRequest,
  type GiftCardCreateRequest,
  type GiftCardRedeemedWire,
  type GiftCardRedeemRequest,
  type GiftCardWire,
  type LoyaltyOrderRequest,
  type LoyaltyOrderWire,
  type PaymentMethodWire,
  type PurchaseOrderLineWire,
  type PurchaseOrdersPage,
  type PurchaseOrderWire,
  type RoomsPage,
  type RoomWire,
  type SetStockRequest,
  type StocksPage,
  type StockWire,
  type VendorCreateRequest,
  type VendorItemRequest,
  type VendorItemWire,
  type VendorUpdateRequest,
  type VendorWire,
  type WarehousesPage,
  type WarehouseWire,
} from '../../../shared/api';
import type { SyncPage, SyncResource } from '../../../shared/bridge';
import { coded, describeZodError, saidParam } from '../../../shared/bridge';
import type { AccountSecrets } from '../secrets/vault';
import { GatewayError } from './errors';
import { createRateLimiter, type RateLimiter, type RequestPriority } from './limiter';
import { MAX_PAGE_SIZE, ROOMS_PER_PAGE, walkPages, type PageOf } from './pagination';
import { fetchSyncPage } from './syncPages';
import { createTransport, type HttpMethod, type RequestSpec } from './transport';

export interface GatewayOptions {
  /** Host root; the paths of spec §4 are appended. */
  baseUrl: string;
  /** Read at every call, so saved credentials take effect without a restart. */
  secrets: () => Promise<AccountSecrets | null>;
  /** Per request attempt, from sending to the end of the answer. */
  timeoutMs: number;
  /** Told whether the server answered at all (any HTTP status) or could not be reached. */
  onReachability?: (reachable: boolean) => void;
  fetch?: typeof fetch;
  /**
   * The account's rate limiter, shared by every caller of the account (createAccountLimiters).
   * Without one the gateway makes its own with `requestsPerMinute` (default: spec §8, 120).
   */
  limiter?: RateLimiter;
  requestsPerMinute?: number;
  /** Request size limit; default spec §8 (2 MB). */
  maxRequestBytes?: number;
  /** A Retry-After longer than this fails the call `rate-limited` instead of waiting. Default 2 min. */
  maxRetryAfterMs?: number;
  /**
   * Loyalty orders go with `Expect: 100-continue` over node:http(s), so a connection lost before
   * the body left is known to be harmless (gateway/expectContinue.ts). Default: on, unless `fetch`
   * is injected (tests that fake the network see every request through it).
   */
  expectContinue?: boolean;
}

/** Options of one call. */
export interface CallOptions {
  /** Turn order in the account's limiter; orders default to `order`, everything else `interactive`. */
  priority?: RequestPriority;
}

/** Options of an order (Flow seating, loyalty order). */
export interface OrderCallOptions extends CallOptions {
  /**
   * The outbox's delivery (ARCHITECTURE §5): a 429 fails `rate-limited` at once, with its
   * Retry-After, instead of being waited out inside the call — the outbox decides when to retry.
   */
  returnRateLimited?: boolean;
}

export interface PageOptions extends CallOptions {
  /** Records per page (spec §4.1: default 50, maximum 200). Default 200. */
  perPage?: number;
}

export type Paginated<T> = PageOf<T> & { per_page?: number | undefined };

/** spec §4.3: the same calls for each of the 11 catalog resources. */
export interface CatalogCalls<S extends CatalogSegment> {
  /** Every record, all pages (200 a page). */
  list(options?: CallOptions): Promise<CatalogWire<S>[]>;
  page(page: number, options?: PageOptions): Promise<Paginated<CatalogWire<S>>>;
  get(id: number, options?: CallOptions): Promise<CatalogWire<S>>;
  /** Creates one record. The answer is not shown in the spec: the record when the server sends it. */
  create(record: CatalogCreateRequest<S>, options?: CallOptions): Promise<CatalogWire<S> | null>;
  /** spec 4.3 rule 3: `id` plus only the fields that change. */
  update(record: CatalogUpdateRequest<S>, options?: CallOptions): Promise<CatalogWire<S> | null>;
  /** Creates or updates many with the wrapper key (entries with `id` update). */
  writeMany(records: CatalogWriteEntry<S>[], options?: CallOptions): Promise<CatalogWire<S>[] | null>;
  delete(id: number, options?: CallOptions): Promise<void>;
}

export type CatalogGateway = { [S in CatalogSegment]: CatalogCalls<S> };

/** A typed call per vendor endpoint (spec §4, images aside); failures are GatewayErrors (errors.ts). */
export interface Gateway {
  /** The account's request budget, shared with every other caller (sync engine, outbox). */
  readonly limiter: RateLimiter;

  // spec 4.2
  /** Every room with its tables, all pages. */
  listRooms(options?: CallOptions): Promise<RoomWire[]>;
  /** One page of rooms with their tables (20 a page, spec 4.1). */
  roomsPage(page: number, options?: CallOptions): Promise<RoomsPage>;
  listPaymentMethods(options?: CallOptions): Promise<PaymentMethodWire[]>;
  createGiftCard(card: GiftCardCreateRequest, options?: CallOptions): Promise<GiftCardWire>;
  redeemGiftCard(uuid: string, redeem: GiftCardRedeemRequest, options?: CallOptions): Promise<GiftCardRedeemedWire>;
  listCustomers(options?: CallOptions): Promise<CustomerWire[]>;
  customersPage(page: number, options?: PageOptions): Promise<CustomersPage>;
  getCustomer(id: number, options?: CallOptions): Promise<CustomerWire>;
  /** The answer is not shown in the spec: the created customers when the server sends them. */
  createCustomers(customers: CustomerCreateRequest[], options?: CallOptions): Promise<CustomerWire[] | null>;
  deleteCustomer(id: number, options?: CallOptions): Promise<void>;
  /** The tenant must be the chain's master account. */
  syncChain(options?: CallOptions): Promise<ChainSyncWire | null>;

  // spec 4.3
  readonly catalog: CatalogGateway;
  listCategoriesOfGroup(groupId: number, options?: CallOptions): Promise<CatalogWire<'categories'>[]>;
  listItemsOfCategory(categoryId: number, options?: CallOptions): Promise<CatalogWire<'items'>[]>;

  // spec 4.4
  listWarehouses(options?: CallOptions): Promise<WarehouseWire[]>;
  warehousesPage(page: number, options?: PageOptions): Promise<WarehousesPage>;
  listStocks(warehouseId: number, options?: CallOptions): Promise<StockWire[]>;
  stocksPage(warehouseId: number, page: number, options?: PageOptions): Promise<StocksPage>;
  addStock(warehouseId: number, stock: AddStockRequest, options?: CallOptions): Promise<StockWire | StockWire[] | null>;
  setStock(warehouseId: number, stock: SetStockRequest, options?: CallOptions): Promise<StockWire | StockWire[] | null>;

  // spec 4.5
  listPurchaseOrders(options?: CallOptions): Promise<PurchaseOrderWire[]>;
  purchaseOrdersPage(page: number, options?: PageOptions): Promise<PurchaseOrdersPage>;
  /** The content lines of one purchase order, all pages. */
  listPurchaseOrderLines(purchaseOrderId: number, options?: CallOptions): Promise<PurchaseOrderLineWire[]>;

  // spec 4.6
  listVendors(options?: CallOptions): Promise<VendorWire[]>;
  getVendor(id: number, options?: CallOptions): Promise<VendorWire>;
  createVendor(vendor: VendorCreateRequest, options?: CallOptions): Promise<VendorWire | null>;
  updateVendor(id: number, changes: VendorUpdateRequest, options?: CallOptions): Promise<VendorWire | null>;
  deleteVendor(id: number, options?: CallOptions): Promise<void>;
  listVendorItems(vendorId: number, options?: CallOptions): Promise<VendorItemWire[]>;
  saveVendorItems(vendorId: number, items: VendorItemRequest[], options?: CallOptions): Promise<VendorItemWire[] | null>;
  /** Removes the relation of each listed ITEM id (every one must be related to the vendor). */
  removeVendorItems(vendorId: number, itemIds: number[], options?: CallOptions): Promise<void>;

  // spec 4.7, 4.8
  /**
   * Flow `newOrder`: seats a reservation. `result: false` fails as `invalid` with the server's
   * message (code `table-has-open-order` when a table is taken), or `unauthorised`.
   */
  flowNewOrder(data: FlowNewOrderRequest, options?: OrderCallOptions): Promise<{ id: number }>;
  placeLoyaltyOrder(order: LoyaltyOrderRequest, options?: OrderCallOptions): Promise<LoyaltyOrderWire>;

  /** One page (200 records) of a resource the renderer's sync engine mirrors; priority `sync`. */
  fetchSyncPage(input: { resource: SyncResource; page: number; warehouseId?: number | undefined }): Promise<SyncPage>;
}


const V2 = 'api/external/v2';
const ignoreBody = z.unknown().transform((): void => undefined);

/** Flow's `result: false` messages that mean the credentials in `auth` were refused. */
const FLOW_AUTH_FAILURE = /authenticat|unauthori[sz]ed|credential|invalid (access )?token|unknown tenant/i;

export function createGateway(options: GatewayOptions): Gateway {
  const limiter =
    options.limiter ?? createRateLimiter(options.requestsPerMinute ? { requestsPerMinute: options.requestsPerMinute } : {});
  const transport = createTransport({
    baseUrl: options.baseUrl,
    secrets: options.secrets,
    timeoutMs: options.timeoutMs,
    limiter,
    onReachability: options.onReachability,
    fetch: options.fetch,
    maxRequestBytes: options.maxRequestBytes,
    maxRetryAfterMs: options.maxRetryAfterMs,
  });

  const expectContinue = options.expectContinue ?? options.fetch === undefined;

  /** Checks what we are about to send against its request schema: a bad request never leaves. */
  function checked<S extends z.ZodType>(schema: S, value: unknown, endpoint: string): z.output<S> {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const detail = describeZodError(endpoint, parsed.error);
      throw new GatewayError({
        kind: 'invalid',
        code: 'request-invalid',
        endpoint,
        text: coded('request-invalid'),
        body: detail,
      });
    }
    return parsed.data;
  }

  function positiveId(id: number, endpoint: string, what: string): number {
    if (!Number.isSafeInteger(id) || id < 1) {
      throw new GatewayError({ kind: 'invalid', code: 'request-invalid', endpoint, text: coded('invalid-id', { id: String(id) }), body: `${what} ${String(id)} is not a valid id` });
    }
    return id;
  }

  function v2<S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    endpoint: string,
    response: S,
    extra: Partial<RequestSpec<S>> & { priority?: RequestPriority | undefined } = {},
  ): Promise<z.output<S>> {
    return transport.send({
      method,
      path: `${V2}/${path}`,
      endpoint: `${method} ${endpoint}`,
      credentials: 'headers',
      response,
      write: method !== 'GET',
      ...extra,
      priority: extra.priority ?? 'interactive',
    });
  }

  function pageParams(page: number, perPage = MAX_PAGE_SIZE): Record<string, number> {
    return { page, pagination: Math.min(Math.max(1, Math.trunc(perPage)), MAX_PAGE_SIZE) };
  }

  /** GET of a paginated list, one page. */
  function getPage<S extends z.ZodType>(path: string, endpoint: string, schema: S, page: number, options: PageOptions = {}) {
    return v2('GET', path, endpoint, schema, { searchParams: pageParams(page, options.perPage), priority: options.priority });
  }

  /** Every page of a list, `perPage` a page (spec §4.1: 200, rooms 20), via the checking walker. */
  function getAll<T>(endpoint: string, fetchPage: (page: number) => Promise<PageOf<T>>, perPage = MAX_PAGE_SIZE): Promise<T[]> {
    return walkPages({ endpoint: `GET ${endpoint}`, perPage }, fetchPage);
  }

  function catalogCalls<S extends CatalogSegment>(segment: S): CatalogCalls<S> {
    const resource = catalogResources[segment];
    const requests = catalogWriteRequests[segment];
    const record = resource.record as unknown as z.ZodType<CatalogWire<S>>;
    const page = resource.page as unknown as z.ZodType<Paginated<CatalogWire<S>>>;
    const path = `catalog/${segment}`;
    const one = (p: number, o?: PageOptions) => getPage(path, path, page, p, o);
    return {
      list: async (o) => getAll(path, (p) => one(p, o)),
      page: one,
      get: async (id, o) =>
        v2('GET', `${path}/${positiveId(id, `GET ${path}/{id}`, 'Record')}`, `${path}/{id}`, record, { priority: o?.priority }),
      async create(input, o) {
        const body = checked(requests.create, input, `POST ${path}`);
        return v2('POST', path, path, notShown(record), { body, priority: o?.priority });
      },
      async update(input, o) {
        const body = checked(requests.update, input, `POST ${path} (update)`);
        return v2('POST', path, `${path} (update)`, notShown(record), { body, priority: o?.priority });
      },
      async writeMany(entries, o) {
        const body = checked(requests.batch, { [segment]: entries }, `POST ${path} (${segment}[])`);
        return v2('POST', path, `${path} (${segment}[])`, notShown(z.array(record)), { body, priority: o?.priority });
      },
      async delete(id, o) {
        await v2('DELETE', `${path}/${positiveId(id, `DELETE ${path}/{id}`, 'Record')}`, `${path}/{id}`, ignoreBody, {
          priority: o?.priority,
        });
      },
    };
  }

  const catalog = Object.fromEntries(
    (Object.keys(catalogResources) as CatalogSegment[]).map((segment) => [segment, catalogCalls(segment)]),
  ) as CatalogGateway;

  const gateway: Gateway = {
    limiter,

    // ——— spec 4.2 ———
    roomsPage: async (page, o) =>
      v2('GET', 'rooms', 'rooms', roomsPage, { searchParams: { withTables: 1, page }, priority: o?.priority }),
    listRooms: async (o) => getAll('rooms', (page) => gateway.roomsPage(page, o), ROOMS_PER_PAGE),
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
    listCustomers: async (o) => getAll('customers', (page) => gateway.customersPage(page, o)),
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

    // ——— spec 4.3 ———
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
    listWarehouses: async (o) => getAll('warehouses', (page) => gateway.warehousesPage(page, o)),
    stocksPage: async (warehouseId, page, o) =>
      getPage(
        `warehouses/${positiveId(warehouseId, 'GET warehouses/{id}', 'Warehouse')}`,
        'warehouses/{id}',
        stocksPage,
        page,
        o,
      ),
    listStocks: async (warehouseId, o) => getAll('warehouses/{id}', (page) => gateway.stocksPage(warehouseId, page, o)),
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
    listPurchaseOrders: async (o) => getAll('purchaseOrders', (page) => gateway.purchaseOrdersPage(page, o)),
    async listPurchaseOrderLines(purchaseOrderId, o) {
      const path = `purchaseOrders/${positiveId(purchaseOrderId, 'GET purchaseOrders/{id}', 'Purchase order')}`;
      return getAll('purchaseOrders/{id}', (page) => getPage(path, 'purchaseOrders/{id}', purchaseOrderLinesPage, page, o));
    },

    // ——— spec 4.6 ———
    listVendors: async (o) => getAll('vendors', (page) => getPage('vendors', 'vendors', vendorsPage, page, o)),
    getVendor: async (id, o) =>
      v2('GET', `vendors/${positiveId(id, 'GET vendors/{id}', 'Vendor')}`, 'vendors/{id}', vendorWire, { priority: o?.priority }),
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

    // ——— spec 4.7 ———
    async flowNewOrder(data, o) {
      const endpoint = 'POST apiFlow newOrder';
      const secrets = await transport.requireSecrets(endpoint);
      // spec §5: Flow carries the credentials inside the message, not in headers.
      const message = checked(
        flowMessageRequest,
        { auth: { tenant: secrets.tenant, token: secrets.accessToken }, action: 'newOrder', data },
        endpoint,
      );
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

    fetchSyncPage: async (input) => fetchSyncPage(gateway, input),
  };
  return gateway;
}
