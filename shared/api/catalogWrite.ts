import { z } from 'zod';
import { allergiesProblem, type CatalogSegment } from './catalog';
import { sendDecimal, sendFlag, sendId } from './send';

// What the terminal sends to the catalog endpoints (spec: hospitality 2.6, 4.3). One record object
// creates a record, or updates one when it carries `id` (rule 3: `id` plus only the fields that
// change); the wrapper key holding an array writes many. Strict: unknown keys are refused, except
// the few fields the clarifications say records carry beyond the spec's tables.

const text = z.string().nullable().optional();
const int = z.int().nullable().optional();
const decimal = sendDecimal.nullable().optional();
/** A flag with a default (spec 2.6): may be left out, never null. */
const flag = sendFlag.optional();
/** An optional reference to another record; null clears it. */
const optionalRef = sendId.nullable().optional();
const name = z.string().refine((v) => v.trim() !== '', 'is required and cannot be empty');

const allergies = z
  .string()
  .superRefine((value, ctx) => {
    const problem = allergiesProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `${problem} (spec 2.7: codes 1–13 joined by ";")` });
  })
  .nullable()
  .optional();

/** Create shapes: required fields per spec 2.6 and 4.3 rule 2. */
const createShapes = {
  // spec 4.3 rule 1: creating a group, every parameter is optional.
  groups: {
    name: z.string().optional(),
    photo: text,
    active: flag,
    tax_id: int,
    printer_id: int,
    printer_group_id: int,
    super_group_id: int,
    extra_id: text,
  },
  categories: {
    name,
    group_id: sendId,
    photo: text,
    active: flag,
    tax_id: int,
    printer_id: int,
    printer_group_id: int,
    modifier_category_id: optionalRef,
    modifier_group_id: optionalRef,
    super_group_id: int,
    dish_order_id: int,
    extra_id: text,
  },
  items: {
    name,
    price: sendDecimal,
    costPrice: sendDecimal,
    type: z.union([z.literal(0), z.literal(1), z.literal(4)], { error: 'must be 0 (normal), 1 (menu) or 4 (selling format)' }),
    category_id: sendId,
    photo: text,
    active: flag,
    info: text,
    hasInventory: flag,
    usesWeight: flag,
    isMenu: flag,
    shouldAppearInMenuList: flag,
    isOpen: flag,
    displayInventory: flag,
    isLinked: flag,
    useAverageCostPrice: flag,
    nameKitchen: text,
    buttonName: text,
    barcode: text,
    config: text,
    extra_id: text,
    allergies,
    tax_id: int,
    printer_id: int,
    printer_group_id: int,
    modifier_group_id: optionalRef,
    modifier_category_id: optionalRef,
    super_group_id: int,
    dish_order_id: int,
    unit_id: int,
    report_category_id: int,
    cookDuration: decimal,
    minQuantity: decimal,
    // clarifications: items may carry an `order`.
    order: int,
  },
  sellingFormats: { name, photo: text, order: int, active: flag },
  sellingFormatPivots: {
    quantity: sendDecimal,
    price: sendDecimal,
    format_id: sendId,
    item_id: sendId,
    order: int,
    combination_group_id: int,
    unit_id: int,
  },
  modifiers: {
    name,
    price: sendDecimal,
    category_id: sendId,
    photo: text,
    order: int,
    cookDuration: decimal,
    active: flag,
    extra_id: text,
    // clarifications: a modifier may carry `autoSelected`.
    autoSelected: flag,
  },
  // clarifications: a modifier category may carry `min`/`max`; `shouldHide` as real clients send it.
  modifierCategories: { name, order: int, isChoice: flag, isOptional: flag, active: flag, min: int, max: int, shouldHide: flag },
  modifierGroups: { name, order: int, dont_show_automatically: flag },
  modifierPivots: { group_id: sendId, category_id: sendId, order: int },
  menuMenuCategories: {
    name,
    item_id: sendId,
    order: int,
    isMultipleChoice: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'must be 0, 1, 2, 3 or 4' }).optional(),
    max: z.int().nonnegative().optional(),
    min: z.int().nonnegative().optional(),
    dish_order_id: int,
  },
  menuMenuItemCategoryPivots: {
    price: sendDecimal,
    item_id: sendId,
    category_id: sendId,
    active: flag,
    order: int,
    addModifiersPrice: flag,
    separatorName: text,
    modifier_group_id: optionalRef,
    format_pivot_id: optionalRef,
  },
} as const satisfies Record<CatalogSegment, z.ZodRawShape>;

type CreateShapes = typeof createShapes;

function makeCreate<S extends CatalogSegment>(segment: S) {
  return z.strictObject(createShapes[segment] as CreateShapes[S]);
}

function makeUpdate<S extends CatalogSegment>(segment: S) {
  return z
    .strictObject(createShapes[segment] as CreateShapes[S])
    .partial()
    .extend({ id: sendId });
}

/**
 * Most records one multi-record write carries. Not published for hospitality; the sandbox refuses
 * more than 1,000 (docs/sandbox.md "General"), so the terminal never sends more
 * (docs/decisions.md "Catalog batches and gift-card codes").
 */
export const MAX_CATALOG_BATCH_RECORDS = 1_000;

/** Per resource: the create object, the update object (`id` + changed fields) and a batch. */
function requestsOf<S extends CatalogSegment>(segment: S) {
  const create = makeCreate(segment);
  const update = makeUpdate(segment);
  // An entry with `id` is an update, without one a create: chosen up front so that a problem is
  // reported against the right shape (a union would only say "invalid input").
  type Entry = z.output<typeof update> | z.output<typeof create>;
  type EntryInput = z.input<typeof update> | z.input<typeof create>;
  const entry = z.unknown().transform((value, ctx): Entry => {
    const hasId = typeof value === 'object' && value !== null && 'id' in value;
    const parsed = (hasId ? update : create).safeParse(value);
    if (parsed.success) return parsed.data as Entry;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }) as unknown as z.ZodType<Entry, EntryInput>;
  const batch = z.strictObject({
    [segment]: z
      .array(entry)
      .min(1, 'at least one record is required')
      .max(MAX_CATALOG_BATCH_RECORDS, `at most ${MAX_CATALOG_BATCH_RECORDS} records in one write`),
  } as {
    [K in S]: z.ZodArray<typeof entry>;
  });
  return { create, update, entry, batch };
}

/** spec 4.3 write bodies of every catalog resource. */
export const catalogWriteRequests = {
  groups: requestsOf('groups'),
  categories: requestsOf('categories'),
  items: requestsOf('items'),
  sellingFormats: requestsOf('sellingFormats'),
  sellingFormatPivots: requestsOf('sellingFormatPivots'),
  modifiers: requestsOf('modifiers'),
  modifierCategories: requestsOf('modifierCategories'),
  modifierGroups: requestsOf('modifierGroups'),
  modifierPivots: requestsOf('modifierPivots'),
  menuMenuCategories: requestsOf('menuMenuCategories'),
  menuMenuItemCategoryPivots: requestsOf('menuMenuItemCategoryPivots'),
};

type Requests = typeof catalogWriteRequests;
/** A record to create (spec 2.6 required fields). */
export type CatalogCreateRequest<S extends CatalogSegment> = z.input<Requests[S]['create']>;
/** `id` plus the fields that change (spec 4.3 rule 3). */
export type CatalogUpdateRequest<S extends CatalogSegment> = z.input<Requests[S]['update']>;
/** One entry of a multi-record write: a create or an update. */
export type CatalogWriteEntry<S extends CatalogSegment> = z.input<Requests[S]['entry']>;
