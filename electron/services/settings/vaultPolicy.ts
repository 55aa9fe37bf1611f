import { coded, type AccountSecretsInput, type AccountSettings, type ErrorText, type Settings } from '../../../shared/bridge';
import { ServiceError } from '../bridge/dispatcher';
import { rememberAccountSecrets, rememberSecret } from '../secrets/redact';
import {
  originOf,
  VaultDamagedError,
  VaultUnavailableError,
  type AccountSecrets,
  type AccountVault,
  type CredentialsVault,
  type SecretsBinding,
  type ShopBinding,
  type ShopCredentialsVault,
  type WebhookSecretVault,
} from '../secrets/vault';

// The vault policy: which saved tokens an account may use and where typed ones go — a venue's in
// the venue's slot, a shop's in the shop's, each bound to the server it was saved for
// (docs/decisions.md, "Settings and account switching").

export interface VaultPolicy {
  /**
   * The vault's secrets for this server and tenant, for questions ("are there saved secrets?"): an
   * unreadable vault holds none, and `problem` says why (a damaged file: type them again).
   */
  savedSecretsFor(binding: SecretsBinding): Promise<{ secrets: AccountSecrets | null; problem: ErrorText | null }>;
  /** Why no saved tokens can be used for this server and tenant, as a code for the Settings screen. */
  missingSecretsMessage(binding: SecretsBinding): Promise<ErrorText>;
  /** As savedSecretsFor, for a shop's slot. */
  savedShopToken(binding: ShopBinding): Promise<{ token: string | null; problem: ErrorText | null }>;
  missingShopToken(binding: ShopBinding): Promise<ErrorText>;
  /** Whether the vault holds tokens for this account (the demo ones need none), and why not when it cannot tell. */
  hasSecretsFor(account: AccountSettings): Promise<{ has: boolean; problem: ErrorText | null }>;
  /**
   * Checks an account's tokens before anything is saved: typed ones must be of the account's kind,
   * and without any the vault must hold some for its server. Answers what saves them (null: nothing
   * to save).
   */
  secretsToSave(account: AccountSettings, given: AccountSecretsInput | undefined): Promise<(() => Promise<void>) | null>;
}

export function createVaultPolicy(vault: CredentialsVault, shopVault: ShopCredentialsVault, log: (line: string) => void): VaultPolicy {
  async function savedSecretsFor(binding: SecretsBinding) {
    if (vault.unavailableReason() !== null) return { secrets: null, problem: null };
    try {
      return { secrets: await vault.load(binding), problem: null };
    } catch (error) {
      log(`settings: the vault cannot be read: ${vaultErrorText(error)}`);
      return { secrets: null, problem: error instanceof VaultUnavailableError ? coded(error.code) : null };
    }
  }

  async function missingSecretsMessage(binding: SecretsBinding): Promise<ErrorText> {
    const { problem } = await savedSecretsFor(binding);
    if (problem) return problem;
    const stored = await vault.read().catch(() => null);
    if (stored !== null && stored.origin !== null && stored.tenant === binding.tenant && stored.origin !== binding.origin) {
      return coded('tokens-for-other-server', { savedOrigin: stored.origin, origin: binding.origin });
    }
    return coded('tokens-missing', { tenant: binding.tenant, origin: binding.origin });
  }

  async function savedShopToken(binding: ShopBinding) {
    if (shopVault.unavailableReason() !== null) return { token: null, problem: null };
    try {
      return { token: (await shopVault.load(binding))?.token ?? null, problem: null };
    } catch (error) {
      log(`settings: the shop's vault cannot be read: ${vaultErrorText(error)}`);
      return { token: null, problem: error instanceof VaultUnavailableError ? coded(error.code) : null };
    }
  }

  async function missingShopToken(binding: ShopBinding): Promise<ErrorText> {
    const { problem } = await savedShopToken(binding);
    return problem ?? coded('shop-token-missing', { username: binding.username, origin: binding.origin });
  }

  return {
    savedSecretsFor,
    missingSecretsMessage,
    savedShopToken,
    missingShopToken,
    async hasSecretsFor(account) {
      if (account.mode === 'demo' || account.mode === 'demo-shop') return { has: false, problem: null };
      if (account.mode === 'account') {
        const saved = await savedSecretsFor({ origin: originOf(account.baseUrl), tenant: account.tenant });
        return { has: saved.secrets !== null, problem: saved.problem };
      }
      const saved = await savedShopToken({ origin: originOf(account.baseUrl), username: account.username });
      return { has: saved.token !== null, problem: saved.problem };
    },
    async secretsToSave(account, given) {
      if (account.mode === 'demo' || account.mode === 'demo-shop') return null;
      if (account.mode === 'account') {
        const binding = { origin: originOf(account.baseUrl), tenant: account.tenant };
        if (given && !('accessToken' in given)) throw new ServiceError({ kind: 'invalid-input', ...coded('secrets-wrong-kind') });
        // Saved tokens go only to the server they were saved for: another address needs them typed again.
        if (!given && (await savedSecretsFor(binding)).secrets === null) {
          throw new ServiceError({ kind: 'invalid-input', ...(await missingSecretsMessage(binding)) });
        }
        rememberAccountSecrets(given);
        return given ? () => vault.save({ tenant: binding.tenant, ...given }, binding.origin) : null;
      }
      const binding: ShopBinding = { origin: originOf(account.baseUrl), username: account.username };
      if (given && !('token' in given)) throw new ServiceError({ kind: 'invalid-input', ...coded('secrets-wrong-kind') });
      if (!given && (await savedShopToken(binding)).token === null) {
        throw new ServiceError({ kind: 'invalid-input', ...(await missingShopToken(binding)) });
      }
      rememberSecret(given?.token);
      return given ? () => shopVault.save({ username: binding.username, token: given.token }, binding.origin) : null;
    },
  };
}

/** One account's view of the vault: its server's and tenant's secrets only; saves are bound to its server. */
export function accountVault(vault: CredentialsVault, binding: SecretsBinding): AccountVault {
  return {
    unavailableReason: () => vault.unavailableReason(),
    save: (secrets) => vault.save(secrets, binding.origin),
    load: () => vault.load(binding),
    clear: () => vault.clear(),
  };
}

/** The demo venue's view: it uses the sandbox's public demo tokens and has no server to bind tokens to. */
export function demoVault(vault: CredentialsVault): AccountVault {
  return {
    unavailableReason: () => vault.unavailableReason(),
    async save() {
      throw new ServiceError({
        kind: 'invalid-input',
        ...coded('demo-needs-no-tokens'),
      });
    },
    load: async () => null,
    clear: () => vault.clear(),
  };
}

/** A shop's view of the venue-shaped vault: the shop's slot; saving venue tokens there is refused. */
export function shopAccountVault(shopVault: ShopCredentialsVault): AccountVault {
  return {
    unavailableReason: () => shopVault.unavailableReason(),
    async save() {
      throw new ServiceError({ kind: 'invalid-input', ...coded('not-a-venue') });
    },
    load: async () => null,
    clear: () => shopVault.clear(),
  };
}

/** No webhook slot in this shell (a tool, an older test): no secret is kept, so every delivery is refused. */
export function unavailableWebhookVault(): WebhookSecretVault {
  return {
    unavailableReason: () => 'vault-no-encryption',
    async save() {
      throw new VaultUnavailableError('vault-no-encryption');
    },
    load: async () => null,
    clear: async () => {},
  };
}

/** No shop slot in this shell (a tool, an older test): shop tokens are neither stored nor found. */
export function unavailableShopVault(): ShopCredentialsVault {
  return {
    unavailableReason: () => 'vault-no-encryption',
    async save() {
      throw new VaultUnavailableError('vault-no-encryption');
    },
    read: async () => null,
    load: async () => null,
    clear: async () => {},
  };
}

export function vaultErrorText(error: unknown): string {
  if (error instanceof VaultDamagedError) return `${error.code} (${error.detail})`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * A vault written before entries were bound to a server has no origin.
 * Decision: bind it to the saved account's server when the tenants match — the only server it
 * can have been saved for, since saving an account saves its tokens with it; otherwise it stays
 * unbound, which no account matches (as if absent), until tokens are typed again.
 */
export async function bindLegacyVaultEntry(vault: CredentialsVault, saved: Settings, log: (line: string) => void): Promise<void> {
  if (vault.unavailableReason() !== null) return;
  try {
    const stored = await vault.read();
    if (stored === null || stored.origin !== null) return;
    const account = saved.account;
    if (account.mode === 'account' && account.tenant === stored.tenant) {
      const origin = originOf(account.baseUrl);
      await vault.save(stored, origin);
      log(`vault: the saved tokens of tenant "${stored.tenant}" are now bound to ${origin}`);
    } else {
      log(`vault: the saved tokens of tenant "${stored.tenant}" belong to no saved account: they are not used until typed again`);
    }
  } catch (error) {
    log(`vault: cannot check the saved tokens: ${vaultErrorText(error)}`);
  }
}
