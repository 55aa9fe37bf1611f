// Price rates and their product links (retail-api.md §2.7, §4.4, §7; clarifications "Price
// rates"). Mounted at /api/external (the product-side paths are catalog paths: catalog rate).
// Decisions where the spec shows no bodies (docs/sandbox.md):
// - a rate on the wire: `{ id, name, type, amount: "-15.00", rounding }` (`rounding` null = none);
//   create answers 201, PUT (all required fields again) and DELETE 200 with the rate;
// - type 1 `amount` is a percentage from −100 to 10,000; type 2 `amount` is ≥ 0 (not used for
//   pricing);
// - a rate a type 2 promotion uses cannot be deleted (422); deleting a rate removes its links;
// - link lists: a rate's products `[{ product_id, price, rate_price }]` (its linked products; `price`
//   as linked, `rate_price` after rounding); a product's rates `[{ price_rate_id, price, rate_price }]`
//   for every rate where it has a price (`price` null when the price comes from a type 1
//   percentage). Every link and unlink call answers that list as it is afterwards;
// - link bodies: `prices` a non-empty array of at most 100 objects (each `product_id` or
//   `price_rate_id` an integer, `price` a decimal ≥ 0); a malformed body is refused whole (422);
//   records that do not exist are skipped, not linked (§7); linking again replaces the price.
//   Unlink bodies take `prices` as objects or as bare ids; ids not linked are skipped.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { RetailEnv } from '../env';
import { RetailRefusal } from '../errors';
import { dec2, id, integer, parseWith, pathId, readJsonBody } from '../input';
import { nextRetailId, type PriceRateRecord, type RetailAccountState, type RetailProductRecord } from '../model';
import { decimal2 } from '../wire';
import { priceInRate } from './rounding';

const rateSchema = z
  .object({
    name: z
      .string({ error: (i) => (i.input === undefined ? 'is required' : 'expected a string') })
      .trim()
      .min(1, 'is required')
      .max(255),
    type: integer(z.union([z.literal(1), z.literal(2)], { error: (i) => (i.input === undefined ? 'is required' : 'must be 1 (percentage) or 2 (price)') })),
    amount: dec2(),
    rounding: integer(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], { error: 'must be 1, 2, 3, 4 or 5' })).nullish(),
  })
  .superRefine((rate, ctx) => {
    if (rate.type === 1 && (rate.amount < -10_000 || rate.amount > 1_000_000)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'a percentage rate takes an amount from -100 to 10000' });
    }
    if (rate.type === 2 && rate.amount < 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'must be at least 0' });
  });

function limitedArray<T extends z.ZodType>(entry: T, max: number) {
  return z
    .array(entry, { error: (i) => (i.input === undefined ? 'is required' : 'expected an array') })
    .min(1, 'must not be empty')
    .max(max, `at most ${max} objects per request`);
}

const linkProducts = (max: number) => z.object({ prices: limitedArray(z.object({ product_id: id, price: dec2({ min: 0 }) }), max) });
const linkRates = (max: number) => z.object({ prices: limitedArray(z.object({ price_rate_id: id, price: dec2({ min: 0 }) }), max) });
const unlinkIds = (key: 'product_id' | 'price_rate_id', max: number) =>
  z.object({ prices: limitedArray(z.union([id, z.object({ [key]: id }).transform((o) => (o as Record<string, number>)[key] as number)]), max) });

export function rateWire(rate: PriceRateRecord): Record<string, unknown> {
  return { id: rate.id, name: rate.name, type: rate.type, amount: decimal2(rate.amount), rounding: rate.rounding };
}

function findRate(c: Context<RetailEnv>, param: string): PriceRateRecord {
  const rateId = pathId(c, param, 'Price rate');
  const rate = c.get('account').priceRates.find((r) => r.id === rateId);
  if (!rate) throw new RetailRefusal(404, `Price rate ${rateId} not found.`);
  return rate;
}

export function findProduct(c: Context<RetailEnv>, param: string): RetailProductRecord {
  const productId = pathId(c, param, 'Product');
  const product = c.get('account').products.find((p) => p.id === productId);
  if (!product) throw new RetailRefusal(404, `Product ${productId} not found.`);
  return product;
}

function rateProducts(account: RetailAccountState, rate: PriceRateRecord) {
  return account.priceRateLinks
    .filter((l) => l.price_rate_id === rate.id)
    .flatMap((link) => {
      const product = account.products.find((p) => p.id === link.product_id);
      if (!product) return [];
      const price = priceInRate(rate, product, link);
      return [{ product_id: link.product_id, price: decimal2(link.price), rate_price: price === null ? null : decimal2(price) }];
    });
}

function productRates(account: RetailAccountState, product: RetailProductRecord) {
  return account.priceRates.flatMap((rate) => {
    const link = account.priceRateLinks.find((l) => l.price_rate_id === rate.id && l.product_id === product.id);
    const price = priceInRate(rate, product, link);
    return price === null ? [] : [{ price_rate_id: rate.id, price: link ? decimal2(link.price) : null, rate_price: decimal2(price) }];
  });
}

function link(account: RetailAccountState, rateId: number, productId: number, price: number): void {
  const existing = account.priceRateLinks.find((l) => l.price_rate_id === rateId && l.product_id === productId);
  if (existing) existing.price = price;
  else account.priceRateLinks.push({ price_rate_id: rateId, product_id: productId, price });
}

function unlink(account: RetailAccountState, rateId: number, productIds: readonly number[]): void {
  account.priceRateLinks = account.priceRateLinks.filter((l) => !(l.price_rate_id === rateId && productIds.includes(l.product_id)));
}

function unlinkRates(account: RetailAccountState, productId: number, rateIds: readonly number[]): void {
  account.priceRateLinks = account.priceRateLinks.filter((l) => !(l.product_id === productId && rateIds.includes(l.price_rate_id)));
}

export function priceRateRoutes(): Hono<RetailEnv> {
  const routes = new Hono<RetailEnv>();
  const base = '/promotions/priceRates';

  routes.get(base, (c) => c.json(c.get('account').priceRates.map(rateWire)));
  routes.post(base, async (c) => {
    const account = c.get('account');
    const f = parseWith(rateSchema, await readJsonBody(c));
    const rate: PriceRateRecord = {
      id: nextRetailId(account, 'priceRates', account.priceRates),
      name: f.name,
      type: f.type,
      amount: f.amount,
      rounding: f.rounding ?? null,
    };
    account.priceRates.push(rate);
    return c.json(rateWire(rate), 201);
  });
  routes.put(`${base}/:id`, async (c) => {
    const rate = findRate(c, 'id');
    const f = parseWith(rateSchema, await readJsonBody(c));
    Object.assign(rate, { name: f.name, type: f.type, amount: f.amount, rounding: f.rounding ?? null });
    return c.json(rateWire(rate));
  });
  routes.delete(`${base}/:id`, (c) => {
    const account = c.get('account');
    const rate = findRate(c, 'id');
    const user = account.promotions.find((p) => p.price_rate_id === rate.id);
    if (user) throw new RetailRefusal(422, `Price rate ${rate.id} is used by promotion ${user.id}: change or delete the promotion first.`);
    account.priceRates = account.priceRates.filter((r) => r !== rate);
    account.priceRateLinks = account.priceRateLinks.filter((l) => l.price_rate_id !== rate.id);
    return c.json(rateWire(rate));
  });

  // A rate's products.
  routes.get(`${base}/:rate/products`, (c) => c.json(rateProducts(c.get('account'), findRate(c, 'rate'))));
  routes.post(`${base}/:rate/products`, async (c) => {
    const account = c.get('account');
    const rate = findRate(c, 'rate');
    const { prices } = parseWith(linkProducts(c.get('limits').maxObjects), await readJsonBody(c));
    for (const p of prices) if (account.products.some((x) => x.id === p.product_id)) link(account, rate.id, p.product_id, p.price);
    return c.json(rateProducts(account, rate));
  });
  routes.delete(`${base}/:rate/products/:product`, (c) => {
    const account = c.get('account');
    const rate = findRate(c, 'rate');
    unlink(account, rate.id, [pathId(c, 'product', 'Product')]);
    return c.json(rateProducts(account, rate));
  });
  routes.delete(`${base}/:rate/products`, async (c) => {
    const account = c.get('account');
    const rate = findRate(c, 'rate');
    const { prices } = parseWith(unlinkIds('product_id', c.get('limits').maxObjects), await readJsonBody(c));
    unlink(account, rate.id, prices);
    return c.json(rateProducts(account, rate));
  });

  // A product's rates (catalog paths).
  const productBase = '/catalog/products/:product/priceRates';
  routes.get(productBase, (c) => c.json(productRates(c.get('account'), findProduct(c, 'product'))));
  routes.post(productBase, async (c) => {
    const account = c.get('account');
    const product = findProduct(c, 'product');
    const { prices } = parseWith(linkRates(c.get('limits').maxObjects), await readJsonBody(c));
    for (const p of prices) if (account.priceRates.some((r) => r.id === p.price_rate_id)) link(account, p.price_rate_id, product.id, p.price);
    return c.json(productRates(account, product));
  });
  routes.delete(`${productBase}/:rate`, (c) => {
    const account = c.get('account');
    const product = findProduct(c, 'product');
    unlinkRates(account, product.id, [pathId(c, 'rate', 'Price rate')]);
    return c.json(productRates(account, product));
  });
  routes.delete(productBase, async (c) => {
    const account = c.get('account');
    const product = findProduct(c, 'product');
    const { prices } = parseWith(unlinkIds('price_rate_id', c.get('limits').maxObjects), await readJsonBody(c));
    unlinkRates(account, product.id, prices);
    return c.json(productRates(account, product));
  });

  return routes;
}
