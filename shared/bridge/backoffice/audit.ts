import { z } from 'zod';

// Every back-office write is recorded on the main side — who (this terminal),
// when, what it changed and what the server answered — and listed in manager mode.

const isoTime = z.string().min(1).max(40);

/** The back-office writes (one per kind of call the manager makes). */
export const auditActions = [
  'catalog-edit',
  'stock-count',
  'stock-receipt',
  'vendor-create',
  'vendor-update',
  'vendor-delete',
  'vendor-items-save',
  'vendor-items-remove',
  'chain-sync',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What the server answered: accepted, refused (with its status and words), or not known. */
export const auditAnswerSchema = z.strictObject({
  outcome: z.enum(['accepted', 'refused', 'failed', 'unknown']),
  /** The HTTP status, when one came back. */
  status: z.number().int().min(100).max(599).optional(),
  /** The server's own words (a 422's message, the chain sync's "Synced"), cut to 2,000 characters. */
  said: z.string().max(2_000).optional(),
  /** Our error code when it failed before or without an answer (`offline`, `timeout`, …). */
  code: z.string().max(100).optional(),
});
export type AuditAnswer = z.infer<typeof auditAnswerSchema>;

/** One recorded write. `change` is the request as sent (never a secret; tokens are headers). */
export const auditRecordSchema = z.strictObject({
  id: z.number().int().positive(),
  at: isoTime,
  /** The terminal that wrote it: its host name and shell ("bar-1 · browser"). */
  terminal: z.string().max(200),
  action: z.enum(auditActions),
  /** What it was about, for the list: "items 12, 14", "warehouse 1", "vendor 3". */
  target: z.string().max(500),
  /** The request body (JSON), cut to 20,000 characters when longer. */
  change: z.string().max(20_000),
  answer: auditAnswerSchema,
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditOperations = {
  /** The newest records first (at most `limit`, default 200), optionally before the record `beforeId`. */
  listAudit: {
    input: z.strictObject({ limit: z.number().int().min(1).max(1_000).optional(), beforeId: z.number().int().positive().optional() }),
    output: z.strictObject({ records: z.array(auditRecordSchema) }),
  },
} as const;

/** A record was added (every window's Activity list follows). */
export const auditRecordedEventSchema = z.object({ type: z.literal('audit-recorded'), record: auditRecordSchema });
