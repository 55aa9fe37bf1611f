import { describe, expect, it } from 'vitest';
import { createRetailSandboxApp } from '../app';
import { DEMO_SHOP } from '../accounts';
import { demoShopSeeder } from '../seed/demoShop';
import { SHOP } from '../seed/shopCatalog';

// The shop sync's decision on promotion ↔ product links (docs/decisions.md "Shop catalog
// sync"): the spec reads them only product by product, at `catalog/products/{id}/promotions`, on
// the 40-a-minute catalog budget. The sandbox behaves the same way, so the terminal is tested
// against it: no list of a promotion's products, no product ids on a promotion record, and the
// per-product reads spend the catalog budget like any catalog call.

const HEADERS = { username: DEMO_SHOP.username, Authorization: `Bearer ${DEMO_SHOP.accessToken}` };

function sandbox(catalogRequestsPerMinute = 1_000_000) {
  const app = createRetailSandboxApp({
    seed: demoShopSeeder(20),
    limits: { catalogRequestsPerMinute, requestsPerMinute: 1_000_000 },
    onError: (error) => {
      throw error;
    },
  });
  const get = async (path: string) => {
    const response = await app.request(`/api/external/${path}`, { headers: HEADERS });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  return { app, get };
}

describe('promotion ↔ product links, as the shop sync reads them', () => {
  it('a promotion has no list of its products (only its categories), and its record names no product', async () => {
    const { get } = sandbox();
    const linked = SHOP.promotion.secondHalf;
    expect((await get(`promotions/promotions/${linked}/products`)).status).toBe(404);
    expect((await get(`promotions/promotions/${SHOP.promotion.socks2x1}/categories`)).status).toBe(200);
    const promotions = (await get('promotions/promotions')).body as Array<Record<string, unknown>>;
    const record = promotions.find((p) => p.id === linked)!;
    expect(record.apply_to).toBe(1);
    expect(Object.keys(record).some((key) => /product/i.test(key))).toBe(false);
  });

  it('a product’s promotions are read one product at a time, on the catalog budget', async () => {
    const { app, get } = sandbox(3);
    const account = app.state.account(DEMO_SHOP.username)!;
    const link = account.promotionProducts.find((l) => l.promotion_id === SHOP.promotion.secondHalf)!;
    const read = () => get(`catalog/products/${link.target_id}/promotions`);
    const first = await read();
    expect(first.status).toBe(200);
    expect((first.body as Array<{ id: number }>).map((p) => p.id)).toContain(SHOP.promotion.secondHalf);
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);
    // The fourth catalog call of the minute is refused: at 40 a minute, a shop of 5,000 products would take 125 minutes.
    expect((await read()).status).toBe(429);
  });
});
