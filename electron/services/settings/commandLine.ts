import { accountKindOf, accountSettingsSchema, describeZodError, isPlainHttpElsewhere, type Settings } from '../../../shared/bridge';
import { rememberAccountSecrets } from '../secrets/redact';
import { originOf, type AccountSecrets, type CredentialsVault } from '../secrets/vault';
import { normaliseUrl } from './settings';
import { vaultErrorText } from './vaultPolicy';

/**
 * The account the command line names. `{ mode: 'demo' }` means none was named (no `--backend`):
 * the saved settings apply — the demo venue until someone saves another account in Settings.
 * An `account` overrides the saved settings and is saved as them (custom environment).
 */
export type AccountChoice =
  | { mode: 'demo' }
  | {
      mode: 'account';
      /** Host root, e.g. https://integrations.example.com (paths of spec §4 are appended). */
      baseUrl: string;
      /** Image storage host root (spec 4.2 `{image_storage_url}`); default: `baseUrl`. */
      imagesUrl?: string;
      /** Given on the command line: saved to the vault at start. Otherwise read from the vault. */
      secrets?: AccountSecrets;
    };

/** The command line's address, refused with the flag named when it is not one an account may use. */
function commandLineUrl(flag: string, url: string): string {
  const field = flag === '--backend' ? 'The server address' : 'The image storage address';
  const problem = !URL.canParse(url)
    ? `${field} is not a URL`
    : isPlainHttpElsewhere(url)
      ? `${field} must start with https:// (plain http:// is allowed only for this computer: localhost, 127.x.x.x, [::1])`
      : null;
  if (problem) throw new Error(`${flag} ${url}: ${problem}.`);
  return normaliseUrl(url);
}

/**
 * `--backend URL [--images URL] [--tenant T --token A --client-token C]`: an account in the custom
 * environment. Without credentials, the vault's entry is used when it is bound to this server
 * (else the saved account's tenant, without tokens); tokens saved for another server are not.
 * Null: the command line names no account, the saved settings apply.
 */
export async function commandLineSettings(
  choice: AccountChoice | undefined,
  saved: Settings,
  vault: CredentialsVault,
  log: (line: string) => void,
): Promise<Settings | null> {
  if (!choice || choice.mode === 'demo') return null;
  const baseUrl = commandLineUrl('--backend', choice.baseUrl);
  const imagesUrl = commandLineUrl(choice.imagesUrl === undefined ? '--backend' : '--images', choice.imagesUrl ?? choice.baseUrl);
  const origin = originOf(baseUrl);
  rememberAccountSecrets(choice.secrets);
  if (choice.secrets) await vault.save(choice.secrets, origin);
  const savedAccount = saved.account.mode === 'account' ? saved.account : null;
  const sameServer = savedAccount !== null && originOf(savedAccount.baseUrl) === origin ? savedAccount : null;
  const stored = choice.secrets
    ? null
    : await vault.read().catch((error: unknown) => {
        log(`vault: cannot read the saved tokens: ${vaultErrorText(error)}`);
        return null;
      });
  const tenant = choice.secrets?.tenant ?? (stored?.origin === origin ? stored.tenant : undefined) ?? sameServer?.tenant;
  if (!tenant) {
    if (stored?.origin) {
      throw new Error(
        `The saved tokens are for ${stored.origin}, not ${origin}: give --tenant, --token and --client-token for ${baseUrl} (they are saved for next time).`,
      );
    }
    throw new Error(`No tenant is known for ${baseUrl}: give --tenant, --token and --client-token (they are saved for next time).`);
  }
  // The same server as saved keeps its environment (e.g. an integrations preset).
  const environment = savedAccount && normaliseUrl(savedAccount.baseUrl) === baseUrl ? savedAccount.environment : 'custom';
  // The same account as saved keeps its chain role: the command line does not name one.
  const chainRole = sameServer?.tenant === tenant ? sameServer.chainRole : undefined;
  const parsed = accountSettingsSchema.safeParse({ mode: 'account', environment, baseUrl, imagesUrl, tenant, ...(chainRole ? { chainRole } : {}) });
  if (!parsed.success) throw new Error(describeZodError('command line', parsed.error));
  // The second account stays when it is a shop (the command line names a venue).
  const secondary = saved.secondary && accountKindOf(saved.secondary) === 'shop' ? saved.secondary : null;
  return { account: parsed.data, ...(secondary ? { secondary } : {}), syncEveryMinutes: saved.syncEveryMinutes };
}
