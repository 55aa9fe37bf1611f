// `--webhook-time-scale` of `npm run sandbox`: parsed, refused when it is not a positive factor,
// and applied by the retail listener the CLI starts (the control API reports the delays in use).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { stopChild } from '../../../../test/e2e/support/processes';
import { parseCliArgs, UsageError } from '../../cliArgs';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const children: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(children.splice(0).map((child) => stopChild(child)));
});

describe('--webhook-time-scale', () => {
  it('takes a factor above 0 and at most 1000', () => {
    expect(parseCliArgs(['--webhook-time-scale', '0.01']).webhookTimeScale).toBe(0.01);
    expect(parseCliArgs(['--webhook-time-scale=2']).webhookTimeScale).toBe(2);
    expect(parseCliArgs([]).webhookTimeScale).toBeUndefined();
    for (const bad of ['0', '-1', 'fast', '1e9', 'Infinity', '0x10']) {
      expect(() => parseCliArgs(['--webhook-time-scale', bad]), bad).toThrow(UsageError);
    }
  });

  it('the sandbox CLI applies it to the retail webhooks', async () => {
    const child = spawn('node_modules/.bin/tsx', ['electron/sandbox/cli.ts', '--port', '0', '--webhook-time-scale', '0.01'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stdout = '';
    const retailUrl = await new Promise<string>((resolve, reject) => {
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const match = /retail listening on (\S+)/.exec(stdout);
        if (match) resolve(match[1] as string);
      });
      child.on('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${stdout}`)));
    });
    const answer = await fetch(`${retailUrl}/__sandbox/retail/webhooks/deliveries`);
    expect(await answer.json()).toEqual({ deliveries: [], retryDelaysMs: [100, 300, 600, 1200, 3000], timeoutMs: 100 });
    await stopChild(child);
  });
});
