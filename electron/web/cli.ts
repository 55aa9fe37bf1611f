import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { demoSandboxes, type DemoSandboxOptions } from '../sandbox/demo';
import { demoShopSeeder, MAX_RETAIL_SCALE } from '../sandbox/retail/seed/demoShop';
import { startAppCore, type AccountChoice, type AppCoreOptions } from '../services/core';
import { RETAIL_REQUESTS_PER_MINUTE } from '../services/retail/limiter';
import { writeFileAtomic } from '../services/files/atomicWrite';
import { readTokenFile, TokenFileError, type TokenFile } from '../services/files/tokenFile';
import { createFileShopVault, createFileVault, createFileWebhookVault } from '../services/secrets/vault.file';
import { loopbackAddress, NOT_LOOPBACK_MESSAGE } from './loopback';
import { LAUNCH_LINK_FILE, startWebShell } from './server';

export const DEFAULT_PORT = 4780;

const USAGE = `Usage: npm run serve -- [--port P] [--host H] [--data DIR] [--backend URL [--images URL] [--tenant T] [--token-file FILE]]

  --port P           port to listen on (default ${DEFAULT_PORT}; the browser keeps its saved data per port)
  --host H           loopback address to bind: 127.0.0.1 (default) or ::1
  --data DIR         data folder for credentials and settings (default ~/.local/share/comanda)
  --backend URL      use this server instead of the embedded demo-venue sandbox
  --images URL       image storage of that server (default: the --backend URL, where the sandbox serves images)
  --token-file FILE  that server's credentials: JSON {"tenant": "…", "accessToken": "…", "integratorToken": "…"},
                     readable by you only (chmod 600 FILE). Or the environment variables
                     COMANDA_ACCESS_TOKEN and COMANDA_INTEGRATOR_TOKEN with --tenant T.
                     Saved to the data folder's vault (0600); without them, the ones saved before are used.
  --tenant T         the account name, when the token file does not give it
  --requests-per-minute N
                     this terminal's request budget per account (default 120, spec §8);
                     benchmarks lift it together with the sandbox's --rate-limit
  --shop-catalog-per-minute N
                     a shop's catalog budget per minute (default 40, retail §8; its other budget is lifted
                     to 3 × N when that is more than 120); the demo shop's sandbox accepts as many.
                     The combo scan takes half of it (docs/decisions.md). Tests lift it
  --demo-shop-articles N
                     the demo shop with N articles, each with its variants (default 300; tests use a few)`;

export class UsageError extends Error {}

export const ACCESS_TOKEN_VARIABLE = 'COMANDA_ACCESS_TOKEN';
export const INTEGRATOR_TOKEN_VARIABLE = 'COMANDA_INTEGRATOR_TOKEN';

const TOKEN_FLAG_REFUSED =
  'tokens are not taken on the command line: every user of this machine can read it (/proc/<pid>/cmdline, ps). ' +
  `Put them in a file only you can read and pass --token-file FILE (JSON {"tenant", "accessToken", "integratorToken"}; chmod 600 FILE), ` +
  `or set ${ACCESS_TOKEN_VARIABLE} and ${INTEGRATOR_TOKEN_VARIABLE} with --tenant T.`;

export interface ServeOptions {
  port: number;
  host: string;
  dataDir: string;
  account: AccountChoice;
  requestsPerMinute?: number;
  /** `--shop-catalog-per-minute`: a shop's catalog budget (retail §8: 40). */
  shopCatalogPerMinute?: number;
  /** `--demo-shop-articles`: the demo shop's size (default 300). */
  demoShopArticles?: number;
}

/** `env`: where COMANDA_ACCESS_TOKEN and COMANDA_INTEGRATOR_TOKEN are read (default `process.env`). */
export function parseServeArgs(argv: string[], env: Record<string, string | undefined> = process.env): ServeOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        backend: { type: 'string' },
        images: { type: 'string' },
        tenant: { type: 'string' },
        'token-file': { type: 'string' },
        // Known only to be refused with the reason (TOKEN_FLAG_REFUSED).
        token: { type: 'string' },
        'client-token': { type: 'string' },
        'requests-per-minute': { type: 'string' },
        'shop-catalog-per-minute': { type: 'string' },
        'demo-shop-articles': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (values.help) throw new UsageError(USAGE);
  if (values.token !== undefined || values['client-token'] !== undefined) throw new UsageError(`--token and --client-token: ${TOKEN_FLAG_REFUSED}`);
  const host = loopbackAddress(values.host ?? '127.0.0.1');
  if (host === null) throw new UsageError(`--host ${values.host}: ${NOT_LOOPBACK_MESSAGE}`);
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number, got "${values.port}"`);
  const dataDir = resolve(values.data ?? join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'comanda'));

  let account: AccountChoice = { mode: 'demo' };
  if (values.backend !== undefined) {
    let url: URL;
    try {
      url = new URL(values.backend);
    } catch {
      throw new UsageError(`--backend must be a URL such as http://127.0.0.1:8787, got "${values.backend}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--backend must be an http(s) URL');
    const secrets = accountSecrets(values.tenant, values['token-file'], env);
    account = {
      mode: 'account',
      baseUrl: url.toString(),
      ...(values.images !== undefined ? { imagesUrl: parseImagesUrl(values.images) } : {}),
      ...(secrets ? { secrets } : {}),
    };
  } else if (values.images !== undefined) {
    throw new UsageError('--images needs --backend (the demo venue serves its own photos)');
  } else if (values.tenant !== undefined || values['token-file'] !== undefined) {
    throw new UsageError('--tenant and --token-file need --backend (the demo venue has its own credentials)');
  }
  const requestsPerMinute = positiveInteger('--requests-per-minute', values['requests-per-minute']);
  const shopCatalogPerMinute = positiveInteger('--shop-catalog-per-minute', values['shop-catalog-per-minute']);
  const demoShopArticles = positiveInteger('--demo-shop-articles', values['demo-shop-articles'], MAX_RETAIL_SCALE);
  return {
    port,
    host,
    dataDir,
    account,
    ...(requestsPerMinute ? { requestsPerMinute } : {}),
    ...(shopCatalogPerMinute ? { shopCatalogPerMinute } : {}),
    ...(demoShopArticles ? { demoShopArticles } : {}),
  };
}

function positiveInteger(flag: string, value: string | undefined, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1 || n > max) throw new UsageError(`${flag} must be an integer from 1 to ${max}, got "${value}"`);
  return n;
}

/**
 * The account's credentials: tokens from `--token-file` (else from the environment), the tenant
 * from the file or `--tenant`. None at all: the vault's saved ones are used (undefined).
 */
function accountSecrets(
  tenantFlag: string | undefined,
  tokenFile: string | undefined,
  env: Record<string, string | undefined>,
): { tenant: string; accessToken: string; integratorToken: string } | undefined {
  let tokens: TokenFile | undefined;
  if (tokenFile !== undefined) {
    try {
      tokens = readTokenFile(tokenFile);
    } catch (error) {
      if (error instanceof TokenFileError) throw new UsageError(error.message);
      throw error;
    }
  } else {
    const accessToken = env[ACCESS_TOKEN_VARIABLE]?.trim() || undefined;
    const integratorToken = env[INTEGRATOR_TOKEN_VARIABLE]?.trim() || undefined;
    if ((accessToken === undefined) !== (integratorToken === undefined)) {
      throw new UsageError(`${ACCESS_TOKEN_VARIABLE} and ${INTEGRATOR_TOKEN_VARIABLE} go together: set both or neither.`);
    }
    if (accessToken !== undefined && integratorToken !== undefined) tokens = { accessToken, integratorToken };
  }
  const tenant = tenantFlag?.trim() || undefined;
  if (tokens === undefined) {
    if (tenant !== undefined) {
      throw new UsageError(`--tenant needs the account's tokens: --token-file FILE, or ${ACCESS_TOKEN_VARIABLE} and ${INTEGRATOR_TOKEN_VARIABLE}.`);
    }
    return undefined;
  }
  if (tenant !== undefined && tokens.tenant !== undefined && tokens.tenant !== tenant) {
    throw new UsageError(`--tenant ${tenant} and the token file's tenant "${tokens.tenant}" differ: give one of them.`);
  }
  const accountTenant = tenant ?? tokens.tenant;
  if (accountTenant === undefined) throw new UsageError('The tokens need their account name: --tenant T, or "tenant" in the token file.');
  return { tenant: accountTenant, accessToken: tokens.accessToken, integratorToken: tokens.integratorToken };
}

/** `--images URL`: the image storage host root (spec 4.2 `{image_storage_url}`). */
function parseImagesUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--images must be a URL such as https://images.example.com, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--images must be an http(s) URL');
  return url.toString();
}

/** The shops' budgets and the demo shop's sandbox from `--shop-catalog-per-minute` and `--demo-shop-articles`. */
export function shopBudgets(
  options: Pick<ServeOptions, 'shopCatalogPerMinute' | 'demoShopArticles'>,
): Pick<AppCoreOptions, 'retailLimits'> & { demoShopSandbox?: DemoSandboxOptions['shop'] } {
  const catalog = options.shopCatalogPerMinute;
  const budgets = catalog === undefined ? null : { catalog, others: Math.max(RETAIL_REQUESTS_PER_MINUTE, 3 * catalog) };
  const sandbox = {
    ...(options.demoShopArticles !== undefined ? { seed: demoShopSeeder(options.demoShopArticles) } : {}),
    ...(budgets !== null ? { limits: { catalogRequestsPerMinute: budgets.catalog, requestsPerMinute: budgets.others } } : {}),
  };
  return {
    ...(budgets !== null ? { retailLimits: { catalogPerMinute: budgets.catalog, requestsPerMinute: budgets.others } } : {}),
    ...(Object.keys(sandbox).length > 0 ? { demoShopSandbox: sandbox } : {}),
  };
}

export async function runServe(argv: string[], rendererDir = resolve('out/renderer')) {
  const options = parseServeArgs(argv);
  const log = (line: string) => console.log(line);
  const { demoShopSandbox, ...budgets } = shopBudgets(options);
  const core = await startAppCore({
    shell: 'browser',
    dataDir: options.dataDir,
    vault: createFileVault(options.dataDir),
    shopVault: createFileShopVault(options.dataDir),
    webhookVault: createFileWebhookVault(options.dataDir),
    account: options.account,
    log,
    ...(options.requestsPerMinute ? { requestsPerMinute: options.requestsPerMinute } : {}),
    ...budgets,
    // The demo venue's and the demo shop's sandboxes, each started when an account uses it.
    demo: demoSandboxes(demoShopSandbox ? { shop: demoShopSandbox } : {}),
  });
  let shell;
  try {
    shell = await startWebShell({
      core,
      rendererDir,
      host: options.host,
      port: options.port,
      // The link to open next (a second window, a kiosk browser restarted with a wiped profile),
      // readable by this OS user only, as the vault is.
      onLaunchLink: (link) => writeFileAtomic(join(options.dataDir, LAUNCH_LINK_FILE), `${link}\n`, { mode: 0o600 }),
    });
  } catch (error) {
    await core.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new UsageError(`Port ${options.port} is in use: pick another with --port.`);
    }
    throw error;
  }
  // Without --backend the saved settings decide the account, so say which one is live.
  const venue = core.accountKey === 'shop:demo' ? 'the demo shop' : core.sandboxUrl !== null ? 'the demo venue' : `account ${core.accountKey}`;
  // The link works once: it signs this browser in (a session cookie), then the page is at the address alone.
  console.log(`Comanda browser shell on ${venue}: open ${shell.url}`);
  console.log(`(each link opens one browser once; the next one is in ${join(options.dataDir, LAUNCH_LINK_FILE)})`);

  const stop = async () => {
    await shell.close();
    await core.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  runServe(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof UsageError ? error.message : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  });
}
