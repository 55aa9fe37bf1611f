// Retail catalog: groups, categories, products (retail-api.md §4.3, §2.6, §4.1, §7).
// List (paginated; products take the filters withECommerce, withStocks, withECommerceStocks,
// withVariantInfo), read one, create (array), update one (`catalog/category/<id>` for categories),
// mass PATCH (array, each with `id`) and delete. ≤ 100 objects per write; all-or-nothing.
// Decisions (docs/sandbox.md): a create answers 201 with the created records in the order sent;
// update and mass update answer 200 with the record(s); delete answers 200 with the deleted
// record. A group with categories, a category with products, and a variant master or a product
// another product names (`main_product_id`, `complementary_product_id`) cannot be deleted (422);
// deleting a product removes its stock rows, price-rate and promotion links and variant info.
// `POST catalog/categories/<id>` is not the update path (404 naming the right one).
import { Hono, type Context } from 'hono';
import type { RetailEnv } from '../env';
import { invalidData, RetailRefusal } from '../errors';
import { pathId, readJsonBody } from '../input';
import type { RetailAccountState, RetailProductRecord } from '../model';
import { nextRetailId } from '../model';
import { retailPage } from '../pagination';
import { categoryWire, groupWire, productWire, type ProductFilters } from './wire';
import { RESOURCES, validateCreate, validateUpdate, type CatalogRecord, type CatalogResourceName } from './rules';

const SINGULAR: Record<CatalogResourceName, string> = { groups: 'Group', categories: 'Category', products: 'Product' };

/** A list filter is on when present and not `0` / `false`. */
function filterOn(c: Context, name: string): boolean {
  const value = c.req.query(name);
  return value !== undefined && value !== '0' && value.toLowerCase() !== 'false';
}

function productFilters(c: Context): ProductFilters {
  return {
    withECommerce: filterOn(c, 'withECommerce'),
    withStocks: filterOn(c, 'withStocks'),
    withECommerceStocks: filterOn(c, 'withECommerceStocks'),
    withVariantInfo: filterOn(c, 'withVariantInfo'),
  };
}

function records(account: RetailAccountState, resource: CatalogResourceName): CatalogRecord[] {
  return account[resource];
}

export function wireOf(account: RetailAccountState, resource: CatalogResourceName, record: CatalogRecord, filters: ProductFilters = {}) {
  if (resource === 'groups') return groupWire(account, record as never);
  if (resource === 'categories') return categoryWire(account, record as never);
  return productWire(account, record as RetailProductRecord, filters);
}

function find(account: RetailAccountState, resource: CatalogResourceName, c: Context): CatalogRecord {
  const recordId = pathId(c, 'id', SINGULAR[resource]);
  const record = records(account, resource).find((r) => r.id === recordId);
  if (!record) throw new RetailRefusal(404, `${SINGULAR[resource]} ${recordId} not found.`);
  return record;
}

/** Why a record cannot be deleted (it is still referenced), or null. */
function deleteProblem(account: RetailAccountState, resource: CatalogResourceName, recordId: number): string | null {
  if (resource === 'groups' && account.categories.some((c) => c.group_id === recordId)) {
    return `Group ${recordId} still has categories: delete or move them first.`;
  }
  if (resource === 'categories' && account.products.some((p) => p.category_id === recordId)) {
    return `Category ${recordId} still has products: delete or move them first.`;
  }
  if (resource === 'products') {
    const user = account.products.find((p) => p.main_product_id === recordId || p.complementary_product_id === recordId);
    if (user) return `Product ${recordId} is named by product ${user.id} (main or complementary product): change that product first.`;
  }
  return null;
}

function removeProduct(account: RetailAccountState, productId: number): void {
  account.products = account.products.filter((p) => p.id !== productId);
  account.stocks = account.stocks.filter((s) => s.item_id !== productId);
  account.priceRateLinks = account.priceRateLinks.filter((l) => l.product_id !== productId);
  account.promotionProducts = account.promotionProducts.filter((l) => l.target_id !== productId);
  account.productVariants = account.productVariants.filter((v) => v.product_id !== productId);
}

export function catalogRoutes(): Hono<RetailEnv> {
  const routes = new Hono<RetailEnv>();
  const emitProducts = (c: Context<RetailEnv>, event: 'product.created' | 'product.updated' | 'product.deleted', list: Record<string, unknown>[]) => {
    for (const payload of list) c.get('events').emit(c.get('account').username, event, payload);
  };

  for (const resource of RESOURCES) {
    const base = `/${resource}`;

    routes.get(base, (c) => {
      const account = c.get('account');
      const filters = resource === 'products' ? productFilters(c) : {};
      const page = retailPage(c, records(account, resource));
      return c.json({ ...page, data: page.data.map((r) => wireOf(account, resource, r, filters)) });
    });

    routes.get(`${base}/:id`, (c) => {
      const account = c.get('account');
      const filters = resource === 'products' ? productFilters(c) : {};
      return c.json(wireOf(account, resource, find(account, resource, c), filters));
    });

    routes.post(base, async (c) => {
      const account = c.get('account');
      const created = validateCreate(account, resource, await readJsonBody(c), c.get('limits').maxObjects);
      const list = records(account, resource) as CatalogRecord[];
      const written = created.map((fields) => {
        const record = { ...fields, id: nextRetailId(account, resource, list) } as CatalogRecord;
        list.push(record);
        return record;
      });
      const wire = written.map((r) => wireOf(account, resource, r));
      if (resource === 'products') emitProducts(c, 'product.created', wire);
      return c.json(wire, 201);
    });

    // Update one: `catalog/<resource>/<id>`, but `catalog/category/<id>` for categories (§4.3).
    const updatePath = resource === 'categories' ? '/category/:id' : `${base}/:id`;
    routes.post(updatePath, async (c) => {
      const account = c.get('account');
      const current = find(account, resource, c);
      const next = validateUpdate(account, resource, current, await readJsonBody(c), SINGULAR[resource].toLowerCase());
      const list = records(account, resource);
      list[list.indexOf(current)] = next;
      const wire = wireOf(account, resource, next);
      if (resource === 'products') emitProducts(c, 'product.updated', [wire]);
      return c.json(wire);
    });

    routes.patch(base, async (c) => {
      const account = c.get('account');
      const body = await readJsonBody(c);
      if (!Array.isArray(body) || body.length === 0) throw invalidData('expected a non-empty array of records, each with its "id"');
      const max = c.get('limits').maxObjects;
      if (body.length > max) {
        throw invalidData(`Too many objects in one request: ${body.length}; at most ${max} per create or update request. Nothing was written.`);
      }
      const list = records(account, resource);
      const seen = new Set<number>();
      const updates = body.map((entry: unknown, i) => {
        const where = `${resource}[${i}]`;
        const entryId = (entry as { id?: unknown } | null)?.id;
        if (typeof entryId !== 'number' || !Number.isSafeInteger(entryId)) throw invalidData(`${where}.id: is required (an integer)`);
        if (seen.has(entryId)) throw invalidData(`${where}.id: ${entryId} appears twice in the request`);
        seen.add(entryId);
        const current = list.find((r) => r.id === entryId);
        if (!current) throw invalidData(`${where}.id: no ${SINGULAR[resource].toLowerCase()} ${entryId}`);
        return { current, next: validateUpdate(account, resource, current, entry, where) };
      });
      for (const { current, next } of updates) list[list.indexOf(current)] = next;
      const wire = updates.map(({ next }) => wireOf(account, resource, next));
      if (resource === 'products') emitProducts(c, 'product.updated', wire);
      return c.json(wire);
    });

    routes.delete(`${base}/:id`, (c) => {
      const account = c.get('account');
      const record = find(account, resource, c);
      const problem = deleteProblem(account, resource, record.id);
      if (problem) throw new RetailRefusal(422, problem);
      const wire = wireOf(account, resource, record);
      if (resource === 'products') removeProduct(account, record.id);
      else if (resource === 'categories') {
        account.categories = account.categories.filter((r) => r.id !== record.id);
        account.promotionCategories = account.promotionCategories.filter((l) => l.target_id !== record.id);
      } else account.groups = account.groups.filter((r) => r.id !== record.id);
      if (resource === 'products') emitProducts(c, 'product.deleted', [wire]);
      return c.json(wire);
    });
  }

  routes.post('/categories/:id', (c) => {
    throw new RetailRefusal(404, `Not found: POST ${c.req.path}. A category is updated with POST /api/external/catalog/category/<id>.`);
  });

  return routes;
}
