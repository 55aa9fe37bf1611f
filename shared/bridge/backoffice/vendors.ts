import { z } from 'zod';
import type { ErrorCode } from '../errorCodes';

// The venue's vendors and their items (spec: hospitality 2.8, 4.6), online only —
// nothing is queued: the manager is told at once. Money crosses as integer cents (a vendor item's
// `costPrice` is a decimal string on the wire, converted on the main side); a pack is a number of
// units (up to 3 decimals). Every write is recorded in the audit log (audit.ts).

/** spec 2.8: the vendor's text fields, in the order the form shows them. */
export const vendorTextFields = ['name', 'nif', 'address', 'postalCode', 'city', 'state', 'country', 'phone', 'email', 'web', 'notes'] as const;
export type VendorTextField = (typeof vendorTextFields)[number];
/** spec 4.6: required on create (and never blank on an update). */
export const vendorRequiredFields = ['name', 'address', 'nif'] as const satisfies readonly VendorTextField[];

/** The longest text each field takes (the form says so before anything is sent). */
export const VENDOR_FIELD_MAX: Record<VendorTextField, number> = {
  name: 200,
  nif: 30,
  address: 255,
  postalCode: 20,
  city: 100,
  state: 100,
  country: 100,
  phone: 40,
  email: 200,
  web: 255,
  notes: 1000,
};

const id = z.int().positive();

/** A vendor as the manager sees it: optional text null when empty. */
export const vendorSchema = z.strictObject({
  id,
  name: z.string(),
  address: z.string(),
  nif: z.string(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  web: z.string().nullable(),
  notes: z.string().nullable(),
  shouldBeNotified: z.boolean(),
});
export type Vendor = z.infer<typeof vendorSchema>;

const required = (field: VendorTextField) =>
  z
    .string()
    .trim()
    .min(1, 'field-empty' satisfies ErrorCode)
    .max(VENDOR_FIELD_MAX[field], 'field-too-long' satisfies ErrorCode);
const optional = (field: VendorTextField) =>
  z
    .string()
    .trim()
    .max(VENDOR_FIELD_MAX[field], 'field-too-long' satisfies ErrorCode)
    .transform((value) => (value === '' ? null : value))
    .nullable();

/** The fields a save carries: all of them on create; on an update (with `id`) only those that change. */
export const vendorFieldsSchema = z.strictObject({
  name: required('name'),
  address: required('address'),
  nif: required('nif'),
  postalCode: optional('postalCode'),
  city: optional('city'),
  state: optional('state'),
  country: optional('country'),
  phone: optional('phone'),
  email: optional('email'),
  web: optional('web'),
  notes: optional('notes'),
  shouldBeNotified: z.boolean(),
});
export type VendorFields = z.input<typeof vendorFieldsSchema>;

/** What a refusal says about one field: the NIF is taken, a required field is missing, or the POS refused it (its words in `said`). */
export const vendorFieldProblemSchema = z.strictObject({
  problem: z.enum(['taken', 'required', 'refused']),
  said: z.string().max(500).optional(),
});
export type VendorFieldProblem = z.infer<typeof vendorFieldProblemSchema>;

const vendorFieldKey = z.enum([...vendorTextFields, 'shouldBeNotified']);
export type VendorField = z.infer<typeof vendorFieldKey>;

/**
 * A save's answer: saved (the vendor as the POS now has it, or null when its answer did not carry
 * one: read the list again), or refused by the POS (a 422: nothing was created or changed) with a
 * problem per field it named — a duplicate NIF comes back on `nif`.
 */
export const saveVendorResultSchema = z.discriminatedUnion('outcome', [
  z.strictObject({ outcome: z.literal('saved'), vendor: vendorSchema.nullable() }),
  z.strictObject({
    outcome: z.literal('refused'),
    status: z.int().min(400).max(499).optional(),
    /** The POS's own sentence. */
    said: z.string().max(2_000).optional(),
    fields: z.partialRecord(vendorFieldKey, vendorFieldProblemSchema),
  }),
]);
export type SaveVendorResult = z.infer<typeof saveVendorResultSchema>;

/** A vendor's item: which catalog item, its cost price for one pack (cents), the units a pack holds. */
export const vendorItemSchema = z.strictObject({
  itemId: id,
  costCents: z.int(),
  // As the POS has it (a write needs more than 0; a stray 0 read back still lists).
  pack: z.number().nonnegative(),
  reference: z.string().nullable(),
});
export type VendorItem = z.infer<typeof vendorItemSchema>;

/** The largest cost price a form takes: 9,999,999.99. */
export const MAX_COST_CENTS = 999_999_999;
/** The largest pack: a million units. */
export const MAX_PACK = 1_000_000;
/** At most this many items per write (the POS refuses larger batches: the sandbox's 100). */
export const MAX_VENDOR_ITEMS_PER_WRITE = 100;

export const vendorItemWriteSchema = z.strictObject({
  itemId: id,
  costCents: z.int().min(0).max(MAX_COST_CENTS),
  pack: z
    .number()
    .positive()
    .max(MAX_PACK)
    // At most 3 decimals (the form says so first, in the manager's language).
    .refine((pack) => Math.abs(pack * 1000 - Math.round(pack * 1000)) < 1e-6),
  reference: z.string().trim().max(100).nullable().optional(),
});
export type VendorItemWrite = z.infer<typeof vendorItemWriteSchema>;

export const vendorOperations = {
  /** Every vendor of the venue (all pages), by id. */
  listVendors: { input: z.strictObject({}), output: z.strictObject({ vendors: z.array(vendorSchema) }) },
  /**
   * Creates a vendor (no `id`: `name`, `address`, `nif` required), or updates one with PUT (`id`
   * given; the fields that change, at least one). `nif` must be unique: the POS's refusal comes back
   * as `refused` with the field, never thrown. Other failures (offline, no answer) are thrown.
   */
  saveVendor: {
    input: z.strictObject({ id: id.optional(), vendor: vendorFieldsSchema.partial() }).superRefine((input, context) => {
      const given = Object.keys(input.vendor).filter((key) => input.vendor[key as keyof typeof input.vendor] !== undefined);
      if (input.id === undefined) {
        for (const field of vendorRequiredFields) {
          if (input.vendor[field] === undefined) context.addIssue({ code: 'custom', path: ['vendor', field], message: 'field-required' satisfies ErrorCode });
        }
      } else if (given.length === 0) {
        context.addIssue({ code: 'custom', path: ['vendor'], message: 'field-required' satisfies ErrorCode });
      }
    }),
    output: saveVendorResultSchema,
  },
  /** Deletes the vendor (its item relations go with it). */
  deleteVendor: { input: z.strictObject({ id }), output: z.strictObject({ deleted: z.literal(true) }) },
  /** The vendor's items (all pages). */
  listVendorItems: { input: z.strictObject({ vendorId: id }), output: z.strictObject({ items: z.array(vendorItemSchema) }) },
  /**
   * Adds or changes items of the vendor (one write: all or nothing); answers the vendor's items as
   * they now are, or null when the write was accepted but they could not be read back (read again).
   */
  saveVendorItems: {
    input: z.strictObject({ vendorId: id, items: z.array(vendorItemWriteSchema).min(1).max(MAX_VENDOR_ITEMS_PER_WRITE) }),
    output: z.strictObject({ items: z.array(vendorItemSchema).nullable() }),
  },
  /** Removes items (catalog item ids) from the vendor; answers as saveVendorItems does. */
  removeVendorItems: {
    input: z.strictObject({ vendorId: id, itemIds: z.array(id).min(1).max(MAX_VENDOR_ITEMS_PER_WRITE) }),
    output: z.strictObject({ items: z.array(vendorItemSchema).nullable() }),
  },
} as const;
