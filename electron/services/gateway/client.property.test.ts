import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogResources, type CatalogSegment } from '../../../shared/api';
import { isErrorCode, syncPageSchema, syncResourceNames } from '../../../shared/bridge';
import { createGateway, type Gateway } from './client';
import { GatewayError, gatewayErrorKinds, type GatewayErrorKind } from './errors';
import { fetchPlaying, vendorAnswer } from './vendorAnswers.testing';

// Property (docs/security.md): whatever the vendor answers — random JSON, wrong types, missing
// fields, huge numbers, wrong content types, truncated bodies, random statuses, a dropped
// connection — every gateway call resolves with a value of its promised shape or rejects with a
// GatewayError of a known kind with a known error code the renderer words. Never anything else.

const KINDS: ReadonlySet<GatewayErrorKind> = new Set<GatewayErrorKind>(gatewayErrorKinds);
const SECRETS = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };
const GATEWAY_RUNS = Number(process.env.FC_RUNS ?? 600);

type Check = (value: unknown) => void;
const isArray: Check = (value) => expect(Array.isArray(value)).toBe(true);
const isObject: Check = (value) => expect(typeof value === 'object' && value !== null).toBe(true);
const isObjectOrNull: Check = (value) => expect(typeof value === 'object').toBe(true);
const isVoid: Check = (value) => expect(value).toBeUndefined();
const isPage: Check = (value) => {
  isObject(value);
  const body = value as { current_page: unknown; data: unknown };
  expect(Array.isArray(body.data)).toBe(true);
  expect(typeof body.current_page).toBe('number');
};

/** Every call of the gateway, with a plausible input, and what a success must look like. */
function calls(): Array<[string, (gateway: Gateway) => Promise<unknown>, Check]> {
  const list: Array<[string, (gateway: Gateway) => Promise<unknown>, Check]> = [
    ['listRooms', (g) => g.listRooms(), isArray],
    ['roomsPage', (g) => g.roomsPage(2), isPage],
    ['listPaymentMethods', (g) => g.listPaymentMethods(), isArray],
    ['createGiftCard', (g) => g.createGiftCard({ balance: 20, uuid: 'card-1' }), isObject],
    ['redeemGiftCard', (g) => g.redeemGiftCard('card-1', { amount: 5 }), isObject],
    ['listCustomers', (g) => g.listCustomers(), isArray],
    ['customersPage', (g) => g.customersPage(1), isPage],
    ['getCustomer', (g) => g.getCustomer(3), isObject],
    ['createCustomers', (g) => g.createCustomers([{ name: 'Ana' }]), isObjectOrNull],
    ['deleteCustomer', (g) => g.deleteCustomer(3), isVoid],
    ['syncChain', (g) => g.syncChain(), isObjectOrNull],
    ['listCategoriesOfGroup', (g) => g.listCategoriesOfGroup(1), isArray],
    ['listItemsOfCategory', (g) => g.listItemsOfCategory(1), isArray],
    ['listWarehouses', (g) => g.listWarehouses(), isArray],
    ['warehousesPage', (g) => g.warehousesPage(1), isPage],
    ['listStocks', (g) => g.listStocks(1), isArray],
    ['stocksPage', (g) => g.stocksPage(1, 3), isPage],
    ['addStock', (g) => g.addStock(1, { item_id: 5, quantity: 2 }), isObjectOrNull],
    ['setStock', (g) => g.setStock(1, { item_id: 5, quantity: 2 }), isObjectOrNull],
    ['listPurchaseOrders', (g) => g.listPurchaseOrders(), isArray],
    ['purchaseOrdersPage', (g) => g.purchaseOrdersPage(1), isPage],
    ['listPurchaseOrderLines', (g) => g.listPurchaseOrderLines(1), isArray],
    ['listVendors', (g) => g.listVendors(), isArray],
    ['getVendor', (g) => g.getVendor(1), isObject],
    ['createVendor', (g) => g.createVendor({ name: 'Makro', address: 'Calle 1', nif: 'B123' }), isObjectOrNull],
    ['updateVendor', (g) => g.updateVendor(1, { name: 'Makro' }), isObjectOrNull],
    ['deleteVendor', (g) => g.deleteVendor(1), isVoid],
    ['listVendorItems', (g) => g.listVendorItems(1), isArray],
    ['saveVendorItems', (g) => g.saveVendorItems(1, [{ item_id: 5 } as never]), isObjectOrNull],
    ['removeVendorItems', (g) => g.removeVendorItems(1, [5]), isVoid],
    ['flowNewOrder', (g) => g.flowNewOrder({ customer: null, table_id: [3], guests: 2, contents: null, payments: null }), isObject],
    ['placeLoyaltyOrder', (g) => g.placeLoyaltyOrder({ order: { total: 1.8, contents: [{ item_id: 1, itemPrice: 1.8 }] } }), isObject],
  ];
  for (const segment of Object.keys(catalogResources) as CatalogSegment[]) {
    list.push(
      [`catalog.${segment}.list`, (g) => g.catalog[segment].list(), isArray],
      [`catalog.${segment}.page`, (g) => g.catalog[segment].page(2), isPage],
      [`catalog.${segment}.get`, (g) => g.catalog[segment].get(7), isObject],
      [`catalog.${segment}.create`, (g) => g.catalog[segment].create({ name: 'Caña' } as never), isObjectOrNull],
      [`catalog.${segment}.update`, (g) => g.catalog[segment].update({ id: 7, name: 'Caña' } as never), isObjectOrNull],
      [`catalog.${segment}.writeMany`, (g) => g.catalog[segment].writeMany([{ name: 'Caña' }] as never), isObjectOrNull],
      [`catalog.${segment}.delete`, (g) => g.catalog[segment].delete(7), isVoid],
    );
  }
  for (const resource of syncResourceNames) {
    list.push([
      `fetchSyncPage ${resource}`,
      (g) => g.fetchSyncPage(resource === 'stocks' ? { resource, page: 2, warehouseId: 1 } : { resource, page: resource === 'paymentMethods' ? 1 : 2 }),
      (value) => expect(syncPageSchema.safeParse(value).success).toBe(true),
    ]);
  }
  return list;
}

const ALL_CALLS = calls();

describe('every gateway call against random and malformed vendor answers', () => {
  it(`resolves with its promised shape or fails with a GatewayError of a known kind (${GATEWAY_RUNS} runs)`, async () => {
    const tally = { resolved: 0, failed: 0, requests: 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ALL_CALLS), fc.array(vendorAnswer, { minLength: 1, maxLength: 6 }), async ([, call, check], answers) => {
        const played = fetchPlaying(answers);
        const gateway = createGateway({
          baseUrl: 'http://vendor.test',
          secrets: async () => SECRETS,
          timeoutMs: 2000,
          fetch: played.fetch,
          requestsPerMinute: 1_000_000,
          maxRetryAfterMs: 1000,
        });
        let outcome: { value: unknown } | { error: unknown };
        try {
          outcome = { value: await call(gateway) };
        } catch (error) {
          outcome = { error };
        }
        tally.requests += played.requests();
        // A list stops within its pages: never more requests than 6 answers allow, plus the 429 resends.
        expect(played.requests()).toBeLessThanOrEqual(6 * 6);
        if ('value' in outcome) {
          tally.resolved++;
          check(outcome.value);
          return;
        }
        tally.failed++;
        const { error } = outcome;
        expect(error).toBeInstanceOf(GatewayError);
        const failure = error as GatewayError;
        expect(KINDS.has(failure.kind)).toBe(true);
        expect(isErrorCode(failure.text.code)).toBe(true);
        for (const value of Object.values(failure.text.params ?? {})) expect(String(value)).not.toMatch(/\bat .+:\d+:\d+|\[object Object\]/);
        expect(failure.toBridgeError().detail ?? '').not.toMatch(/\[object Object\]/);
      }),
      { numRuns: GATEWAY_RUNS, endOnFailure: true },
    );
    // The answers must reach both sides: some calls succeed, most fail.
    expect(tally.resolved).toBeGreaterThan(0);
    expect(tally.failed).toBeGreaterThan(0);
    console.info(`gateway property: ${GATEWAY_RUNS} runs, ${tally.resolved} resolved, ${tally.failed} failed, ${tally.requests} requests`);
  }, 60_000);
});
