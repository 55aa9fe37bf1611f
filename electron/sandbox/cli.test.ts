import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_HOST, DEFAULT_PORT, parseCliArgs, retailPortOf, USAGE, UsageError } from './cliArgs';
import { demoHeaders } from './testing';
import { createSandboxApp } from './app';
import { serializeState } from './persistence';
import { stopChild, tokenFileArgs } from '../../test/e2e/support/processes';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = 'node_modules/.bin/tsx';

const children: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(children.splice(0).map((child) => stopChild(child)));
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

  it('reads --retail-port and --retail-state; the retail port defaults to --port + 1, or a free one with --port 0', () => {
    expect(parseCliArgs(['--retail-port', '9100', '--retail-state', 'r.json'])).toEqual({
      host: DEFAULT_HOST,
      port: DEFAULT_PORT,
      retailPort: 9100,
      retailStatePath: 'r.json',
    });
    expect(retailPortOf(parseCliArgs([]))).toBe(8788);
    expect(retailPortOf(parseCliArgs(['--port', '9000']))).toBe(9001);
    expect(retailPortOf(parseCliArgs(['--port', '0']))).toBe(0);
    expect(() => parseCliArgs(['--port', '9000', '--retail-port', '9000'])).toThrow(UsageError);
    expect(() => parseCliArgs(['--state', 'a.json', '--retail-state', 'a.json'])).toThrow(UsageError);
  });

  it('reads --retail-rate-limit, the retail catalog budget a test lifts (a positive integer only)', () => {
    expect(parseCliArgs(['--retail-rate-limit', '2400']).retailRateLimit).toBe(2400);
    expect(parseCliArgs(['--retail-rate-limit', '2400']).limits).toBeUndefined();
    expect(() => parseCliArgs(['--retail-rate-limit', '0'])).toThrow(UsageError);
    expect(USAGE).toContain('--retail-rate-limit');
  });

  it('reads --port and --host, with a space or "="', () => {
    expect(parseCliArgs(['--port', '0'])).toEqual({ host: '127.0.0.1', port: 0 });
    expect(parseCliArgs(['--port=9000', '--host', '0.0.0.0'])).toEqual({ host: '0.0.0.0', port: 9000 });
  });

  it.each([[['--port']], [['--port', 'abc']], [['--port', '70000']], [['--port', '-1']], [['--verbose']], [['8080']], [['--host']]])('refuses %j', (argv) =>
    expect(() => parseCliArgs(argv)).toThrow(UsageError),
  );

  it('reads --state, --scale and the limit flags', () => {
    expect(
      parseCliArgs(['--state', '/tmp/s.json', '--scale=5000', '--rate-limit', '10', '--max-body=1024', '--page-size', '20', '--max-page-size=40']),
    ).toEqual({
      host: DEFAULT_HOST,
      port: DEFAULT_PORT,
      statePath: '/tmp/s.json',
      scale: 5000,
      limits: { requestsPerMinute: 10, maxBodyBytes: 1024, defaultPageSize: 20, maxPageSize: 40 },
    });
    expect(parseCliArgs(['--rate-limit', '100000'])).toEqual({ host: DEFAULT_HOST, port: DEFAULT_PORT, limits: { requestsPerMinute: 100000 } });
    expect(parseCliArgs(['--fault-seed', '42', '--rooms-per-page=5'])).toEqual({
      host: DEFAULT_HOST,
      port: DEFAULT_PORT,
      faultSeed: 42,
      limits: { roomsPerPage: 5 },
    });
  });

  it.each([
    [['--state']],
    [['--scale', '0']],
    [['--scale', '1.5']],
    [['--fault-seed', 'x']],
    [['--rooms-per-page', '0']],
    [['--rate-limit', 'fast']],
    [['--max-body', '-1']],
    [['--page-size', '0']],
    [['--page-size', '300']],
    [['--page-size', '30', '--max-page-size', '20']],
  ])('refuses %j', (argv) => expect(() => parseCliArgs(argv)).toThrow(UsageError));

  it("reads the demo accounts' tokens from --token-file", () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
    const [flag, file] = tokenFileArgs(dir, { accessToken: 'a', integratorToken: 'c' }) as [string, string];
    expect(parseCliArgs([flag, file])).toEqual({ host: DEFAULT_HOST, port: DEFAULT_PORT, tokens: { accessToken: 'a', integratorToken: 'c' } });
    expect(parseCliArgs([`${flag}=${file}`]).tokens).toEqual({ accessToken: 'a', integratorToken: 'c' });
    // The same file as the terminal's, naming the demo account, is fine; another tenant is not.
    expect(parseCliArgs(tokenFileArgs(dir, { tenant: 'demo', accessToken: 'a', integratorToken: 'c' })).tokens).toEqual({
      accessToken: 'a',
      integratorToken: 'c',
    });
    expect(() => parseCliArgs(tokenFileArgs(dir, { tenant: 'bar', accessToken: 'a', integratorToken: 'c' }))).toThrow(/demo/);
    chmodSync(file, 0o644);
    expect(() => parseCliArgs([flag, file])).toThrow(UsageError);
    expect(() => parseCliArgs([flag, file])).toThrow(`chmod 600 ${file}`);
  });

  it.each([[['--token', 'x']], [['--client-token', 'x']]])('refuses tokens on the command line %j', (argv) => {
    expect(() => parseCliArgs(argv)).toThrow(/--token-file/);
  });

  it('documents every flag in USAGE', () => {
    for (const flag of [
      '--token-file',
      '--port',
      '--retail-port',
      '--retail-state',
      '--host',
      '--state',
      '--scale',
      '--rate-limit',
      '--max-body',
      '--page-size',
      '--max-page-size',
      '--rooms-per-page',
      '--fault-seed',
    ]) {
      expect(USAGE).toContain(flag);
    }
  });
});

describe('sandbox CLI', () => {
  it('prints "listening on <url>" and "retail listening on <url>", serves both demo accounts, and exits 0 on SIGTERM', { timeout: 30000 }, async () => {
    const cli = runCli(['--port', '0']);
    const [, retailUrl] = await cli.line(/^retail listening on (http:\/\/127\.0\.0\.1:\d+)\n/m);
    const [, url, port] = await cli.line(/^listening on (http:\/\/127\.0\.0\.1:(\d+))\n/m);
    expect(Number(port)).toBeGreaterThan(0);
    expect(cli.output().stdout).toBe(`listening on ${url}\nretail listening on ${retailUrl}\n`);
    expect(retailUrl).not.toBe(url);

    const res = await fetch(`${url}/api/external/v2/paymentMethods`, { headers: demoHeaders() });
    expect(res.status).toBe(200);
    expect(await res.json()).toContainEqual({ id: 2, name: 'Cash', active: 1 });
    const shop = await fetch(`${retailUrl}/api/external/config/payment_methods`, { headers: { username: 'demo-shop', Authorization: 'Bearer demo-token' } });
    expect(shop.status).toBe(200);
    expect(await shop.json()).toContainEqual({ id: 2, name: 'Cash' });

    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('keeps the state in --state FILE across restarts', { timeout: 60000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
    const file = join(dir, 'state.json');
    try {
      const first = runCli(['--port', '0', '--state', file]);
      const [, url] = await first.line(/^listening on (\S+)\n/m);
      const created = await fetch(`${url}/api/external/v2/vendors`, {
        method: 'POST',
        headers: { ...demoHeaders(), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bodegas CLI', address: 'Calle Mayor 1', nif: 'B00000001' }),
      });
      expect(created.status).toBe(201);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(readFileSync(file, 'utf8')).toContain('Bodegas CLI');

      const second = runCli(['--port', '0', '--state', file]);
      const [, url2] = await second.line(/^listening on (\S+)\n/m);
      const res = await fetch(`${url2}/api/external/v2/vendors`, { headers: demoHeaders() });
      expect(((await res.json()) as { data: { name: string }[] }).data.map((v) => v.name)).toContain('Bodegas CLI');
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 1 with a clear message when the --state file is corrupt', { timeout: 30000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
    const file = join(dir, 'state.json');
    writeFileSync(file, '{ not json');
    try {
      const cli = runCli(['--port', '0', '--state', file]);
      expect(await cli.exited).toBe(1);
      expect(cli.output().stderr).toMatch(/cannot load the state file .*state\.json: not valid JSON/);
      expect(cli.output().stdout).toBe('');
      expect(readFileSync(file, 'utf8')).toBe('{ not json');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with --token-file, its demo accounts take those tokens and refuse the public demo ones', { timeout: 30000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
    const tokens = { accessToken: 'private-access', integratorToken: 'private-client' };
    try {
      const cli = runCli(['--port', '0', ...tokenFileArgs(dir, tokens)]);
      const [, url] = await cli.line(/^listening on (\S+)\n/m);
      for (const tenant of ['demo', 'demo-child']) {
        const path = `${url}/api/external/v2/paymentMethods`;
        expect((await fetch(path, { headers: demoHeaders(tenant) })).status).toBe(401);
        const own = { tenant, Authorization: `Bearer ${tokens.accessToken}`, 'client-token': tokens.integratorToken };
        expect((await fetch(path, { headers: own })).status).toBe(200);
      }
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a --state file saved with other tokens than --token-file's (it would keep accepting those)", { timeout: 30000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
    const file = join(dir, 'state.json');
    writeFileSync(file, serializeState(createSandboxApp().state));
    try {
      const cli = runCli(['--port', '0', '--state', file, ...tokenFileArgs(dir, { accessToken: 'new-a', integratorToken: 'new-c' })]);
      expect(await cli.exited).toBe(1);
      expect(cli.output().stderr).toMatch(/saved with other tokens/);
      expect(cli.output().stderr).not.toContain('demo-token');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 with a clear message on a bad flag', { timeout: 30000 }, async () => {
    const cli = runCli(['--port', 'nope']);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toMatch(/--port must be an integer/);
    expect(cli.output().stdout).toBe('');
  });
});
