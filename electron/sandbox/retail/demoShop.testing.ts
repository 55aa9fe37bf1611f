// The retail sandbox serving the demo shop, started once for a test file and closed after it: the
// referee of the main side's retail tests. Not used by the app.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { demoShopSeeder } from './seed/demoShop';
import { startRetailSandbox, type RunningRetailSandbox, type StartRetailSandboxOptions } from './server';

/** Puts the sandbox back to its seed: records, ledger and faults (the control API's reset). */
async function resetSandbox(url: string): Promise<void> {
  const answer = await fetch(`${url}/__sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  if (!answer.ok) throw new Error(`sandbox reset answered ${answer.status}`);
}

/**
 * Registers the file's hooks: start the sandbox (demo shop seed, on 127.0.0.1 and a free port)
 * before all tests, close it after, and with `resetEach` reset it before each test. Returns a
 * getter, as the sandbox exists only once the hook has run.
 */
export function useDemoShopSandbox(
  options: { resetEach?: boolean } & Omit<StartRetailSandboxOptions, 'host' | 'port' | 'seed'> = {},
): () => RunningRetailSandbox {
  const { resetEach = false, ...start } = options;
  let sandbox: RunningRetailSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startRetailSandbox({ host: '127.0.0.1', port: 0, seed: demoShopSeeder(), ...start });
  }, 60_000);
  afterAll(async () => {
    await sandbox?.close();
  });
  if (resetEach) beforeEach(async () => resetSandbox(current().url));
  const current = () => {
    if (!sandbox) throw new Error('the demo shop sandbox starts in beforeAll');
    return sandbox;
  };
  return current;
}
