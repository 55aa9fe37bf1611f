import type {
  AddStockRequest,
  CatalogCreateRequest,
  CatalogSegment,
  CatalogUpdateRequest,
  CatalogWire,
  CatalogWriteEntry,
  ChainSyncWire,
  CustomerCreateRequest,
  CustomerWire,
  CustomersPage,
  FlowNewOrderRequest,
  GiftCardCreateRequest,
  GiftCardRedeemedWire,
  GiftCardRedeemRequest,
  GiftCardWire,
  LoyaltyOrderRequest,
  LoyaltyOrderWire,
  PaymentMethodWire,
  PurchaseOrderLineWire,
  PurchaseOrdersPage,
  PurchaseOrderWire,
  RoomsPage,
  RoomWire,
  SetStockRequest,
  StocksPage,
  StockWire,
  VendorCreateRequest,
  VendorItemRequest,
  VendorItemWire,
  VendorUpdateRequest,
  VendorWire,
  WarehousesPage,
  WarehouseWire,
} from '../../../shared/api';
import type { SyncPage, SyncResource } from '../../../shared/bridge';
import type { AccountSecrets } from '../secrets/vault';
import type { RateLimiter, RequestPriority } from './limiter';
import type { PageOf } from './pagination';

// The gateway's shapes: what createGateway (client.ts) answers and takes.

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
