// Runs the sandbox on its own: `npx tsx electron/sandbox/cli.ts --port <p> [--host <h>] [--state <file>] …`
// (every flag: USAGE in cliArgs.ts). Serves the hospitality API and, on its own listener, the
// retail API; prints "listening on <url>" and "retail listening on <url>" once both accept
// connections; SIGINT/SIGTERM stop both (exit 0, after the last --state / --retail-state write).
// Bad flags exit 2, a failure to start (port in use, unreadable state file, …) exits 1.
import { parseCliArgs, retailPortOf, UsageError, type CliOptions, USAGE } from './cliArgs';
import { loadStateFile } from './persistence';
import { defaultRetailAccounts } from './retail/accounts';
import { demoShopSeeder } from './retail/seed/demoShop';
import { startRetailSandbox, type RunningRetailSandbox } from './retail/server';
import { defaultAccounts } from './seed';
import { startSandbox, type RunningSandbox } from './server';

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`sandbox: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }

  let sandbox: RunningSandbox;
  let retail: RunningRetailSandbox;
  let starting: string = `${options.host}:${options.port}`;
  try {
    if (options.tokens && options.statePath) checkStateTokens(options.statePath, options.tokens);
    sandbox = await startSandbox({
      host: options.host,
      port: options.port,
      statePath: options.statePath,
      scale: options.scale,
      limits: options.limits,
      faultSeed: options.faultSeed,
      ...(options.tokens ? { accounts: defaultAccounts().map((account) => ({ ...account, ...options.tokens })) } : {}),
      onError: (e) => console.error(e),
    });
    starting = `${options.host}:${retailPortOf(options)}`;
    retail = await startRetailSandbox({
      host: options.host,
      port: retailPortOf(options),
      statePath: options.retailStatePath,
      seed: demoShopSeeder(options.retailScale),
      faultSeed: options.faultSeed,
      ...(options.webhookTimeScale === undefined ? {} : { webhooks: { timeScale: options.webhookTimeScale } }),
      limits: {
        maxBodyBytes: options.limits?.maxBodyBytes,
        defaultPageSize: options.limits?.defaultPageSize,
        maxPageSize: options.limits?.maxPageSize,
        // The same split as the browser shell's --shop-catalog-per-minute gives its demo shop.
        ...(options.retailRateLimit === undefined
          ? {}
          : { catalogRequestsPerMinute: options.retailRateLimit, requestsPerMinute: Math.max(120, 3 * options.retailRateLimit) }),
      },
      ...(options.tokens ? { accounts: defaultRetailAccounts(options.tokens.accessToken) } : {}),
      onError: (e) => console.error(e),
    }).catch(async (error: unknown) => {
      await sandbox.close();
      throw error;
    });
  } catch (error) {
    const message = (error as Error).message;
    // Socket errors carry a code (EADDRINUSE, EACCES, …); the others (state file, …) say what failed.
    if ((error as NodeJS.ErrnoException).code) {
      process.stderr.write(`sandbox: cannot listen on ${starting}: ${message}\n`);
    } else {
      process.stderr.write(`${message.startsWith('sandbox:') ? message : `sandbox: cannot start: ${message}`}\n`);
    }
    process.exit(1);
  }
  process.stdout.write(`listening on ${sandbox.url}\nretail listening on ${retail.url}\n`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    Promise.all([sandbox.close(), retail.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`sandbox: error while closing: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * A state file keeps the tokens its accounts were created with, and it replaces the seed: refuse
 * one saved with other tokens rather than keep accepting those (e.g. the public demo ones).
 */
function checkStateTokens(statePath: string, tokens: NonNullable<CliOptions['tokens']>) {
  const saved = loadStateFile(statePath);
  if (!saved) return;
  for (const account of saved.accounts.values()) {
    if (account.accessToken !== tokens.accessToken || account.integratorToken !== tokens.integratorToken) {
      throw new Error(
        `sandbox: the state file ${statePath} was saved with other tokens than --token-file's (account "${account.tenant}"): ` +
          'start it with the tokens it was saved with, or delete it to start over with the new ones.',
      );
    }
  }
}

void main();
