import { z } from 'zod';
import { errorTextSchema, type ErrorCode } from './errorCodes';

// The shop's webhook receiver (retail-api.md §6, clarifications "Webhooks"):
// its settings (kept in settings.json; the secret in the vault only, written here and never read
// back), what the receiver is doing, its log, and the events that carry a change to every window.
// The main side: electron/services/retail/webhooks. Events the renderer applies:
// renderer/src/data/shop/shopLiveChanges.ts.

/** An IPv4 address, or `::` / `::1`: the interface the receiver listens on. */
const HOST = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$|^::1?$/;

/** This computer only: the default (the retail service then needs a tunnel or a proxy to reach it). */
export const WEBHOOK_LOOPBACK_HOST = '127.0.0.1';
/** Every network interface of this computer. */
export const WEBHOOK_ALL_HOSTS = '0.0.0.0';
/** The path the receiver answers (any other is 404). */
export const WEBHOOK_PATH = '/retail-webhooks';

export const shopWebhookSettingsSchema = z.strictObject({
  /** Off by default: nothing listens until someone enables it. */
  enabled: z.boolean(),
  host: z
    .string()
    .trim()
    .regex(HOST, 'webhook-host-invalid' satisfies ErrorCode),
  /** 0: a free port picked at each start (tests; a registered URL would change). */
  port: z
    .number({ error: 'webhook-port-invalid' satisfies ErrorCode })
    .int('webhook-port-invalid' satisfies ErrorCode)
    .min(0, 'webhook-port-invalid' satisfies ErrorCode)
    .max(65_535, 'webhook-port-invalid' satisfies ErrorCode),
});
export type ShopWebhookSettings = z.infer<typeof shopWebhookSettingsSchema>;

export const DEFAULT_SHOP_WEBHOOK_SETTINGS: ShopWebhookSettings = { enabled: false, host: WEBHOOK_LOOPBACK_HOST, port: 8790 };

/** What happened to one delivery. */
export const webhookOutcomes = [
  /** Verified and acted on (`change` says what). */
  'applied',
  /** Verified; the same body (SHA-256) was handled before: nothing done again. */
  'repeated',
  /** Verified, but an event the till does not use (turn.closed, tax.*, …). */
  'ignored',
  /** Verified, for another account (`username`): nothing done. */
  'other-account',
  /** Verified, but its body or record could not be read: nothing done (the next sync brings it). */
  'unreadable',
  /** Verified, but acting on it failed (the record could not be fetched): the next sync brings it. */
  'failed',
  /**
   * Not verified (signature missing or wrong, or no secret saved): answered 401, nothing done. Only
   * in logs written before refusals were counted instead (`webhookRefusedSchema`).
   */
  'refused',
] as const;
export type WebhookOutcome = (typeof webhookOutcomes)[number];

/** Why a delivery was refused or not acted on. */
export const webhookReasons = [
  'signature-missing',
  'signature-wrong',
  'no-secret',
  'not-a-form',
  'data-not-json',
  'record-invalid',
  'fetch-failed',
  'delete-unconfirmed',
] as const;
export type WebhookReason = (typeof webhookReasons)[number];

/**
 * Why a request was refused before anything in it was read: no secret saved, a signature missing or
 * wrong, or not a delivery at all (another method, content type, or a body over the limit). These
 * are counted, never logged: anyone who can reach the port can send them, and a log entry each
 * would let 100 forged requests push every real delivery out of the log.
 */
export const webhookRefusals = ['no-secret', 'signature-missing', 'signature-wrong', 'not-a-delivery'] as const;
export type WebhookRefusal = (typeof webhookRefusals)[number];

export const webhookRefusedSchema = z.strictObject({
  /** Refused requests since the count began (kept across restarts). */
  total: z.number().int().nonnegative(),
  byReason: z.strictObject({
    'no-secret': z.number().int().nonnegative(),
    'signature-missing': z.number().int().nonnegative(),
    'signature-wrong': z.number().int().nonnegative(),
    'not-a-delivery': z.number().int().nonnegative(),
  } satisfies Record<WebhookRefusal, z.ZodType>),
  /** When the last one came (ISO), null when none has. */
  lastAt: z.string().nullable(),
});
export type WebhookRefused = z.infer<typeof webhookRefusedSchema>;

export const NO_WEBHOOK_REFUSALS: WebhookRefused = {
  total: 0,
  byReason: { 'no-secret': 0, 'signature-missing': 0, 'signature-wrong': 0, 'not-a-delivery': 0 },
  lastAt: null,
};

export const webhookChangeSchema = z.strictObject({
  kind: z.enum(['product', 'customer', 'reports']),
  /** The record's id (null for `reports`). */
  id: z.number().int().nullable(),
  /** The record's name as the shop wrote it, when known. */
  name: z.string().max(200).nullable(),
  /** The record was removed from the till's copy. */
  removed: z.boolean(),
});
export type WebhookChange = z.infer<typeof webhookChangeSchema>;

export const webhookLogEntrySchema = z.strictObject({
  /** When it arrived (ISO). */
  at: z.string(),
  /** The event as named in the body (null when it could not be read, or not verified). */
  event: z.string().max(100).nullable(),
  /** The signature matched the secret. */
  verified: z.boolean(),
  outcome: z.enum(webhookOutcomes),
  reason: z.enum(webhookReasons).nullable(),
  change: webhookChangeSchema.nullable(),
});
export type WebhookLogEntry = z.infer<typeof webhookLogEntrySchema>;

export const webhookReceiverSchema = z.strictObject({
  state: z.enum(['off', 'listening', 'failed']),
  /** The URLs to register at the retail service (one per address of this computer it listens on). */
  urls: z.array(z.string()),
  /** Why it is not listening (state `failed`). */
  problem: errorTextSchema.nullable(),
});
export type WebhookReceiverState = z.infer<typeof webhookReceiverSchema>;

export const shopWebhooksStatusSchema = z.strictObject({
  settings: shopWebhookSettingsSchema,
  /** The vault holds this shop's webhook secret (it is never sent back). */
  secretSaved: z.boolean(),
  /** Why the secret cannot be kept or read here (the vault's problem), else null. */
  secretProblem: errorTextSchema.nullable(),
  receiver: webhookReceiverSchema,
});
export type ShopWebhooksStatus = z.infer<typeof shopWebhooksStatusSchema>;

/** The most log entries kept (the oldest go first). */
export const MAX_WEBHOOK_LOG = 100;

/** The shop's webhook operations (merged into shared/bridge/operations.ts); a venue answers `not-a-shop`. */
export const webhookOperations = {
  getShopWebhooks: { input: z.strictObject({}), output: shopWebhooksStatusSchema },
  /**
   * Saves the settings (settings.json) and, when typed, the secret (the vault: write-only, empty =
   * keep the saved one), then starts, restarts or stops the receiver.
   */
  saveShopWebhooks: {
    input: z.strictObject({
      settings: shopWebhookSettingsSchema,
      secret: z
        .string()
        .trim()
        .min(1, 'field-empty' satisfies ErrorCode)
        .max(512, 'field-too-long' satisfies ErrorCode)
        .optional(),
    }),
    output: shopWebhooksStatusSchema,
  },
  /** The last deliveries, newest first (at most MAX_WEBHOOK_LOG), and the refused requests' count. */
  getShopWebhookLog: {
    input: z.strictObject({}),
    output: z.strictObject({ entries: z.array(webhookLogEntrySchema).max(MAX_WEBHOOK_LOG), refused: webhookRefusedSchema }),
  },
} as const;

/** A record as the retail wire schemas read it (checked by the renderer against its own schema). */
const changedRecord = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
  message: 'response-unexpected-shape' satisfies ErrorCode,
});

/**
 * A product changed at the service (a webhook): every window puts it into the current catalog
 * generation at once — `product` null: it was deleted. The record is the retail wire schema's
 * output (cents, thousandths); `stocks` and `variant_info` only when it was read with them.
 */
export const shopProductChangedEventSchema = z.object({
  type: z.literal('shop-product-changed'),
  productId: z.number().int().positive(),
  product: changedRecord.nullable(),
});
/** The same for a customer (`customer` null: deleted). */
export const shopCustomerChangedEventSchema = z.object({
  type: z.literal('shop-customer-changed'),
  customerId: z.number().int().positive(),
  customer: changedRecord.nullable(),
});
/** The webhook log has a new entry: Settings reads it again. */
export const shopWebhookLoggedEventSchema = z.object({ type: z.literal('shop-webhook-logged') });
