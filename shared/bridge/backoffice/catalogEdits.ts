import { z } from 'zod';
import { bridgeErrorInfoSchema } from '../result';

// Catalog quick edits from manager mode. The renderer sends the changed fields of
// the records the manager edited (spec 4.3 rule 3: `id` plus only what changes); the main side
// checks them all (shared/domain/catalogEdits.ts), then writes one multi-record request per
// resource under its wrapper key, split under the request limit, and says exactly what was saved.
// Prices are in cents; allergens are the codes of spec 2.7 (sent to the API joined by ";").
//
// The input is deliberately loose on VALUES (an empty name, a negative price, an unknown allergen
// code pass the schema) so that the main side can answer them per field (`invalid`) instead of a
// bare "invalid input"; shapes, types and sizes are strict.

const id = z.number().int().positive();
const text = z.string().max(500);
const cents = z.number().int().min(-100_000_000_000).max(100_000_000_000);

export const catalogEditKinds = ['group', 'category', 'item', 'modifier'] as const;
export type CatalogEditKind = (typeof catalogEditKinds)[number];

/** The fields a quick edit may change, as the form names them (`record`: the record as a whole). */
export const catalogEditFields = ['name', 'buttonName', 'price', 'active', 'allergens', 'photo', 'record'] as const;
export type CatalogEditField = (typeof catalogEditFields)[number];

export const itemEditSchema = z.strictObject({
  kind: z.literal('item'),
  id,
  name: text.optional(),
  /** null clears it (the button then shows the name). */
  buttonName: text.nullable().optional(),
  priceCents: cents.optional(),
  active: z.boolean().optional(),
  /** Every allergen the item contains (not a change list): [] = none. */
  allergens: z.array(z.number().int().min(0).max(1_000)).max(20).optional(),
  /** The photo's path in the image storage (spec 4.2); null clears it. */
  photo: text.nullable().optional(),
});
export const categoryEditSchema = z.strictObject({ kind: z.literal('category'), id, name: text.optional(), active: z.boolean().optional() });
export const groupEditSchema = z.strictObject({ kind: z.literal('group'), id, name: text.optional(), active: z.boolean().optional() });
export const modifierEditSchema = z.strictObject({ kind: z.literal('modifier'), id, priceCents: cents.optional(), active: z.boolean().optional() });

/** One record's changed fields. */
export const catalogEditSchema = z.discriminatedUnion('kind', [itemEditSchema, categoryEditSchema, groupEditSchema, modifierEditSchema]);
export type CatalogEdit = z.infer<typeof catalogEditSchema>;

/** Which record. */
export const catalogEditRefSchema = z.strictObject({ kind: z.enum(catalogEditKinds), id });
export type CatalogEditRef = z.infer<typeof catalogEditRefSchema>;

/** Why a field cannot be saved: our own check (worded by the renderer) or the server's words (`server`, `said`). */
export const catalogEditProblemCodes = [
  'name-empty',
  'price-negative',
  'price-too-high',
  'allergen-unknown',
  'allergen-twice',
  'nothing-changed',
  'listed-twice',
  'too-long',
  'server',
] as const;
export type CatalogEditProblemCode = (typeof catalogEditProblemCodes)[number];

export const catalogEditProblemSchema = z.strictObject({
  kind: z.enum(catalogEditKinds),
  id,
  field: z.enum(catalogEditFields),
  code: z.enum(catalogEditProblemCodes),
  /** The server's own words for this field (code `server`), cut to 500 characters. */
  said: z.string().max(500).optional(),
});
export type CatalogEditProblem = z.infer<typeof catalogEditProblemSchema>;

export const saveCatalogEditsResultSchema = z.discriminatedUnion('outcome', [
  /** Every edit was accepted. */
  z.strictObject({ outcome: z.literal('saved'), saved: z.array(catalogEditRefSchema) }),
  /** Our own check found problems: nothing was sent. */
  z.strictObject({ outcome: z.literal('invalid'), problems: z.array(catalogEditProblemSchema) }),
  /**
   * The server refused a write (4xx): that write changed nothing (the API's multi-record write is
   * all-or-nothing). `saved` are the records of earlier writes it had already accepted (usually
   * none), `refused` the records of the refused write and of any write not tried after it.
   */
  z.strictObject({
    outcome: z.literal('refused'),
    saved: z.array(catalogEditRefSchema),
    refused: z.array(catalogEditRefSchema),
    problems: z.array(catalogEditProblemSchema),
    /** The server's words as a whole, when it gave some (cut to 500 characters). */
    said: z.string().max(500).optional(),
    status: z.number().int().min(100).max(599).optional(),
  }),
  /**
   * A later write failed otherwise (offline, no answer) after earlier ones were accepted: `saved`
   * were accepted, `unsure` may or may not have been (no answer came), the rest were not sent.
   * When nothing had been accepted yet, the failure is thrown instead (a plain bridge error).
   */
  z.strictObject({
    outcome: z.literal('interrupted'),
    saved: z.array(catalogEditRefSchema),
    unsure: z.array(catalogEditRefSchema),
    error: bridgeErrorInfoSchema,
  }),
]);
export type SaveCatalogEditsResult = z.infer<typeof saveCatalogEditsResultSchema>;

/** At most this many records in one save (a manager's pending list, not a bulk import). */
export const MAX_CATALOG_EDITS = 2_000;

export const catalogEditOperations = {
  /**
   * spec 4.3: the edits, saved as one multi-record write per resource (groups, categories, items,
   * modifiers, in that order), each split under the 2 MB request limit. Online only; audited.
   * Every window then applies what was saved (`catalog-edited`).
   */
  saveCatalogEdits: {
    input: z.strictObject({ edits: z.array(catalogEditSchema).min(1).max(MAX_CATALOG_EDITS) }),
    output: saveCatalogEditsResultSchema,
  },
} as const;

/** Edits the server accepted, from this terminal: every window writes them into its catalog copy. */
export const catalogEditedEventSchema = z.object({ type: z.literal('catalog-edited'), edits: z.array(catalogEditSchema) });
