import { describe, expect, it } from 'vitest';
import type { RetailPage } from '../../../shared/api/retail';
import { ServiceError } from '../bridge/dispatcher';
import { GatewayError } from '../gateway/errors';
import { coded } from '../../../shared/bridge';
import type { RetailGateway, RetailListResource } from './gateway';
import { createShopHandlers, fetchShopPages } from './shopHandlers';

// fetchShopPages over a fake gateway: which call each page makes, the checks on what comes back,
// and how failures leave (all settled, then the first in the order asked).

interface Call {
  what: string;
  page?: number;
  perPage?: number;
  priority?: string;
}

function fakeGateway(options: { fail?: (what: string, page?: number) => Error | null; total?: number; short?: boolean } = {}) {
  const calls: Call[] = [];
  let settled = 0;
  const total = options.total ?? 450;
  const maybeFail = async (what: string, page?: number) => {
    // Later pages answer first: the failure order must still be the order asked.
    await new Promise((resolve) => setTimeout(resolve, page === undefined ? 0 : 10 - Math.min(page, 9)));
    settled++;
    const error = options.fail?.(what, page) ?? null;
    if (error) throw error;
  };
  const paginated = new Set<RetailListResource>(['groups', 'categories', 'products', 'units', 'stocks', 'customers']);
  const gateway = {
    async listPage(resource: RetailListResource, page: number, o: { perPage?: number; priority?: string } = {}): Promise<RetailPage<unknown>> {
      calls.push({ what: resource, page, ...(o.perPage !== undefined ? { perPage: o.perPage } : {}), ...(o.priority ? { priority: o.priority } : {}) });
      await maybeFail(resource, page);
      if (!paginated.has(resource)) return { current_page: 1, data: [{ id: 1 }, { id: 2 }], per_page: 2, last_page: 1, total: 2 };
      const lastPage = Math.max(1, Math.ceil(total / 200));
      const count = (page < lastPage ? 200 : page === lastPage ? total - (lastPage - 1) * 200 : 0) - (options.short ? 1 : 0);
      return {
        current_page: page,
        data: Array.from({ length: count }, (_, i) => ({ id: (page - 1) * 200 + i + 1 })),
        per_page: 200,
        last_page: lastPage,
        total,
      };
    },
    async listRateProducts(id: number) {
      calls.push({ what: `rate ${id}` });
      await maybeFail('rate');
      return [{ product_id: 5, price: 1250, rate_price: 1199 }];
    },
    async listPromotionCategories(id: number) {
      calls.push({ what: `promotion ${id} categories` });
      await maybeFail('promotionCategories');
      return [{ id: 10 }, { id: 11 }, { id: 10 }];
    },
    async listProductPromotions(id: number) {
      calls.push({ what: `product ${id} promotions` });
      await maybeFail('productPromotions');
      return [{ id: 2 }];
    },
  } as unknown as RetailGateway;
  return { gateway, calls, settled: () => settled };
}

describe('fetchShopPages', () => {
  it('reads each page through the gateway, 200 a page at sync priority, in the order asked', async () => {
    const { gateway, calls } = fakeGateway();
    const pages = await fetchShopPages(gateway, [
      { resource: 'products', page: 3 },
      { resource: 'products', page: 1 },
      { resource: 'taxes', page: 1 },
      { resource: 'priceRateProducts', page: 1, parentId: 2 },
      { resource: 'promotionCategories', page: 1, parentId: 4 },
    ]);
    expect(pages.map((p) => [p.resource, p.page, p.lastPage, p.total, p.records.length])).toEqual([
      ['products', 3, 3, 450, 50],
      ['products', 1, 3, 450, 200],
      ['taxes', 1, 1, 2, 2],
      ['priceRateProducts', 1, 1, 1, 1],
      ['promotionCategories', 1, 1, 2, 2],
    ]);
    expect(calls.filter((c) => c.what === 'products')).toEqual([
      { what: 'products', page: 3, perPage: 200, priority: 'sync' },
      { what: 'products', page: 1, perPage: 200, priority: 'sync' },
    ]);
    // A rate's prices carry the rate; a promotion's categories become links, each once.
    expect(pages[3]!.records).toEqual([{ product_id: 5, price: 1250, rate_price: 1199, price_rate_id: 2 }]);
    expect(pages[3]!.parentId).toBe(2);
    expect(pages[4]!.records).toEqual([
      { promotion_id: 4, category_id: 10 },
      { promotion_id: 4, category_id: 11 },
    ]);
  });

  it('reads one product’s promotion links (parentId = the product)', async () => {
    const { gateway, calls } = fakeGateway();
    const [page] = await fetchShopPages(gateway, [{ resource: 'promotionProducts', page: 1, parentId: 77 }]);
    expect(calls).toEqual([{ what: 'product 77 promotions' }]);
    expect(page!.records).toEqual([{ promotion_id: 2, product_id: 77 }]);
  });

  it('refuses more than five pages, a per-parent list without its parent, and a list with one', async () => {
    const { gateway, calls } = fakeGateway();
    const six = Array.from({ length: 6 }, (_, i) => ({ resource: 'products' as const, page: i + 1 }));
    await expect(fetchShopPages(gateway, six)).rejects.toMatchObject({ kind: 'invalid', code: 'request-invalid' });
    await expect(fetchShopPages(gateway, [{ resource: 'priceRateProducts', page: 1 }])).rejects.toBeInstanceOf(GatewayError);
    await expect(fetchShopPages(gateway, [{ resource: 'groups', page: 1, parentId: 3 }])).rejects.toBeInstanceOf(GatewayError);
    await expect(fetchShopPages(gateway, [{ resource: 'priceRateProducts', page: 2, parentId: 3 }])).rejects.toBeInstanceOf(GatewayError);
    expect(calls).toEqual([]);
  });

  it('refuses a page whose envelope does not add up', async () => {
    const { gateway } = fakeGateway({ total: 450, short: true });
    // 199 records on page 1 of 3: a record would be lost between the pages.
    await expect(fetchShopPages(gateway, [{ resource: 'customers', page: 1 }])).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('lets every page settle, then throws the first failure in the order asked', async () => {
    const first = new GatewayError({ kind: 'server-error', endpoint: 'GET catalog/products', status: 503, text: coded('server-error', { status: 503 }) });
    const second = new GatewayError({ kind: 'unauthorised', endpoint: 'GET catalog/products', status: 401, text: coded('credentials-refused') });
    const { gateway, settled } = fakeGateway({
      fail: (what, page) => (what === 'products' && page === 2 ? first : what === 'products' && page === 3 ? second : null),
    });
    await expect(
      fetchShopPages(gateway, [
        { resource: 'products', page: 1 },
        { resource: 'products', page: 2 },
        { resource: 'products', page: 3 },
        { resource: 'groups', page: 1 },
      ]),
    ).rejects.toBe(first);
    expect(settled()).toBe(4);
  });

  it('the handler gives a gateway failure to the dispatcher as its bridge error', async () => {
    const refused = new GatewayError({ kind: 'unauthorised', endpoint: 'GET catalog/groups', status: 401, text: coded('credentials-refused') });
    const { gateway } = fakeGateway({ fail: (what) => (what === 'groups' ? refused : null) });
    const handlers = createShopHandlers({ gateway });
    const error = await handlers.fetchShopPages({ pages: [{ resource: 'groups', page: 1 }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).info).toMatchObject({ kind: 'unauthorised', code: 'credentials-refused' });
    await expect(createShopHandlers({ gateway: fakeGateway().gateway }).fetchShopPages({ pages: [{ resource: 'taxes', page: 1 }] })).resolves.toMatchObject({
      pages: [{ resource: 'taxes', page: 1, lastPage: 1, total: 2 }],
    });
  });
});
