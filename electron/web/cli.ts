import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startAppCore, type AccountChoice } from '../services/core';
import { createFileVault } from '../services/vault.file';
import { startWebShell } from './server';

export const DEFAULT_PORT = 4780;

const USAGE = `Usage: npm run serve -- [--port P] [--host H] [--data DIR] [--backend URL [--images URL] --tenant T --token A --client-token C]

  --port P           port to listen on (default ${DEFAULT_PORT}; the browser keeps its saved data per port)
  --host H           address to bind (default 127.0.0.1)
  --data DIR         data folder for credentials and settings (default ~/.local/share/comanda)
  --backend URL      use this server instead of the embedded demo-venue sandbox
  --images URL       image storage of that server (default: the --backend URL, where the sandbox serves images)
  --tenant T, --token A, --client-token C
                     that server's credentials; saved to the data folder's vault (0600).
                     Without them, the ones saved before are used.
  --requests-per-minute N
                     this terminal's request budget per account (default 120, spec §8);
                     benchmarks lift it together with the sandbox's --rate-limit`;

export class UsageError extends Error {}

export interface ServeOptions {
  port: number;
  host: string;
  dataDir: string;
  account: AccountChoice;
  requestsPerMinute?: number;
}

export function parseServeArgs(argv: string[]): ServeOptions {
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
        token: { type: 'string' },
        'client-token': { type: 'string' },
        'requests-per-minute': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (values.help) throw new UsageError(USAGE);
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number, got "${values.port}"`);
  const dataDir = resolve(values.data ?? join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'comanda'));

  let account: AccountChoice = { mode: 'demo' };
  const secretFlags = [values.tenant, values.token, values['client-token']];
  if (values.backend !== undefined) {
    let url: URL;
    try {
      url = new URL(values.backend);
    } catch {
      throw new UsageError(`--backend must be a URL such as http://127.0.0.1:8787, got "${values.backend}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--backend must be an http(s) URL');
    const given = secretFlags.filter((v) => v !== undefined).length;
    if (given !== 0 && given !== 3) throw new UsageError('--tenant, --token and --client-token go together: give all three or none');
    account = {
      mode: 'account',
      baseUrl: url.toString(),
      ...(values.images !== undefined ? { imagesUrl: parseImagesUrl(values.images) } : {}),
      ...(given === 3
        ? { secrets: { tenant: values.tenant!, accessToken: values.token!, integratorToken: values['client-token']! } }
        : {}),
    };
  } else if (values.images !== undefined) {
    throw new UsageError('--images needs --backend (the demo venue serves its own photos)');
  } else if (secretFlags.some((v) => v !== undefined)) {
    throw new UsageError('--tenant, --token and --client-token need --backend (the demo venue has its own credentials)');
  }
  let requestsPerMinute: number | undefined;
  if (values['requests-per-minute'] !== undefined) {
    requestsPerMinute = Number(values['requests-per-minute']);
    if (!Number.isSafeInteger(requestsPerMinute) || requestsPerMinute < 1) {
      throw new UsageError(`--requests-per-minute must be a positive integer, got "${values['requests-per-minute']}"`);
    }
  }
  return { port, host: values.host ?? '127.0.0.1', dataDir, account, ...(requestsPerMinute ? { requestsPerMinute } : {}) };
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

export async function runServe(argv: string[], rendererDir = resolve('out/renderer')) {
  const options = parseServeArgs(argv);
  const log = (line: string) => console.log(line);
  const core = await startAppCore({
    shell: 'browser',
    dataDir: options.dataDir,
    vault: createFileVault(options.dataDir),
    account: options.account,
    log,
    ...(options.requestsPerMinute ? { requestsPerMinute: options.requestsPerMinute } : {}),
  });
  let shell;
  try {
    shell = await startWebShell({ core, rendererDir, host: options.host, port: options.port });
  } catch (error) {
    await core.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new UsageError(`Port ${options.port} is in use: pick another with --port.`);
    }
    throw error;
  }
  // Without --backend the saved settings decide the account, so say which one is live.
  const venue = core.sandboxUrl !== null ? 'the demo venue' : `account ${core.accountKey}`;
  console.log(`Comanda browser shell on ${venue}: open ${shell.url}`);

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
