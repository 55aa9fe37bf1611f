import { coded } from '../../../shared/bridge';
import { shopCustomerFieldParam, type ShopCustomer } from '../../../shared/bridge/shop';
import type { RetailCustomerCreateRequest, RetailCustomerPatchRequest } from '../../../shared/api/retail';
import { ServiceError } from '../bridge/dispatcher';
import { GatewayError } from '../gateway/errors';
import type { RetailGateway } from './gateway';

// The till's customer (shared/bridge/shop.ts `createShopCustomer`,
// `updateShopCustomer`): §4.2 `POST config/customers` and `PATCH config/customers/{id}` through the
// retail gateway, online only — nothing is queued: the clerk is told at once, as the venue's
// customer delete does (electron/services/commerce/customers.ts). `interactive` priority: a clerk
// waits, ahead of the sync's pages.
//
// A refusal (the gateway's own check before sending, `request-invalid`, or the shop's 422,
// `server-rejected`) keeps its code and parameters and adds, per §2.4 field it named, the shop's
// own words as `said<Field>` (`saidAddress`), so the renderer shows each under its field. The
// sandbox's 422 names no field (`data: []`): then only `said` (the shop's sentence) goes.

/** §2.4's fields: a refusal's paths are matched against these (`customer.address` → `address`). */
export const SHOP_CUSTOMER_FIELDS = [
  'name',
  'address',
  'city',
  'state',
  'country',
  'postalCode',
  'nif',
  'web',
  'email',
  'phone',
  'notes',
  'maxCredit',
  'extra_id',
] as const;
export type ShopCustomerField = (typeof SHOP_CUSTOMER_FIELDS)[number];

const KNOWN: ReadonlySet<string> = new Set(SHOP_CUSTOMER_FIELDS);

/** The §2.4 field a path names (`address`, `customer.address`, `data[0].email`), or null. */
export function customerFieldOf(path: string): ShopCustomerField | null {
  const last =
    path
      .split(/[.[\]]+/)
      .filter(Boolean)
      .at(-1) ?? '';
  return KNOWN.has(last) ? (last as ShopCustomerField) : null;
}

export async function createShopCustomer(gateway: RetailGateway, customer: RetailCustomerCreateRequest): Promise<ShopCustomer> {
  try {
    return await gateway.createCustomer(customer, { priority: 'interactive' });
  } catch (error) {
    throw customerFailure(error);
  }
}

/** The record the shop answered with, or null when its answer did not carry one (the renderer applies `changes`). */
export async function updateShopCustomer(gateway: RetailGateway, customerId: number, changes: RetailCustomerPatchRequest): Promise<ShopCustomer | null> {
  try {
    const record = await gateway.patchCustomer(customerId, changes, { priority: 'interactive' });
    // An answer for another customer is not this one's record.
    return record !== null && record.id === customerId ? record : null;
  } catch (error) {
    throw customerFailure(error);
  }
}

/** A gateway failure as the bridge carries it: a refusal with the fields named and the shop's words for each. */
export function customerFailure(error: unknown): unknown {
  if (!(error instanceof GatewayError)) return error;
  const info = error.toBridgeError();
  if (error.kind !== 'invalid') return new ServiceError(info);
  const named = [...new Set(error.fields.map(customerFieldOf).filter((field) => field !== null))];
  const words: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fieldMessages)) {
    const field = customerFieldOf(path);
    const param = field === null ? null : shopCustomerFieldParam(field);
    if (param !== null && !(param in words)) words[param] = message.slice(0, 500);
  }
  const params = { ...info.params, ...(named.length > 0 ? { fields: named.join(', ') } : {}), ...words };
  return new ServiceError({ ...info, ...coded(info.code, params) });
}
