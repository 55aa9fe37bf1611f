// Write rules of the retail catalog (retail-api.md §2.6, §4.1, §4.3, §7): required fields on
// create, types of every field, references that must exist, and whole-request validation before
// anything is written (batches are atomic). Decisions where the spec is silent (docs/sandbox.md):
// - `id` and the read-only objects (`tax`, `variant_master`, `ecommerce_info`, `stocks`,
//   `variant_info`) are ignored in a write body, and so are unknown fields;
// - references (`group_id`, `category_id`, `tax_id`, `unit_id`, `main_product_id`,
//   `complementary_product_id`) must name existing records (not records of the same request);
// - a variant (type 6) with a `main_product_id` must point at a variant master (type 5);
// - `barcode` has no default (null): the spec lists "0.00", which every product would share;
// - `weight` is a number ≥ 0 with at most 3 decimals; `order` an integer; `type` 0–8 (numbers as
//   numeric strings too: clarifications "Values the vendor's servers accept").
import { z } from 'zod';
import { invalidData as invalidDataOf } from '../errors';
import { laravelNumeric } from '../../laravelValues';
import { dec2, flag, id, integer, isoDate, optionalText, parseWith } from '../input';
import type { RetailAccountState, RetailCategoryRecord, RetailGroupRecord, RetailProductRecord } from '../model';
import { PRODUCT_TYPE } from '../model';

const name = z
  .string({ error: (i) => (i.input === undefined ? 'is required' : 'expected a string') })
  .trim()
  .min(1, 'must not be empty')
  .max(255);
const order = integer(z.int({ error: 'expected an integer' }).min(-1_000_000).max(1_000_000));
const weight = laravelNumeric(
  z
    .number({ error: 'expected a number' })
    .min(0)
    .max(1_000_000)
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, { message: 'has more than 3 decimals' }),
);

const groupFields = {
  name,
  photo: optionalText,
  order: order.optional(),
  active: flag.optional(),
  tax_id: id.nullish(),
};

const categoryFields = {
  name,
  group_id: id,
  photo: optionalText,
  order: order.optional(),
  active: flag.optional(),
  extra_id: optionalText,
  tax_id: id.nullish(),
};

const productFields = {
  name,
  category_id: id,
  photo: optionalText,
  extra_id: optionalText,
  reference: optionalText,
  info: optionalText,
  shortInfo: optionalText,
  brand: optionalText,
  season: optionalText,
  order: order.optional(),
  active: flag.optional(),
  featured: flag.optional(),
  isOpen: flag.optional(),
  traceability: flag.optional(),
  usesStockManagement: flag.optional(),
  usesWeight: flag.optional(),
  weight: weight.optional(),
  type: integer(z.int({ error: 'expected an integer 0–8' }).min(0).max(8)).optional(),
  price: dec2({ min: 0 }).optional(),
  costPrice: dec2({ min: 0 }).optional(),
  barcode: optionalText,
  main_product_id: id.nullish(),
  complementary_product_id: id.nullish(),
  unit_id: id.nullish(),
  tax_id: id.nullish(),
  discountinued_at: isoDate.nullish(),
};

export const RESOURCES = ['groups', 'categories', 'products'] as const;
export type CatalogResourceName = (typeof RESOURCES)[number];

const createSchemas = {
  groups: z.object(groupFields),
  categories: z.object(categoryFields),
  products: z.object(productFields),
};

const updateSchemas = {
  groups: z.object(groupFields).partial(),
  categories: z.object(categoryFields).partial(),
  products: z.object(productFields).partial(),
};

export type CatalogRecord = RetailGroupRecord | RetailCategoryRecord | RetailProductRecord;
/** A record to create (no id yet). */
export type NewCatalogRecord = Omit<RetailGroupRecord, 'id'> | Omit<RetailCategoryRecord, 'id'> | Omit<RetailProductRecord, 'id'>;

function object(value: unknown, where: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidDataOf(`${where}: expected an object`);
  return value as Record<string, unknown>;
}

/** The record a create builds from `fields` (defaults of §2.6), without its id. */
function fromCreate(resource: CatalogResourceName, fields: Record<string, unknown>): NewCatalogRecord {
  const f = fields as Partial<RetailGroupRecord & RetailCategoryRecord & RetailProductRecord>;
  switch (resource) {
    case 'groups':
      return { name: f.name as string, photo: f.photo ?? null, order: f.order ?? 0, active: f.active ?? true, tax_id: f.tax_id ?? null };
    case 'categories':
      return {
        name: f.name as string,
        group_id: f.group_id as number,
        photo: f.photo ?? null,
        order: f.order ?? 0,
        active: f.active ?? true,
        extra_id: f.extra_id ?? null,
        tax_id: f.tax_id ?? null,
      };
    case 'products':
      return {
        name: f.name as string,
        category_id: f.category_id as number,
        photo: f.photo ?? null,
        extra_id: f.extra_id ?? null,
        reference: f.reference ?? null,
        info: f.info ?? null,
        shortInfo: f.shortInfo ?? null,
        brand: f.brand ?? null,
        season: f.season ?? null,
        order: f.order ?? 0,
        active: f.active ?? true,
        featured: f.featured ?? false,
        isOpen: f.isOpen ?? false,
        traceability: f.traceability ?? false,
        usesStockManagement: f.usesStockManagement ?? false,
        usesWeight: f.usesWeight ?? false,
        weight: f.weight ?? 0,
        type: f.type ?? PRODUCT_TYPE.normal,
        price: f.price ?? 0,
        costPrice: f.costPrice ?? 0,
        barcode: f.barcode ?? null,
        main_product_id: f.main_product_id ?? null,
        complementary_product_id: f.complementary_product_id ?? null,
        unit_id: f.unit_id ?? null,
        tax_id: f.tax_id ?? null,
        discountinued_at: f.discountinued_at ?? null,
        ecommerce: null,
      };
  }
}

/** Undefined fields (left out of a partial update) removed, so a spread keeps the old values. */
function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/** Checks the references of a record as it would be written. `where` names it in the message. */
function checkReferences(account: RetailAccountState, resource: CatalogResourceName, record: Record<string, unknown>, where: string): void {
  const exists = (list: readonly { id: number }[], ref: unknown) => ref === null || ref === undefined || list.some((r) => r.id === ref);
  if (!exists(account.taxes, record.tax_id)) throw invalidDataOf(`${where}.tax_id: no tax ${String(record.tax_id)}`);
  if (resource === 'categories' && !exists(account.groups, record.group_id)) {
    throw invalidDataOf(`${where}.group_id: no group ${String(record.group_id)}`);
  }
  if (resource === 'products') {
    if (!exists(account.categories, record.category_id)) throw invalidDataOf(`${where}.category_id: no category ${String(record.category_id)}`);
    if (!exists(account.units, record.unit_id)) throw invalidDataOf(`${where}.unit_id: no unit ${String(record.unit_id)}`);
    if (!exists(account.products, record.complementary_product_id)) {
      throw invalidDataOf(`${where}.complementary_product_id: no product ${String(record.complementary_product_id)}`);
    }
    const mainId = record.main_product_id;
    if (mainId !== null && mainId !== undefined) {
      const main = account.products.find((p) => p.id === mainId);
      if (!main || main.id === record.id) throw invalidDataOf(`${where}.main_product_id: no product ${String(mainId)}`);
      if (record.type === PRODUCT_TYPE.variant && main.type !== PRODUCT_TYPE.variantMaster) {
        throw invalidDataOf(`${where}.main_product_id: product ${main.id} is not a variant master (type 5)`);
      }
    }
  }
}

/** Validated records of a create (array of objects), without ids. Throws a 422 on the first bad one. */
export function validateCreate(account: RetailAccountState, resource: CatalogResourceName, body: unknown, maxObjects: number): NewCatalogRecord[] {
  const list = Array.isArray(body) ? body : [body];
  if (list.length === 0) throw invalidDataOf('expected a non-empty array of records');
  if (list.length > maxObjects) {
    throw invalidDataOf(`Too many objects in one request: ${list.length}; at most ${maxObjects} per create or update request. Nothing was written.`);
  }
  return list.map((entry, i) => {
    const where = `${resource}[${i}]`;
    const fields = parseWith(createSchemas[resource], object(entry, where), where) as Record<string, unknown>;
    const record = fromCreate(resource, fields);
    checkReferences(account, resource, record as unknown as Record<string, unknown>, where);
    return record;
  });
}

/** `current` with the fields of an update body applied, validated (not written). */
export function validateUpdate<T extends CatalogRecord>(
  account: RetailAccountState,
  resource: CatalogResourceName,
  current: T,
  body: unknown,
  where: string,
): T {
  const fields = parseWith(updateSchemas[resource], object(body, where), where) as Record<string, unknown>;
  const next = { ...current, ...defined(fields) } as T;
  checkReferences(account, resource, next as unknown as Record<string, unknown>, where);
  return next;
}
