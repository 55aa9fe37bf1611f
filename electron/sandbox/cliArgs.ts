// Command-line flags of the sandbox CLI (cli.ts), kept apart so tests can import them.

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';

export const USAGE = 'usage: tsx electron/sandbox/cli.ts [--port <0-65535>] [--host <address>]';

export interface CliOptions {
  port: number;
  host: string;
}

export class UsageError extends Error {}

/** Reads `--port <p>`, `--port=<p>`, `--host <h>`, `--host=<h>`. Throws UsageError on anything else. */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { port: DEFAULT_PORT, host: DEFAULT_HOST };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.indexOf('=');
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    if (flag !== '--port' && flag !== '--host') throw new UsageError(`unknown argument "${arg}"`);
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else value = argv[++i];
    if (value === undefined || value === '' || value.startsWith('--')) throw new UsageError(`${flag} needs a value`);
    if (flag === '--port') {
      if (!/^\d+$/.test(value) || Number(value) > 65535) {
        throw new UsageError(`--port must be an integer from 0 to 65535, got "${value}"`);
      }
      options.port = Number(value);
    } else {
      options.host = value;
    }
  }
  return options;
}
