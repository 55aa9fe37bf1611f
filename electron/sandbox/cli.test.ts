import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_HOST, DEFAULT_PORT, parseCliArgs, UsageError } from './cliArgs';
import { demoHeaders } from './testing';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = 'node_modules/.bin/tsx';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function runCli(args: string[]) {
  const child = spawn(tsx, ['electron/sandbox/cli.ts', ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const line = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(stdout);
        if (match) resolve(match);
      };
      child.stdout!.on('data', check);
      check();
      void exited.then((code) => reject(new Error(`cli exited (${code}) before printing ${pattern}: ${stdout}${stderr}`)));
    });
  return { child, exited, line, output: () => ({ stdout, stderr }) };
}

describe('parseCliArgs', () => {
  it('defaults to 127.0.0.1:8787', () => {
    expect(parseCliArgs([])).toEqual({ host: DEFAULT_HOST, port: DEFAULT_PORT });
    expect(DEFAULT_HOST).toBe('127.0.0.1');
    expect(DEFAULT_PORT).toBe(8787);
  });

  it('reads --port and --host, with a space or "="', () => {
    expect(parseCliArgs(['--port', '0'])).toEqual({ host: '127.0.0.1', port: 0 });
    expect(parseCliArgs(['--port=9000', '--host', '0.0.0.0'])).toEqual({ host: '0.0.0.0', port: 9000 });
  });

  it.each([[['--port']], [['--port', 'abc']], [['--port', '70000']], [['--port', '-1']], [['--verbose']], [['8080']], [['--host']]])(
    'refuses %j',
    (argv) => expect(() => parseCliArgs(argv)).toThrow(UsageError),
  );
});

describe('sandbox CLI', () => {
  it('prints "listening on <url>", serves the demo account, and exits 0 on SIGTERM', { timeout: 30000 }, async () => {
      const cli = runCli(['--port', '0']);
      const [, url, port] = await cli.line(/^listening on (http:\/\/127\.0\.0\.1:(\d+))\n/m);
      expect(Number(port)).toBeGreaterThan(0);
      expect(cli.output().stdout).toBe(`listening on ${url}\n`);

      const res = await fetch(`${url}/api/external/v2/paymentMethods`, { headers: demoHeaders() });
      expect(res.status).toBe(200);
      expect(await res.json()).toContainEqual({ id: 2, name: 'Cash', active: 1 });

      cli.child.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
  });

  it('exits 2 with a clear message on a bad flag', { timeout: 30000 }, async () => {
      const cli = runCli(['--port', 'nope']);
      expect(await cli.exited).toBe(2);
      expect(cli.output().stderr).toMatch(/--port must be an integer/);
      expect(cli.output().stdout).toBe('');
  });
});
