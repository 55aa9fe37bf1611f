import { z } from 'zod';
import type { ErrorCode } from '../../../shared/bridge';
import { rememberAccountSecrets, rememberSecret } from './redact';

/**
 * Credentials vault (ARCHITECTURE §1: the main side owns credentials). One interface, one
 * implementation per shell: `vault.file.ts` (browser shell, 0600 file) and
 * `vault.safe-storage.ts` (Electron shell, OS keyring through safeStorage).
 *
 * The entry is bound to the server it was saved for: its origin (scheme, host,
 * port) and tenant. Secrets are handed out only for that server and tenant, so pointing the
 * terminal at another address never sends them there.
 */
export interface AccountSecrets {
  tenant: string;
  accessToken: string;
  integratorToken: string;
}

/** The server and tenant a vault entry belongs to. `origin` is `new URL(baseUrl).origin`. */
export interface SecretsBinding {
  origin: string;
  tenant: string;
}

/** The entry as stored. `origin` is null for an entry written before the binding existed. */
export interface StoredSecrets extends AccountSecrets {
  origin: string | null;
}

/** Why a vault cannot keep secrets here (worded by the renderer). */
export type VaultProblem = Extract<ErrorCode, 'vault-no-encryption' | 'vault-plain-text' | 'vault-damaged'>;

export interface CredentialsVault {
  /** Why this vault cannot store secrets here, or null when it can. */
  unavailableReason(): VaultProblem | null;
  /** Replaces the entry: these secrets, for the server at `origin`. */
  save(secrets: AccountSecrets, origin: string): Promise<void>;
  /** The entry whatever server it belongs to (to say which one, never to send the secrets). */
  read(): Promise<StoredSecrets | null>;
  /** The secrets saved for this server and tenant; null when there are none or they belong elsewhere. */
  load(binding: SecretsBinding): Promise<AccountSecrets | null>;
  clear(): Promise<void>;
}

/** One account's view of the vault (the bridge handlers): reads and writes for its server only. */
export interface AccountVault {
  unavailableReason(): VaultProblem | null;
  save(secrets: AccountSecrets): Promise<void>;
  load(): Promise<AccountSecrets | null>;
  clear(): Promise<void>;
}

/** The vault cannot be used here; `code` says why (the message is for logs). */
export class VaultUnavailableError extends Error {
  constructor(readonly code: VaultProblem) {
    super(code);
    this.name = 'VaultUnavailableError';
  }
}

/**
 * The vault's file exists but cannot be read as secrets (not JSON, wrong shape, undecryptable).
 * A kind of "unavailable": nothing can be sent until the tokens are typed again.
 */
export class VaultDamagedError extends VaultUnavailableError {
  /** For engineers: which file and what was wrong with it (never its contents). */
  readonly detail: string;
  constructor(detail: string, options?: { cause?: unknown }) {
    super('vault-damaged');
    this.name = 'VaultDamagedError';
    this.detail = detail;
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** `https://pos.example.com` from `https://pos.example.com:443/`: what the binding compares. */
export function originOf(baseUrl: string): string {
  return new URL(baseUrl.trim()).origin;
}

const originSchema = z
  .string()
  .min(1)
  .refine((value) => URL.canParse(value) && new URL(value).origin === value, 'must be an origin such as https://example.com');

/** The vault entry's shape, shared by both implementations. `origin` absent: written before entries named their server (docs/security.md). */
export const storedSecretsSchema = z.object({
  tenant: z.string().min(1),
  accessToken: z.string().min(1),
  integratorToken: z.string().min(1),
  origin: originSchema.optional(),
});

/** What a vault writes: the secrets and the origin they are for. */
export function entryToStore(secrets: AccountSecrets, origin: string): z.output<typeof storedSecretsSchema> {
  const { tenant, accessToken, integratorToken } = secrets;
  return storedSecretsSchema.parse({ tenant, accessToken, integratorToken, origin });
}

/**
 * Parses what a vault read back; a wrong shape is `VaultDamagedError`. Whatever is read is a
 * secret from now on, so the log and every error scrub it (secrets/redact.ts).
 */
export function parseStoredEntry(json: unknown, where: string): StoredSecrets {
  const parsed = storedSecretsSchema.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(entry)').join(', ');
    throw new VaultDamagedError(`${where}: not a vault entry (${fields})`);
  }
  const { tenant, accessToken, integratorToken, origin } = parsed.data;
  rememberAccountSecrets(parsed.data);
  return { tenant, accessToken, integratorToken, origin: origin ?? null };
}

/** The entry's secrets when it is bound to exactly this server and tenant. */
export function secretsBoundTo(stored: StoredSecrets | null, binding: SecretsBinding): AccountSecrets | null {
  if (stored === null || stored.origin === null) return null;
  if (stored.origin !== binding.origin || stored.tenant !== binding.tenant) return null;
  const { tenant, accessToken, integratorToken } = stored;
  return { tenant, accessToken, integratorToken };
}

// ——— The shop's slot ———
// A shop's secret (retail §5: `username` + `Authorization: Bearer <token>`) lives in its own vault
// entry — another file, same protection — so saving a shop's token never replaces the venue's.

/** Which entry: the venue's (`credentials.json` / `.bin`), the shop's (`credentials.shop.json` / `.bin`) or the shop's webhook secret (`credentials.webhook.json` / `.bin`). */
export type VaultSlot = 'venue' | 'shop' | 'webhook';

export interface ShopSecrets {
  username: string;
  token: string;
}

/** The retail server and username a shop entry belongs to. */
export interface ShopBinding {
  origin: string;
  username: string;
}

export interface StoredShopSecrets extends ShopSecrets {
  origin: string;
}

export interface ShopCredentialsVault {
  unavailableReason(): VaultProblem | null;
  /** Replaces the shop's entry (the venue's is another file). */
  save(secrets: ShopSecrets, origin: string): Promise<void>;
  read(): Promise<StoredShopSecrets | null>;
  /** The token saved for this server and username; null when there is none or it belongs elsewhere. */
  load(binding: ShopBinding): Promise<ShopSecrets | null>;
  clear(): Promise<void>;
}

export const storedShopSecretsSchema = z.strictObject({
  username: z.string().min(1),
  token: z.string().min(1),
  origin: originSchema,
});

export function shopEntryToStore(secrets: ShopSecrets, origin: string): z.output<typeof storedShopSecretsSchema> {
  return storedShopSecretsSchema.parse({ username: secrets.username, token: secrets.token, origin });
}

/** As parseStoredEntry, for the shop's entry: the token is scrubbed from every log from now on. */
export function parseStoredShopEntry(json: unknown, where: string): StoredShopSecrets {
  const parsed = storedShopSecretsSchema.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(entry)').join(', ');
    throw new VaultDamagedError(`${where}: not a shop vault entry (${fields})`);
  }
  rememberSecret(parsed.data.token);
  return { ...parsed.data };
}

export function shopSecretsBoundTo(stored: StoredShopSecrets | null, binding: ShopBinding): ShopSecrets | null {
  if (stored === null || stored.origin !== binding.origin || stored.username !== binding.username) return null;
  return { username: stored.username, token: stored.token };
}

/** The file name of a slot's entry: `credentials.json` → `credentials.shop.json`. */
export function slotFileName(name: string, slot: VaultSlot): string {
  if (slot === 'venue') return name;
  const dot = name.lastIndexOf('.');
  return dot < 0 ? `${name}.${slot}` : `${name.slice(0, dot)}.${slot}${name.slice(dot)}`;
}

// ——— The shop's webhook secret ———
// The key the retail service signs its webhooks with (retail §6): its own entry, bound to the shop
// account it was typed for (its local-data key), so a secret typed for one shop is never used to
// accept another's deliveries. Never in settings.json, a log, an error or a bridge answer.

export interface StoredWebhookSecret {
  accountKey: string;
  secret: string;
}

export interface WebhookSecretVault {
  unavailableReason(): VaultProblem | null;
  /** Replaces the entry: this secret, for this shop account. */
  save(entry: StoredWebhookSecret): Promise<void>;
  /** The secret saved for this account; null when there is none or it belongs to another. */
  load(accountKey: string): Promise<string | null>;
  clear(): Promise<void>;
}

export const storedWebhookSecretSchema = z.strictObject({
  accountKey: z.string().min(1),
  secret: z.string().min(1),
});

export function webhookEntryToStore(entry: StoredWebhookSecret): z.output<typeof storedWebhookSecretSchema> {
  return storedWebhookSecretSchema.parse({ accountKey: entry.accountKey, secret: entry.secret });
}

/** As parseStoredEntry, for the webhook secret: scrubbed from every log from now on. */
export function parseStoredWebhookEntry(json: unknown, where: string): StoredWebhookSecret {
  const parsed = storedWebhookSecretSchema.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(entry)').join(', ');
    throw new VaultDamagedError(`${where}: not a webhook secret entry (${fields})`);
  }
  rememberSecret(parsed.data.secret);
  return { ...parsed.data };
}
