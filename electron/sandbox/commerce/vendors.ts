// Vendors and vendor items (spec §2.8, §4.6). Decisions where the spec is silent (conservative):
// - create: `name`, `address`, `nif` non-blank strings; optional text fields string or null;
//   `shouldBeNotified` 0/1 (booleans read as 0/1, default 0); fields outside §2.8 are dropped and
//   a sent `id` is ignored. Answer: 201 with the vendor;
// - `nif` uniqueness ignores case and surrounding spaces ("b123" and " B123" are the same NIF);
// - PUT: partial update (only the fields sent change; `name`/`address`/`nif`, when sent, must be
//   non-blank); the `nif` must stay unique among the other vendors. Answer: 200 with the vendor;
// - DELETE vendors/{id}: also removes the vendor's item relations. Answer: 200 `{ "id": <id> }`;
// - vendor items: `item_id` must name an item of the catalog, `costPrice` a decimal ("2.50", §2.8
//   types it a string; a JSON number is kept as its text), `pack` a number > 0. A write is all-or-nothing. POST answers 200 with the
//   array of the created or updated relations; fields not sent on an update keep their value;
// - DELETE vendors/{id}/items: `items` holds ITEM ids (not relation ids); every one must be
//   related to this vendor, else 422 naming the missing ones and nothing is removed. Answer: 200
//   `{ "items": [<removed item ids>] }`;
// - an unknown or non-numeric vendor id → 404.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import type { SandboxEnv } from '../env';
import { errorResponse } from '../errors';
import { laravelBoolean, laravelInteger, laravelNumeric } from '../laravelValues';
import { batchSizeProblem } from '../limits';
import { listPage } from '../pagination';
import { nextId } from '../state';
import type { VendorItemRecord, VendorRecord } from './model';
import { describeIssue, entriesUnder, pathId, readJson } from './input';

const requiredText = z.string().refine((s) => s.trim() !== '', 'must not be blank');
const optionalText = z.string().nullable().optional();
const flag = laravelBoolean().optional();
// clarifications "Values the vendor's servers accept": integers as whole-number strings too.
const optionalId = laravelInteger().nullable().optional();

const vendorFields = {
  name: requiredText,
  address: requiredText,
  nif: requiredText,
  city: optionalText,
  state: optionalText,
  country: optionalText,
  postalCode: optionalText,
  web: optionalText,
  email: optionalText,
  phone: optionalText,
  notes: optionalText,
  shouldBeNotified: flag,
};
const vendorCreate = z.object(vendorFields);
const vendorUpdate = z.object({
  ...vendorFields,
  name: requiredText.optional(),
  address: requiredText.optional(),
  nif: requiredText.optional(),
});

const COST_PRICE = /^\s*\d{1,13}(\.\d{1,6})?\s*$/;
const vendorItemIn = z.object({
  item_id: laravelInteger(z.int().positive()),
  // §2.8 types it a decimal string; a JSON number is a decimal too (Laravel's `numeric`): kept as its text.
  costPrice: z.union([z.string(), z.number().nonnegative().transform(String)]).refine((v) => COST_PRICE.test(v), 'must be a decimal, e.g. "2.50"'),
  pack: laravelNumeric(z.number().positive()),
  reference: z.string().nullable().optional(),
  unit_id: optionalId,
  tax_id: optionalId,
});
const vendorItemsIn = z.object({ items: z.array(vendorItemIn).min(1, 'at least one item is required') });
const vendorItemIdsIn = z.object({ items: z.array(laravelInteger(z.int().positive())).min(1, 'at least one item id is required') });

const OPTIONAL_TEXT = ['city', 'state', 'country', 'postalCode', 'web', 'email', 'phone', 'notes'] as const;

function sameNif(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}

function toFlag(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

function findVendor(c: Context<SandboxEnv>): VendorRecord | undefined {
  const id = pathId(c.req.param('id'));
  return c.get('account').commerce.vendors.find((v) => v.id === id);
}

function noVendor(c: Context<SandboxEnv>): Response {
  return errorResponse(c, 404, `No vendor with id ${c.req.param('id')}.`);
}

export function vendorsRoutes(): Hono<SandboxEnv> {
  const routes = new Hono<SandboxEnv>();

  routes.get('/vendors', (c) => {
    const vendors = [...c.get('account').commerce.vendors].sort((a, b) => a.id - b.id);
    return c.json(listPage(c, vendors));
  });

  routes.get('/vendors/:id', (c) => {
    const vendor = findVendor(c);
    return vendor ? c.json(vendor) : noVendor(c);
  });

  routes.post('/vendors', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return errorResponse(c, 422, body.message);
    const parsed = vendorCreate.safeParse(body.value);
    if (!parsed.success) return errorResponse(c, 422, describeIssue(parsed.error, 'vendor'));
    const input = parsed.data;
    const account = c.get('account');
    const vendors = account.commerce.vendors;
    if (vendors.some((v) => sameNif(v.nif, input.nif))) {
      return errorResponse(c, 422, `The nif "${input.nif}" has already been taken.`);
    }
    const vendor: VendorRecord = {
      id: nextId(account, 'vendors', vendors),
      name: input.name,
      address: input.address,
      nif: input.nif,
      city: null,
      state: null,
      country: null,
      postalCode: null,
      web: null,
      email: null,
      phone: null,
      notes: null,
      shouldBeNotified: input.shouldBeNotified === undefined ? 0 : toFlag(input.shouldBeNotified),
    };
    for (const key of OPTIONAL_TEXT) vendor[key] = input[key] ?? null;
    vendors.push(vendor);
    return c.json(vendor, 201);
  });

  routes.put('/vendors/:id', async (c) => {
    const vendor = findVendor(c);
    if (!vendor) return noVendor(c);
    const body = await readJson(c);
    if (!body.ok) return errorResponse(c, 422, body.message);
    const parsed = vendorUpdate.safeParse(body.value);
    if (!parsed.success) return errorResponse(c, 422, describeIssue(parsed.error, 'vendor'));
    const input = parsed.data;
    const vendors = c.get('account').commerce.vendors;
    if (input.nif !== undefined && vendors.some((v) => v.id !== vendor.id && sameNif(v.nif, input.nif as string))) {
      return errorResponse(c, 422, `The nif "${input.nif}" has already been taken.`);
    }
    if (input.name !== undefined) vendor.name = input.name;
    if (input.address !== undefined) vendor.address = input.address;
    if (input.nif !== undefined) vendor.nif = input.nif;
    for (const key of OPTIONAL_TEXT) if (input[key] !== undefined) vendor[key] = input[key];
    if (input.shouldBeNotified !== undefined) vendor.shouldBeNotified = toFlag(input.shouldBeNotified);
    return c.json(vendor);
  });

  routes.delete('/vendors/:id', (c) => {
    const vendor = findVendor(c);
    if (!vendor) return noVendor(c);
    const commerce = c.get('account').commerce;
    commerce.vendors = commerce.vendors.filter((v) => v.id !== vendor.id);
    commerce.vendorItems = commerce.vendorItems.filter((r) => r.vendor_id !== vendor.id);
    return c.json({ id: vendor.id });
  });

  routes.get('/vendors/:id/items', (c) => {
    const vendor = findVendor(c);
    if (!vendor) return noVendor(c);
    const relations = c
      .get('account')
      .commerce.vendorItems.filter((r) => r.vendor_id === vendor.id)
      .sort((a, b) => a.id - b.id);
    return c.json(listPage(c, relations));
  });

  routes.post('/vendors/:id/items', async (c) => {
    const vendor = findVendor(c);
    if (!vendor) return noVendor(c);
    const body = await readJson(c);
    if (!body.ok) return errorResponse(c, 422, body.message);
    const tooMany = batchSizeProblem(entriesUnder(body.value, 'items'), c.get('limits'), 'vendor items');
    if (tooMany) return errorResponse(c, 422, tooMany);
    const parsed = vendorItemsIn.safeParse(body.value);
    if (!parsed.success) return errorResponse(c, 422, describeIssue(parsed.error, 'body'));
    const account = c.get('account');
    const known = new Set(account.catalog.items.map((i) => i.id));
    const unknown = parsed.data.items.find((i) => !known.has(i.item_id));
    if (unknown) return errorResponse(c, 422, `No item with id ${unknown.item_id} in the catalog.`);

    const relations = account.commerce.vendorItems;
    const written: VendorItemRecord[] = parsed.data.items.map((input) => {
      let relation = relations.find((r) => r.vendor_id === vendor.id && r.item_id === input.item_id);
      if (!relation) {
        relation = {
          id: nextId(account, 'vendorItems', relations),
          vendor_id: vendor.id,
          item_id: input.item_id,
          costPrice: input.costPrice.trim(),
          pack: input.pack,
          reference: null,
          unit_id: null,
          tax_id: null,
        };
        relations.push(relation);
      }
      relation.costPrice = input.costPrice.trim();
      relation.pack = input.pack;
      if (input.reference !== undefined) relation.reference = input.reference;
      if (input.unit_id !== undefined) relation.unit_id = input.unit_id;
      if (input.tax_id !== undefined) relation.tax_id = input.tax_id;
      return relation;
    });
    return c.json(written);
  });

  routes.delete('/vendors/:id/items', async (c) => {
    const vendor = findVendor(c);
    if (!vendor) return noVendor(c);
    const body = await readJson(c);
    if (!body.ok) return errorResponse(c, 422, body.message);
    const tooMany = batchSizeProblem(entriesUnder(body.value, 'items'), c.get('limits'), 'item ids');
    if (tooMany) return errorResponse(c, 422, tooMany);
    const parsed = vendorItemIdsIn.safeParse(body.value);
    if (!parsed.success) return errorResponse(c, 422, describeIssue(parsed.error, 'body'));
    const commerce = c.get('account').commerce;
    const related = new Set(commerce.vendorItems.filter((r) => r.vendor_id === vendor.id).map((r) => r.item_id));
    const missing = [...new Set(parsed.data.items.filter((id) => !related.has(id)))];
    if (missing.length > 0) {
      return errorResponse(c, 422, `Not items of vendor ${vendor.id}: ${missing.join(', ')}. Nothing was removed.`);
    }
    const removed = new Set(parsed.data.items);
    commerce.vendorItems = commerce.vendorItems.filter((r) => r.vendor_id !== vendor.id || !removed.has(r.item_id));
    return c.json({ items: [...removed] });
  });

  return routes;
}
