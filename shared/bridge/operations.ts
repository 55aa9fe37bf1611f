import { z } from 'zod';
import {
  accountSecretsInputSchema,
  accountSettingsSchema,
  appInfoSchema,
  connectionCheckSchema,
  connectionStateSchema,
  environmentPresetSchema,
  imageSyncStateSchema,
  lockStateSchema,
  pinAttemptSchema,
  pinPurposeSchema,
  pinSchema,
  preferencesSchema,
  settingsSchema,
  syncPagesInputSchema,
  syncPagesSchema,
} from './schemas';
import { queueOperations } from './queue';
import { commerceOperations } from './commerce';
import { shopOperations } from './shop';
import { webhookOperations } from './webhooks';
import { backofficeOperations } from './backoffice';
import { errorTextSchema } from './errorCodes';

const noInput = z.object({}).strict();

/**
 * Every operation that crosses the process boundary: name → input schema → output schema.
 * Both shells validate the input with these schemas before a service runs (ARCHITECTURE §2).
 * Adding an operation here makes the preload and the HTTP client fail to type-check until they
 * expose it too.
 */
export const bridgeOperations = {
  getAppInfo: { input: noInput, output: appInfoSchema },

  /**
   * Pages (200 records each) of the resources the sync engine mirrors: all of
   * them in the order asked, or the first failure once every one has settled.
   */
  fetchSyncPages: { input: syncPagesInputSchema, output: syncPagesSchema },

  /** Current settings (never the secrets) and the environments this build knows. */
  getSettings: {
    input: noInput,
    output: z.object({
      settings: settingsSchema,
      /** The vault holds tokens for this account's server and tenant. */
      hasSecrets: z.boolean(),
      /** Why the saved tokens cannot be used (e.g. `vault-damaged`: type them again). */
      secretsProblem: errorTextSchema.nullable().optional(),
      /** The vault holds tokens for the second account; absent: no second account. */
      secondaryHasSecrets: z.boolean().optional(),
      environments: z.array(environmentPresetSchema),
      /**
       * A new terminal (no settings saved on it yet): its first screen offers the demo venue, the
       * demo shop and "Connect my account". Absent: not known (an older main side).
       */
      firstStart: z.boolean().optional(),
    }),
  },
  /**
   * Switches account (and saves the secrets to the vault when given). The renderer then gets an
   * `account-changed` event and reopens that account's local data: two accounts never mix.
   */
  saveSettings: {
    // `secondarySecrets`: the second account's, saved in its own vault slot.
    input: settingsSchema.extend({ secrets: accountSecretsInputSchema.optional(), secondarySecrets: accountSecretsInputSchema.optional() }).strict(),
    output: z.object({ accountKey: z.string() }),
  },
  /** Tries an account without switching to it; secrets default to the saved ones. */
  testConnection: {
    input: z.object({ account: accountSettingsSchema, secrets: accountSecretsInputSchema.optional() }).strict(),
    output: z.object({ ok: z.boolean(), checks: z.array(connectionCheckSchema) }),
  },

  /** This terminal's language, theme and idle lock: account-independent, applied at once. */
  getPreferences: { input: noInput, output: preferencesSchema },
  /** Saves the fields given, keeps the others; answers what is now saved. */
  savePreferences: { input: preferencesSchema.partial().strict(), output: preferencesSchema },

  /**
   * The terminal lock. The PIN is kept hashed on the main side; these calls carry
   * it one way only and answer right or wrong. Three wrong PINs make the main side refuse PINs
   * (`wait`) for a growing time: the lock screen's tries and the gates' (verifyPin `action` /
   * `session`, setPin, clearPin) are counted apart.
   */
  getLockState: { input: noInput, output: lockStateSchema },
  /** Shows the lock screen in every window (nothing happens without a PIN). */
  lockTerminal: { input: noInput, output: lockStateSchema },
  /**
   * Checks the PIN: `unlock` (the default) unlocks when it is right; `action` and `session` answer
   * a PIN gate with a grant for the guarded calls that follow (shared/bridge/access.ts).
   */
  verifyPin: { input: z.object({ pin: pinSchema, purpose: pinPurposeSchema.optional() }).strict(), output: pinAttemptSchema },
  /** Sets the PIN; changing one needs the current PIN. A PIN set answers a session grant (whoever set it knows it). */
  setPin: { input: z.object({ pin: pinSchema, current: pinSchema.optional() }).strict(), output: pinAttemptSchema },
  /** Removes the PIN (needs it): nothing is asked any more. */
  clearPin: { input: z.object({ current: pinSchema }).strict(), output: pinAttemptSchema },

  /**
   * The photo paths the current catalog references: the main side fetches missing thumbnails in
   * the background and deletes cached files nobody references any more.
   */
  syncImages: {
    input: z.object({ photos: z.array(z.string().min(1).max(1024)).max(200_000) }).strict(),
    output: imageSyncStateSchema,
  },

  /**
   * The current account's connection as the main side last saw it (null: not known yet), for a
   * renderer that starts after the last `connection` event.
   */
  getConnectionState: { input: noInput, output: z.object({ state: connectionStateSchema.nullable() }) },

  /** The order queue and the table services, kept and delivered by the main side. */
  ...queueOperations,

  /** Gift cards, customers, stock and the terminal's warehouse. */
  ...commerceOperations,

  /** Shop mode: the till's catalog sync through the retail gateway. */
  ...shopOperations,

  /** Shop mode: the webhook receiver's settings and log. */
  ...webhookOperations,

  /** Manager mode: the venue's back office — catalog edits, stock counts, purchasing, vendors, chain sync, audit. */
  ...backofficeOperations,
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

export type BridgeOperations = typeof bridgeOperations;
export type OperationName = keyof BridgeOperations;
export type BridgeInput<K extends OperationName> = z.input<BridgeOperations[K]['input']>;
export type BridgeOutput<K extends OperationName> = z.output<BridgeOperations[K]['output']>;

export const operationNames = Object.keys(bridgeOperations) as OperationName[];

export function isOperationName(name: string): name is OperationName {
  return Object.prototype.hasOwnProperty.call(bridgeOperations, name);
}

/** IPC channel of an operation (Electron shell) — the HTTP shell uses `POST /bridge/<name>`. */
export const bridgeChannel = <K extends OperationName>(name: K) => `bridge:${name}` as const;
export const bridgeEventChannel = 'bridge:event';
