/**
 * Credentials vault (ARCHITECTURE §1: the main side owns credentials). One interface, one
 * implementation per shell: `vault.file.ts` (browser shell, 0600 file) and
 * `vault.safe-storage.ts` (Electron shell, OS keyring through safeStorage).
 */
export interface AccountSecrets {
  tenant: string;
  accessToken: string;
  integratorToken: string;
}

export interface CredentialsVault {
  /** Why this vault cannot store secrets here, or null when it can. */
  unavailableReason(): string | null;
  save(secrets: AccountSecrets): Promise<void>;
  load(): Promise<AccountSecrets | null>;
  clear(): Promise<void>;
}

export class VaultUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VaultUnavailableError';
  }
}
