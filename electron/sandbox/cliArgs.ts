// Command-line flags of the sandbox CLI (cli.ts), kept apart so tests can import them.
import { readTokenFile, TokenFileError } from '../services/files/tokenFile';
import { resolveLimits, type SandboxLimits } from './limits';
import { MAX_RETAIL_SCALE } from './retail/seed/demoShop';
import { DEMO_ACCOUNT } from './seed';

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';

export const USAGE = [
  'usage: tsx electron/sandbox/cli.ts [--port <0-65535>] [--host <address>] [--state <file>] [--scale <items>]',
  '                                   [--rate-limit <requests/min>] [--max-body <bytes>]',
  '                                   [--page-size <n>] [--max-page-size <n>] [--rooms-per-page <n>]',
  '                                   [--fault-seed <n>] [--token-file <file>] [--retail-port <0-65535>] [--retail-state <file>]',
  '                                   [--webhook-time-scale <factor>] [--retail-scale <articles>] [--retail-rate-limit <requests/min>]',
  '  --port           port to listen on (default 8787; 0 picks a free port)',
  '  --retail-port    port of the retail service (default: --port + 1, i.e. 8788; with --port 0 a free port)',
  '  --retail-state   keep the retail state in this JSON file across restarts (default: in memory only)',
  '  --retail-scale   the demo shop with this many articles, each with its variants (default 300; benchmarks)',
  '  --retail-rate-limit  the retail catalog budget per minute (default 40, retail §8); other paths get 3× it, at least 120',
  "  --webhook-time-scale  multiply the retail webhooks' retry delays and 10 s timeout (default 1; 0.01 = 100× faster)",
  '  --host           interface to bind (default 127.0.0.1)',
  '  --state          keep the state in this JSON file across restarts (default: in memory only)',
  '  --scale          generate a deterministic catalog of this many items (benchmarks)',
  '  --rate-limit     requests per minute per tenant (default 120, spec §8)',
  '  --max-body       largest request body in bytes (default 2097152, spec §8)',
  '  --page-size      default `pagination` page size (default 50, spec §4.1)',
  '  --max-page-size  largest `pagination` page size (default 200, spec §4.1)',
  '  --rooms-per-page rooms per page (default 20, spec §4.1)',
  '  --fault-seed     seed of the fault-injection PRNG (control API), for reproducible chaos runs',
  '  --token-file     JSON {"accessToken", "integratorToken"} (chmod 600) the demo accounts accept instead of',
  '                   the public demo tokens: for a sandbox other users of this machine must not drive',
].join('\n');

export interface CliOptions {
  port: number;
  /** `--retail-port`: the retail listener's port when given (default: retailPortOf()). */
  retailPort?: number;
  /** `--retail-state`: persist the retail state to this file. */
  retailStatePath?: string;
  /** `--retail-scale`: articles of the demo shop (retail/seed/demoShop.ts). */
  retailScale?: number;
  /** `--retail-rate-limit`: the retail catalog budget a minute (the other paths get 3×, at least 120). */
  retailRateLimit?: number;
  /** `--webhook-time-scale`: factor on the retail webhooks' retry delays and timeout. */
  webhookTimeScale?: number;
  host: string;
  /** `--state`: persist the state to this file. */
  statePath?: string;
  /** `--scale`: number of catalog items to generate. */
  scale?: number;
  /** Limits set by flags (only those given). */
  limits?: Partial<SandboxLimits>;
  /** `--fault-seed`: seed of the fault-injection PRNG. */
  faultSeed?: number;
  /** `--token-file`: the tokens the demo accounts accept (default: the public demo tokens). */
  tokens?: { accessToken: string; integratorToken: string };
}

export class UsageError extends Error {}

/** Flags that take a positive integer, and the option or limit each sets. */
const INTEGER_FLAGS: Record<string, keyof SandboxLimits | 'scale' | 'retailScale' | 'retailRateLimit' | 'faultSeed'> = {
  '--scale': 'scale',
  '--retail-scale': 'retailScale',
  '--retail-rate-limit': 'retailRateLimit',
  '--fault-seed': 'faultSeed',
  '--rate-limit': 'requestsPerMinute',
  '--max-body': 'maxBodyBytes',
  '--page-size': 'defaultPageSize',
  '--max-page-size': 'maxPageSize',
  '--rooms-per-page': 'roomsPerPage',
};

const FLAGS = new Set([
  '--port',
  '--retail-port',
  '--host',
  '--state',
  '--retail-state',
  '--token-file',
  '--webhook-time-scale',
  ...Object.keys(INTEGER_FLAGS),
]);

/**
 * Reads `--flag <value>` and `--flag=<value>` for --port, --host, --state and every flag of
 * INTEGER_FLAGS. Throws UsageError on anything else.
 */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { port: DEFAULT_PORT, host: DEFAULT_HOST };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.indexOf('=');
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    if (flag === '--token' || flag === '--client-token') {
      throw new UsageError(`${flag}: tokens are not taken on the command line (every local user can read it in /proc); use --token-file <file>`);
    }
    if (!FLAGS.has(flag)) throw new UsageError(`unknown argument "${arg}"`);
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else value = argv[++i];
    if (value === undefined || value === '' || value.startsWith('--')) throw new UsageError(`${flag} needs a value`);
    if (flag === '--port' || flag === '--retail-port') {
      if (!/^\d+$/.test(value) || Number(value) > 65535) {
        throw new UsageError(`${flag} must be an integer from 0 to 65535, got "${value}"`);
      }
      options[flag === '--port' ? 'port' : 'retailPort'] = Number(value);
    } else if (flag === '--retail-state') {
      options.retailStatePath = value;
    } else if (flag === '--webhook-time-scale') {
      const scale = Number(value);
      if (!/^\d*\.?\d+(e-?\d+)?$/i.test(value) || !(scale > 0 && scale <= 1000)) {
        throw new UsageError(`${flag} must be a number above 0 and at most 1000, got "${value}"`);
      }
      options.webhookTimeScale = scale;
    } else if (flag === '--host') {
      options.host = value;
    } else if (flag === '--state') {
      options.statePath = value;
    } else if (flag === '--token-file') {
      options.tokens = readDemoTokens(value);
    } else {
      if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < 1) {
        throw new UsageError(`${flag} must be a positive integer, got "${value}"`);
      }
      const target = INTEGER_FLAGS[flag]!;
      if (target === 'retailScale' && Number(value) > MAX_RETAIL_SCALE) throw new UsageError(`${flag} must be at most ${MAX_RETAIL_SCALE}, got "${value}"`);
      if (target === 'scale' || target === 'retailScale' || target === 'retailRateLimit' || target === 'faultSeed') options[target] = Number(value);
      else options.limits = { ...options.limits, [target]: Number(value) };
    }
  }
  if (options.port !== 0 && options.port === retailPortOf(options)) {
    throw new UsageError(`--port and --retail-port must differ (both ${options.port}): the two services have their own listeners`);
  }
  if (options.statePath !== undefined && options.statePath === options.retailStatePath) {
    throw new UsageError('--state and --retail-state must name different files');
  }
  if (options.limits) {
    try {
      resolveLimits(options.limits);
    } catch (error) {
      throw new UsageError((error as Error).message.replace(/^sandbox: /, ''));
    }
  }
  return options;
}

/** The retail listener's port: `--retail-port`, else `--port` + 1 (8788), else (with `--port 0` or 65535) a free one. */
export function retailPortOf(options: Pick<CliOptions, 'port' | 'retailPort'>): number {
  if (options.retailPort !== undefined) return options.retailPort;
  return options.port === 0 || options.port === 65535 ? 0 : options.port + 1;
}

/** The token file's tokens; it may name the demo account (the terminal's file), no other. */
function readDemoTokens(path: string): CliOptions['tokens'] {
  try {
    const { tenant, accessToken, integratorToken } = readTokenFile(path);
    if (tenant !== undefined && tenant !== DEMO_ACCOUNT.tenant) {
      throw new UsageError(`${path} names the tenant "${tenant}": the sandbox's accounts are "${DEMO_ACCOUNT.tenant}" and its child (leave "tenant" out)`);
    }
    return { accessToken, integratorToken };
  } catch (error) {
    if (error instanceof TokenFileError) throw new UsageError(error.message);
    throw error;
  }
}
