import { z } from 'zod';
import { errorTextShape, type ErrorCode } from './errorCodes';
import { queueStorageProblemSchema } from './queue';
import { customerChangedEventSchema, stockChangedEventSchema } from './commerce';
import { auditRecordedEventSchema } from './backoffice/audit';
import { catalogEditedEventSchema } from './backoffice/catalogEdits';
import { shopCustomerChangedEventSchema, shopProductChangedEventSchema, shopWebhookLoggedEventSchema } from './webhooks';

// Plain (transform-free) shapes that cross the process boundary. The main side maps the vendor's
// wire formats (shared/api) onto these, so the renderer never sees wire quirks.

export const floorTableSchema = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  name: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
  /** '#rrggbb' */
  color: z.string(),
  typeId: z.number().int().nullable(),
  isJoined: z.boolean(),
  joinedWithId: z.number().int().nullable(),
});
export type FloorTable = z.infer<typeof floorTableSchema>;

export const floorRoomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number(),
  active: z.boolean(),
  tables: z.array(floorTableSchema),
});
export type FloorRoom = z.infer<typeof floorRoomSchema>;

export const appInfoSchema = z.object({
  shell: z.enum(['electron', 'browser']),
  mode: z.enum(['demo', 'account']),
  /** Identifies the account whose data the renderer shows; local data is kept per account. */
  accountKey: z.string().min(1),
  /**
   * A venue (floor, catalog) or a shop (the till). The main side always says; absent
   * (a stand-in bridge of a test or tool) reads as a venue.
   */
  kind: z.enum(['venue', 'shop']).optional(),
  /** The venue's tenant, or the shop's username. */
  tenant: z.string(),
  version: z.string(),
  /**
   * A shop's catalog budget a minute (retail §8: 40; a shell option lifts it for tests): the till's
   * combo scan takes half of it (docs/decisions.md "Combos on linked products: the whole set, or no
   * combo"). Absent: the spec's.
   */
  catalogPerMinute: z.int().positive().optional(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

// Field messages are error codes (errorCodes.ts): the renderer words them next to the field.
const secret = () =>
  z
    .string({ error: 'field-required' satisfies ErrorCode })
    .trim()
    .min(1, 'field-empty' satisfies ErrorCode)
    .max(512, 'field-too-long' satisfies ErrorCode);

export const credentialsInputSchema = z.object({
  tenant: secret().regex(/^[A-Za-z0-9._-]+$/, 'tenant-characters' satisfies ErrorCode),
  accessToken: secret(),
  integratorToken: secret(),
});

export const connectionStateSchema = z.enum(['online', 'offline']);
export type ConnectionState = z.infer<typeof connectionStateSchema>;

// ——— Catalog sync ———

/** What the renderer's sync engine pages through (ARCHITECTURE §4.2), catalog first in spec order. */
export const syncResourceNames = [
  'groups',
  'categories',
  'items',
  'sellingFormats',
  'sellingFormatPivots',
  'modifiers',
  'modifierCategories',
  'modifierGroups',
  'modifierPivots',
  'menuMenuCategories',
  'menuMenuItemCategoryPivots',
  'rooms',
  'paymentMethods',
  'customers',
  'warehouses',
  /** Stocks of one warehouse (spec 4.4 `GET V2/warehouses/<id>`): needs `warehouseId`. */
  'stocks',
] as const;
export const syncResourceSchema = z.enum(syncResourceNames);
export type SyncResource = z.infer<typeof syncResourceSchema>;

/**
 * A plain JSON record: the wire record after validation and coercion by the main side. Checked
 * without copying (a z.record rebuilds every record on both sides of the bridge: about 0.4 s of CPU
 * in a 35,000-record sync); the sync engine validates each record against its own schema before
 * storing it.
 */
export const syncRecordSchema = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
  message: 'response-unexpected-shape' satisfies ErrorCode,
});
export type SyncRecord = z.infer<typeof syncRecordSchema>;

export const syncPageInputSchema = z
  .object({
    resource: syncResourceSchema,
    page: z.number().int().min(1),
    warehouseId: z.number().int().positive().optional(),
  })
  .strict()
  .refine((input) => input.resource !== 'stocks' || input.warehouseId !== undefined, {
    message: 'stocks-need-warehouse' satisfies ErrorCode,
    path: ['warehouseId'],
  });

export const syncPageSchema = z.object({
  records: z.array(syncRecordSchema),
  page: z.number().int(),
  lastPage: z.number().int(),
  /** Exact record count of the resource as the server reports it. */
  total: z.number().int(),
});
export type SyncPage = z.infer<typeof syncPageSchema>;

/**
 * Pages one `fetchSyncPages` call may ask for. Every bridge call costs each process on its way a
 * few milliseconds of CPU whatever it carries, so the sync engine asks for several at once.
 */
export const MAX_SYNC_PAGES_PER_CALL = 10;

export const syncPagesInputSchema = z.object({ pages: z.array(syncPageInputSchema).min(1).max(MAX_SYNC_PAGES_PER_CALL) }).strict();
export type SyncPageInput = z.infer<typeof syncPageInputSchema>;

/** The pages asked for, in the order asked. */
export const syncPagesSchema = z.object({ pages: z.array(syncPageSchema) });

// ——— Settings and connection ———

export const environmentIdSchema = z.enum(['production', 'integrations', 'custom']);
export type EnvironmentId = z.infer<typeof environmentIdSchema>;

export const environmentPresetSchema = z.object({
  id: environmentIdSchema,
  name: z.string(),
  /** Preset host roots; null when this build knows none (the waiter types them). */
  baseUrl: z.string().nullable(),
  imagesUrl: z.string().nullable(),
});
export type EnvironmentPreset = z.infer<typeof environmentPresetSchema>;

/**
 * Whether a URL's host is this computer: `localhost`, 127.0.0.0/8 or `[::1]` (WHATWG URL has
 * already normalised `127.1`, `0x7f.0.0.1` and `[0:0::1]` to these forms).
 */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * The tokens travel in headers (and Flow's query), so a real account on another
 * machine needs https://. Plain http:// stays for this computer (the sandbox, development).
 */
export function isPlainHttpElsewhere(value: string): boolean {
  if (!URL.canParse(value.trim())) return false;
  const url = new URL(value.trim());
  return url.protocol === 'http:' && !isLoopbackUrl(url);
}

const accountUrl = () =>
  z
    .string()
    .trim()
    .url('address-not-url' satisfies ErrorCode)
    .refine((value) => /^https?:\/\//i.test(value), 'address-scheme' satisfies ErrorCode)
    .refine((value) => !isPlainHttpElsewhere(value), 'address-needs-https' satisfies ErrorCode);

/**
 * A venue's place in a chain: the API cannot say, so the manager does. Only a
 * master is offered the chain sync. Absent (files written before it existed): see `chainRoleOf`.
 */
export const chainRoleSchema = z.enum(['master', 'child', 'none']);
export type ChainRole = z.infer<typeof chainRoleSchema>;

export const accountSettingsSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('demo'), chainRole: chainRoleSchema.optional() }).strict(),
  z
    .object({
      mode: z.literal('account'),
      environment: environmentIdSchema,
      baseUrl: accountUrl(),
      imagesUrl: accountUrl(),
      tenant: credentialsInputSchema.shape.tenant,
      chainRole: chainRoleSchema.optional(),
    })
    .strict(),
  // ——— Shops: the retail API (retail-api.md) ———
  /** The demo shop: the embedded retail sandbox (username `demo-shop`). */
  z.object({ mode: z.literal('demo-shop') }).strict(),
  z
    .object({
      mode: z.literal('shop'),
      environment: environmentIdSchema.optional(),
      /** The retail host root (`{retail_url}`): the paths of retail §4 are appended. */
      baseUrl: accountUrl(),
      /** retail §5 `username` header. */
      username: secret().regex(/^[A-Za-z0-9._@-]+$/, 'username-characters' satisfies ErrorCode),
    })
    .strict(),
]);
export type AccountSettings = z.infer<typeof accountSettingsSchema>;
export type AccountKind = 'venue' | 'shop';

/**
 * A venue's chain role as saved, or its default: the demo venue is the master of the embedded
 * sandbox's chain (its child is tenant `demo-child`); any other account is in no chain until told.
 */
export function chainRoleOf(account: AccountSettings): ChainRole {
  if (account.mode === 'demo') return account.chainRole ?? 'master';
  if (account.mode === 'account') return account.chainRole ?? 'none';
  return 'none';
}

/** A venue (`demo`, `account`) or a shop (`demo-shop`, `shop`). */
export function accountKindOf(account: Pick<AccountSettings, 'mode'>): AccountKind {
  return account.mode === 'demo-shop' || account.mode === 'shop' ? 'shop' : 'venue';
}

export const settingsSchema = z.object({
  account: accountSettingsSchema,
  /**
   * The other account, of the other kind (a shop beside a venue or the other way round): the
   * header's switch swaps the two. Absent or null: none.
   */
  secondary: accountSettingsSchema.nullable().optional(),
  /** Background catalog sync interval. */
  syncEveryMinutes: z.number().int().min(1).max(1440),
});
export type Settings = z.infer<typeof settingsSchema>;

/** Secrets travel one way only: renderer → vault. */
export const venueSecretsInputSchema = credentialsInputSchema.pick({ accessToken: true, integratorToken: true }).strict();
/** A shop's secret (retail §5: `Authorization: Bearer <token>`). */
export const shopSecretsInputSchema = z.object({ token: secret() }).strict();
/** A venue's two tokens or a shop's one. */
export const accountSecretsInputSchema = z.union([venueSecretsInputSchema, shopSecretsInputSchema]);
export type AccountSecretsInput = z.infer<typeof accountSecretsInputSchema>;

/** What the connection test tries, in the order a waiter can fix things (the renderer names each). */
export const connectionCheckIds = ['addresses', 'reachable', 'credentials', 'api', 'images'] as const;

export const connectionCheckSchema = z.strictObject({
  check: z.enum(connectionCheckIds),
  ok: z.boolean(),
  /** What the check found, as a code the renderer words. */
  ...errorTextShape,
  detail: z.string().optional(),
});
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

// ——— Terminal preferences and the lock ———

/** The terminal's languages (renderer/src/i18n/languages.ts names them). */
export const languageSchema = z.enum(['es', 'ca', 'en']);
/** `system` follows the OS's light or dark setting (prefers-color-scheme). */
export const themeSchema = z.enum(['system', 'light', 'dark']);

/** This terminal's own choices, saved with its settings; they belong to no account. */
export const preferencesSchema = z.object({
  /** null: nothing chosen yet, the terminal follows the system's language. */
  language: languageSchema.nullable(),
  theme: themeSchema,
  /** Lock the terminal after this many idle minutes; 0 = never (and never without a PIN). */
  lockIdleMinutes: z.number().int().min(0).max(240),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** A terminal PIN: 4 to 8 digits. */
export const pinSchema = z.string().regex(/^\d{4,8}$/, 'pin-format' satisfies ErrorCode);

/** Wrong PINs since the last right one, and how long PINs are refused after repeated wrong ones (0: a PIN may be tried now). */
export const pinTriesSchema = z.object({
  failures: z.number().int().nonnegative(),
  retryInMs: z.number().int().nonnegative(),
});

export const lockStateSchema = z.object({
  pinSet: z.boolean(),
  /** The lock screen is up (kept on the main side: a reload does not unlock). */
  locked: z.boolean(),
  /** The lock screen's wrong PINs since the last right one. */
  failures: z.number().int().nonnegative(),
  /** How long the lock screen refuses PINs after repeated wrong ones (0: a PIN may be tried now). */
  retryInMs: z.number().int().nonnegative(),
  /**
   * The PIN gates' own count (Settings, manager mode, Discard…, and changing the PIN): wrong tries
   * there never keep the lock screen waiting (docs/decisions.md, "The PIN guards the main side").
   */
  gate: pinTriesSchema,
  /**
   * The saved lock could not be read (damaged or unreadable, kept aside): the terminal runs without
   * a PIN until one is set again. The header says so.
   */
  damaged: z.boolean(),
});
export type LockState = z.infer<typeof lockStateSchema>;

/**
 * Why a PIN is typed: `unlock` — the lock screen (unlocks); `action` — a gate before one guarded
 * call (Discard, Mark done…); `session` — a gate before manager work (Settings, manager mode).
 * The lock screen and the gates count wrong tries apart.
 */
export const pinPurposeSchema = z.enum(['unlock', 'action', 'session']);
export type PinPurpose = z.infer<typeof pinPurposeSchema>;

/** A PIN grant's id: 32 random bytes, base64url (shared/bridge/access.ts). */
export const pinGrantTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** What a right PIN at a gate answers: the id for the guarded calls that follow, held in memory only. */
export const pinGrantSchema = z.object({
  /** Opaque: passed back as the call context's `grant`. */
  id: pinGrantTokenSchema,
  kind: z.enum(['action', 'session']),
  /** From the answer; a session's is renewed by each guarded call. */
  expiresInMs: z.number().int().nonnegative(),
});
export type PinGrant = z.infer<typeof pinGrantSchema>;

/** The answer to a PIN: right, wrong (maybe now refused for a while: `lock.retryInMs`), or not tried (`wait`). */
export const pinAttemptSchema = z.object({
  result: z.enum(['ok', 'wrong', 'wait']),
  lock: lockStateSchema,
  /** A right PIN at a gate (or a PIN just set): the grant for the guarded calls that follow. */
  grant: pinGrantSchema.optional(),
});
export type PinAttempt = z.infer<typeof pinAttemptSchema>;

// ——— Images ———

export const imageSyncStateSchema = z.object({
  queued: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type ImageSyncState = z.infer<typeof imageSyncStateSchema>;

export const bridgeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connection'), state: connectionStateSchema, at: z.string() }),
  /** The terminal now works on another account: reopen its local data. */
  z.object({ type: z.literal('account-changed'), accountKey: z.string() }),
  /** Background thumbnail fetching after a sync. */
  z.object({ type: z.literal('images'), state: imageSyncStateSchema }),
  /**
   * The current account's queue committed a change, or its database started or stopped refusing
   * writes: read `getQueue` unless the snapshot in hand already has this revision, and
   * show `storageProblem` as it is now. Bursts are coalesced; the last state always comes.
   */
  z.object({ type: z.literal('queue-changed'), revision: z.number().int().nonnegative(), storageProblem: queueStorageProblemSchema.nullable() }),
  /** The terminal was locked or unlocked, or its PIN set or removed: every window follows. */
  z.object({ type: z.literal('lock-changed'), lock: lockStateSchema }),
  /** An item's stock changed from this terminal (86 / put back): every window updates its copy. */
  stockChangedEventSchema,
  /** A customer was deleted from this terminal: every window drops it. */
  customerChangedEventSchema,
  /**
   * The shop's sales changed at the service (a webhook's `order.closed` or
   * `payment.updated`): a Reports screen showing today reads it again. No params.
   */
  z.object({ type: z.literal('shop-reports-stale') }),
  /** A product or customer changed at the shop's service (a webhook): every window puts it into its current catalog. */
  shopProductChangedEventSchema,
  shopCustomerChangedEventSchema,
  /** The webhook log has a new entry (Settings shows it). */
  shopWebhookLoggedEventSchema,
  /** A back-office write was recorded: manager mode's Activity list follows. */
  auditRecordedEventSchema,
  /** Catalog quick edits the server accepted: every window writes them into its catalog copy. */
  catalogEditedEventSchema,
]);
export type BridgeEvent = z.infer<typeof bridgeEventSchema>;
