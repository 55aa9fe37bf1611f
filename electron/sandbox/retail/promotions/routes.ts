// Promotions and their category and product links (retail-api.md §2.8, §4.5; clarifications
// "Promotions"). Mounted at /api/external (the product- and category-side paths are catalog paths).
// Rules: `name`, `type` (1 pairs, 2 price rate, 3 combo, 4 conditional) and `apply_to` (1 linked
// products, 2 products of linked categories, 3 every product) required; `apply_type` (1 or 2)
// required for type 1; `price_rate_id` (an existing rate) for type 2; `combo_price` (≥ 0) for type
// 3; `condition` (1|2), `quantity` (≥ 0), `action` (1|2) and `discount` (≥ 0) for type 4; dates
// `YYYY-MM-DD` with `end_date` not before `start_date`; times `H:i`; `weekdays` 1–7; `id` refused on
// PUT. Decisions (docs/sandbox.md):
// - POST with an `id`: the promotion of that id is replaced (200), or created with that id (201);
//   without: created (201). PUT replaces the fields (all required ones again), 200. DELETE 200 with
//   the promotion, and its links go too;
// - `active` defaults to true, `order` to 0; `group_by` 1|2|3 (null = product); `weekdays` distinct;
//   a percentage `discount` (type 4, action 1) is at most 100; fields of other types are kept as sent;
// - a promotion on the wire: every §2.8 field (null when not set), amounts as decimal strings
//   (`quantity` with 3 decimals);
// - link bodies: `categories` / `promotions` a non-empty array (≤ 100) of EXISTING ids — one unknown id
//   refuses the call (422, nothing linked: §4.5 says "existing"); linking twice is a no-op; unlinking
//   an id that is not linked is skipped. Link and unlink calls answer the list as it is afterwards
//   (categories, or promotions, as their GET shows them).
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { categoryWire } from '../catalog/wire';
import type { RetailEnv } from '../env';
import { invalidData, RetailRefusal } from '../errors';
import { dec2, dec3, flag, id, integer, isoDate, parseWith, pathId, readJsonBody } from '../input';
import { nextRetailId, type PromotionLinkRecord, type PromotionRecord, type RetailAccountState } from '../model';
import { findProduct } from '../priceRates/routes';
import { decimal2, decimal3 } from '../wire';

const oneOf = <T extends readonly number[]>(values: T, message: string) =>
  integer(z.int({ error: (i) => (i.input === undefined ? 'is required' : message) }).refine((v) => values.includes(v), { message }));

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a time H:i (00:00–23:59)');

const promotionSchema = z
  .object({
    id: id.optional(),
    active: flag.optional(),
    order: integer(z.int().min(-1_000_000).max(1_000_000)).optional(),
    name: z
      .string({ error: (i) => (i.input === undefined ? 'is required' : 'expected a string') })
      .trim()
      .min(1, 'is required')
      .max(255),
    type: oneOf([1, 2, 3, 4], 'must be 1, 2, 3 or 4'),
    apply_to: oneOf([1, 2, 3], 'must be 1, 2 or 3'),
    start_date: isoDate.nullish(),
    end_date: isoDate.nullish(),
    start_time: time.nullish(),
    end_time: time.nullish(),
    weekdays: z
      .array(integer(z.int().min(1).max(7)), { error: 'expected an array of weekdays 1–7' })
      .max(7)
      .refine((days) => new Set(days).size === days.length, { message: 'a weekday appears twice' })
      .nullish(),
    apply_type: oneOf([1, 2], 'must be 1 (50% discount) or 2 (cheapest product free)').nullish(),
    group_by: oneOf([1, 2, 3], 'must be 1 (category), 2 (product) or 3 (variant)').nullish(),
    price_rate_id: id.nullish(),
    combo_price: dec2({ min: 0 }).nullish(),
    condition: oneOf([1, 2], 'must be 1 or 2').nullish(),
    quantity: dec3({ min: 0, max: 1e12 }).nullish(),
    action: oneOf([1, 2], 'must be 1 or 2').nullish(),
    discount: dec2({ min: 0 }).nullish(),
  })
  .superRefine((p, ctx) => {
    const need = (field: keyof typeof p, when: string) => {
      if (p[field] === undefined || p[field] === null) ctx.addIssue({ code: 'custom', path: [field], message: `is required when type is ${when}` });
    };
    if (p.type === 1) need('apply_type', '1');
    if (p.type === 2) need('price_rate_id', '2');
    if (p.type === 3) need('combo_price', '3');
    if (p.type === 4) for (const field of ['condition', 'quantity', 'action', 'discount'] as const) need(field, '4');
    if (p.type === 4 && p.action === 1 && p.discount != null && p.discount > 10_000) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'a percentage discount is at most 100' });
    }
    if (p.start_date && p.end_date && p.end_date < p.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'must be a date after or equal to start_date' });
    }
  });

type PromotionInput = z.output<typeof promotionSchema>;

export function promotionWire(p: PromotionRecord): Record<string, unknown> {
  return {
    ...p,
    combo_price: p.combo_price === null ? null : decimal2(p.combo_price),
    quantity: p.quantity === null ? null : decimal3(p.quantity),
    discount: p.discount === null ? null : decimal2(p.discount),
  };
}

function record(promotionId: number, f: PromotionInput): PromotionRecord {
  return {
    id: promotionId,
    active: f.active ?? true,
    order: f.order ?? 0,
    name: f.name,
    type: f.type as PromotionRecord['type'],
    apply_to: f.apply_to as PromotionRecord['apply_to'],
    start_date: f.start_date ?? null,
    end_date: f.end_date ?? null,
    start_time: f.start_time ?? null,
    end_time: f.end_time ?? null,
    weekdays: f.weekdays ?? null,
    apply_type: (f.apply_type ?? null) as PromotionRecord['apply_type'],
    group_by: (f.group_by ?? null) as PromotionRecord['group_by'],
    price_rate_id: f.price_rate_id ?? null,
    combo_price: f.combo_price ?? null,
    condition: (f.condition ?? null) as PromotionRecord['condition'],
    quantity: f.quantity ?? null,
    action: (f.action ?? null) as PromotionRecord['action'],
    discount: f.discount ?? null,
  };
}

function read(account: RetailAccountState, body: unknown): PromotionInput {
  const f = parseWith(promotionSchema, body);
  if (f.price_rate_id != null && !account.priceRates.some((r) => r.id === f.price_rate_id)) {
    throw invalidData(`price_rate_id: no price rate ${f.price_rate_id}`);
  }
  return f;
}

function findPromotion(c: Context<RetailEnv>, param: string): PromotionRecord {
  const promotionId = pathId(c, param, 'Promotion');
  const promotion = c.get('account').promotions.find((p) => p.id === promotionId);
  if (!promotion) throw new RetailRefusal(404, `Promotion ${promotionId} not found.`);
  return promotion;
}

/** A link body: `key` a non-empty array (≤ max) of existing ids (`exists`). */
function linkIds(body: unknown, key: string, max: number, exists?: (id: number) => boolean): number[] {
  const ids = parseWith(z.object({ [key]: z.array(id).min(1, 'must not be empty').max(max, `at most ${max} objects per request`) }), body)[key] as number[];
  if (exists) {
    const unknown = ids.find((x) => !exists(x));
    if (unknown !== undefined) throw invalidData(`${key}: ${unknown} does not exist`);
  }
  return [...new Set(ids)];
}

function addLinks(list: PromotionLinkRecord[], pairs: readonly PromotionLinkRecord[]): void {
  for (const pair of pairs) {
    if (!list.some((l) => l.promotion_id === pair.promotion_id && l.target_id === pair.target_id)) list.push({ ...pair });
  }
}

const without = (list: PromotionLinkRecord[], pairs: readonly PromotionLinkRecord[]) =>
  list.filter((l) => !pairs.some((p) => p.promotion_id === l.promotion_id && p.target_id === l.target_id));

export function promotionRoutes(): Hono<RetailEnv> {
  const routes = new Hono<RetailEnv>();
  const base = '/promotions/promotions';
  const max = (c: Context<RetailEnv>) => c.get('limits').maxObjects;

  routes.get(base, (c) => c.json(c.get('account').promotions.map(promotionWire)));
  routes.post(base, async (c) => {
    const account = c.get('account');
    const f = read(account, await readJsonBody(c));
    const existing = f.id === undefined ? undefined : account.promotions.find((p) => p.id === f.id);
    if (existing) {
      Object.assign(existing, record(existing.id, f));
      return c.json(promotionWire(existing));
    }
    const promotionId = f.id ?? nextRetailId(account, 'promotions', account.promotions);
    if (f.id !== undefined) account.lastIds.promotions = Math.max(account.lastIds.promotions ?? 0, f.id);
    const promotion = record(promotionId, f);
    account.promotions.push(promotion);
    return c.json(promotionWire(promotion), 201);
  });
  routes.put(`${base}/:id`, async (c) => {
    const account = c.get('account');
    const promotion = findPromotion(c, 'id');
    const body = await readJsonBody(c);
    if (body !== null && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, 'id')) {
      throw invalidData('id: is prohibited on PUT (the promotion is named by the path)');
    }
    Object.assign(promotion, record(promotion.id, read(account, body)));
    return c.json(promotionWire(promotion));
  });
  routes.delete(`${base}/:id`, (c) => {
    const account = c.get('account');
    const promotion = findPromotion(c, 'id');
    account.promotions = account.promotions.filter((p) => p !== promotion);
    account.promotionCategories = account.promotionCategories.filter((l) => l.promotion_id !== promotion.id);
    account.promotionProducts = account.promotionProducts.filter((l) => l.promotion_id !== promotion.id);
    return c.json(promotionWire(promotion));
  });

  // A promotion's categories.
  const categoriesOf = (account: RetailAccountState, promotionId: number) =>
    account.promotionCategories
      .filter((l) => l.promotion_id === promotionId)
      .flatMap((l) => account.categories.filter((x) => x.id === l.target_id).map((x) => categoryWire(account, x)));
  routes.get(`${base}/:promotion/categories`, (c) => c.json(categoriesOf(c.get('account'), findPromotion(c, 'promotion').id)));
  routes.post(`${base}/:promotion/categories`, async (c) => {
    const account = c.get('account');
    const promotion = findPromotion(c, 'promotion');
    const ids = linkIds(await readJsonBody(c), 'categories', max(c), (x) => account.categories.some((cat) => cat.id === x));
    addLinks(
      account.promotionCategories,
      ids.map((x) => ({ promotion_id: promotion.id, target_id: x })),
    );
    return c.json(categoriesOf(account, promotion.id));
  });
  routes.delete(`${base}/:promotion/categories/:category`, (c) => {
    const account = c.get('account');
    const promotion = findPromotion(c, 'promotion');
    account.promotionCategories = without(account.promotionCategories, [{ promotion_id: promotion.id, target_id: pathId(c, 'category', 'Category') }]);
    return c.json(categoriesOf(account, promotion.id));
  });
  routes.delete(`${base}/:promotion/categories`, async (c) => {
    const account = c.get('account');
    const promotion = findPromotion(c, 'promotion');
    const ids = linkIds(await readJsonBody(c), 'categories', max(c));
    account.promotionCategories = without(
      account.promotionCategories,
      ids.map((x) => ({ promotion_id: promotion.id, target_id: x })),
    );
    return c.json(categoriesOf(account, promotion.id));
  });

  // A product's and a category's promotions (catalog paths).
  for (const side of ['products', 'categories'] as const) {
    const path = `/catalog/${side}/:target/promotions`;
    const list = (account: RetailAccountState) => (side === 'products' ? account.promotionProducts : account.promotionCategories);
    const setList = (account: RetailAccountState, links: PromotionLinkRecord[]) => {
      if (side === 'products') account.promotionProducts = links;
      else account.promotionCategories = links;
    };
    const target = (c: Context<RetailEnv>): number => {
      if (side === 'products') return findProduct(c, 'target').id;
      const categoryId = pathId(c, 'target', 'Category');
      if (!c.get('account').categories.some((x) => x.id === categoryId)) throw new RetailRefusal(404, `Category ${categoryId} not found.`);
      return categoryId;
    };
    const promotionsOf = (account: RetailAccountState, targetId: number) =>
      list(account)
        .filter((l) => l.target_id === targetId)
        .flatMap((l) => account.promotions.filter((p) => p.id === l.promotion_id).map(promotionWire));

    routes.get(path, (c) => c.json(promotionsOf(c.get('account'), target(c))));
    routes.post(path, async (c) => {
      const account = c.get('account');
      const targetId = target(c);
      const ids = linkIds(await readJsonBody(c), 'promotions', max(c), (x) => account.promotions.some((p) => p.id === x));
      addLinks(
        list(account),
        ids.map((x) => ({ promotion_id: x, target_id: targetId })),
      );
      return c.json(promotionsOf(account, targetId));
    });
    routes.delete(`${path}/:promotion`, (c) => {
      const account = c.get('account');
      const targetId = target(c);
      setList(account, without(list(account), [{ promotion_id: pathId(c, 'promotion', 'Promotion'), target_id: targetId }]));
      return c.json(promotionsOf(account, targetId));
    });
    routes.delete(path, async (c) => {
      const account = c.get('account');
      const targetId = target(c);
      const ids = linkIds(await readJsonBody(c), 'promotions', max(c));
      setList(
        account,
        without(
          list(account),
          ids.map((x) => ({ promotion_id: x, target_id: targetId })),
        ),
      );
      return c.json(promotionsOf(account, targetId));
    });
  }

  return routes;
}
