import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { BridgeEvent, BridgeResult } from '../../shared/bridge';
import type { RunningSandbox } from '../sandbox';
import { startAppCore, type AppCore, type AppCoreOptions } from './core';
import { createFileVault } from './vault.file';

// The main side as the core tests start it: a browser-shell core on a fresh data folder, the demo
// sandbox's rate limit lifted, everything it logs and emits recorded, and closed after each test.

/** Rate limit lifted for tests that make many calls (the limiter has its own tests). */
export const LIFTED = { requestsPerMinute: 100_000 };

export interface TestCore {
  core: AppCore;
  vault: ReturnType<typeof createFileVault>;
  dataDir: string;
  logged: string[];
  events: BridgeEvent[];
  /** A bridge call naming the current account, as a window of this account makes it. */
  call(name: string, input?: unknown): Promise<BridgeResult<unknown>>;
}

/** Registers the after-each clean-up; call once at the top of a test file. */
export function coreFixture(prefix = 'comanda-core-') {
  const cores: AppCore[] = [];
  const servers: Array<Pick<RunningSandbox, 'close'>> = [];
  afterEach(async () => {
    await Promise.all(cores.splice(0).map((core) => core.close()));
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return {
    /** Closes this server (a sandbox, a recording server) after the test. */
    track<T extends Pick<RunningSandbox, 'close'>>(server: T): T {
      servers.push(server);
      return server;
    },
    async start(account?: AppCoreOptions['account'], dataDir?: string): Promise<TestCore> {
      const dir = dataDir ?? (await mkdtemp(join(tmpdir(), prefix)));
      const vault = createFileVault(dir);
      const logged: string[] = [];
      const core = await startAppCore({
        shell: 'browser',
        dataDir: dir,
        vault,
        account,
        timeoutMs: 5_000,
        env: {},
        demoSandbox: { limits: LIFTED },
        log: (line) => logged.push(line),
      });
      cores.push(core);
      const events: BridgeEvent[] = [];
      core.onEvent((event) => events.push(event));
      const call = (name: string, input: unknown = {}) => core.dispatcher.dispatch(name, input, { accountKey: core.accountKey });
      return { core, vault, dataDir: dir, logged, events, call };
    },
  };
}
