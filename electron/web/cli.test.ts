import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokenFileArgs } from '../../test/e2e/support/processes';
import { DEFAULT_PORT, parseServeArgs, shopBudgets, UsageError } from './cli';

const scratch = () => mkdtempSync(join(tmpdir(), 'comanda-serve-args-'));
const NO_ENV = {};

describe('npm run serve flags', () => {
  it('defaults to the demo venue on the loopback address', () => {
    const options = parseServeArgs(['--data', '/tmp/x'], NO_ENV);
    expect(options).toMatchObject({ port: DEFAULT_PORT, host: '127.0.0.1', dataDir: '/tmp/x', account: { mode: 'demo' } });
  });

  it('takes a backend with its credentials from a --token-file', () => {
    const tokens = tokenFileArgs(scratch(), { tenant: 't', accessToken: 'a', integratorToken: 'c' });
    const options = parseServeArgs(['--backend', 'http://127.0.0.1:8787', ...tokens, '--port', '0'], NO_ENV);
    expect(options.port).toBe(0);
    expect(options.account).toEqual({
      mode: 'account',
      baseUrl: 'http://127.0.0.1:8787/',
      secrets: { tenant: 't', accessToken: 'a', integratorToken: 'c' },
    });
  });

  it('takes the tenant from --tenant when the token file has none', () => {
    const tokens = tokenFileArgs(scratch(), { accessToken: 'a', integratorToken: 'c' });
    expect(parseServeArgs(['--backend', 'http://127.0.0.1:8787', '--tenant', 't', ...tokens], NO_ENV).account).toMatchObject({
      secrets: { tenant: 't', accessToken: 'a', integratorToken: 'c' },
    });
  });

  it('takes the tokens from COMANDA_ACCESS_TOKEN and COMANDA_INTEGRATOR_TOKEN', () => {
    const env = { COMANDA_ACCESS_TOKEN: 'a', COMANDA_INTEGRATOR_TOKEN: 'c' };
    expect(parseServeArgs(['--backend', 'http://127.0.0.1:8787', '--tenant', 't'], env).account).toMatchObject({
      secrets: { tenant: 't', accessToken: 'a', integratorToken: 'c' },
    });
    // The demo venue has its own credentials: tokens in the environment are not for it.
    expect(parseServeArgs([], env).account).toEqual({ mode: 'demo' });
  });

  it('a --token-file wins over the environment', () => {
    const tokens = tokenFileArgs(scratch(), { tenant: 't', accessToken: 'file-a', integratorToken: 'file-c' });
    const env = { COMANDA_ACCESS_TOKEN: 'env-a', COMANDA_INTEGRATOR_TOKEN: 'env-c' };
    expect(parseServeArgs(['--backend', 'http://x.test', ...tokens], env).account).toMatchObject({
      secrets: { accessToken: 'file-a', integratorToken: 'file-c' },
    });
  });

  it('takes a backend alone (credentials from the vault)', () => {
    expect(parseServeArgs(['--backend', 'https://example.test'], NO_ENV).account).toEqual({ mode: 'account', baseUrl: 'https://example.test/' });
  });

  it('takes a request budget for benchmarks', () => {
    expect(parseServeArgs(['--requests-per-minute', '100000'], NO_ENV).requestsPerMinute).toBe(100000);
    expect(parseServeArgs([], NO_ENV).requestsPerMinute).toBeUndefined();
  });

  it('takes a shop catalog budget and a demo shop size for tests, and changes nothing without them', () => {
    const options = parseServeArgs(['--shop-catalog-per-minute', '2400', '--demo-shop-articles', '5'], NO_ENV);
    expect(options).toMatchObject({ shopCatalogPerMinute: 2400, demoShopArticles: 5 });
    const budgets = shopBudgets(options);
    // The terminal's budgets and the demo shop's sandbox agree; the other calls' budget at 3 × the catalog's.
    expect(budgets.retailLimits).toEqual({ catalogPerMinute: 2400, requestsPerMinute: 7200 });
    expect(budgets.demoShopSandbox?.limits).toEqual({ catalogRequestsPerMinute: 2400, requestsPerMinute: 7200 });
    expect(budgets.demoShopSandbox?.seed?.().products.length).toBe(48);
    // A low catalog budget keeps the spec's 120 for the rest.
    expect(shopBudgets({ shopCatalogPerMinute: 10 }).retailLimits).toEqual({ catalogPerMinute: 10, requestsPerMinute: 120 });
    expect(shopBudgets(parseServeArgs([], NO_ENV))).toEqual({});
    for (const argv of [
      ['--shop-catalog-per-minute', '0'],
      ['--shop-catalog-per-minute', '1.5'],
      ['--demo-shop-articles', '50001'],
      ['--demo-shop-articles', 'x'],
    ]) {
      expect(() => parseServeArgs(argv, NO_ENV), argv.join(' ')).toThrow(UsageError);
    }
  });

  it.each([
    [['--token', 'a']],
    [['--client-token', 'c']],
    [['--backend', 'http://x.test', '--tenant', 't', '--token', 'a', '--client-token', 'c']],
    [['--backend', 'http://x.test', '--token=a']],
  ])('refuses tokens on the command line %j, saying why and what to use', (argv) => {
    expect(() => parseServeArgs(argv, NO_ENV)).toThrow(UsageError);
    expect(() => parseServeArgs(argv, NO_ENV)).toThrow(/\/proc.*--token-file.*COMANDA_ACCESS_TOKEN/s);
  });

  it('refuses a token file that others can read, saying how to fix it', () => {
    const [flag, file] = tokenFileArgs(scratch()) as [string, string];
    chmodSync(file, 0o644);
    expect(() => parseServeArgs(['--backend', 'http://x.test', flag, file], NO_ENV)).toThrow(UsageError);
    expect(() => parseServeArgs(['--backend', 'http://x.test', flag, file], NO_ENV)).toThrow(`chmod 600 ${file}`);
  });

  it('refuses a damaged token file without quoting it', () => {
    const file = join(scratch(), 'tokens.json');
    writeFileSync(file, '{"accessToken":"leaky-secret"', { mode: 0o600 });
    expect(() => parseServeArgs(['--backend', 'http://x.test', '--token-file', file], NO_ENV)).toThrow(/not valid JSON/);
    expect(() => parseServeArgs(['--backend', 'http://x.test', '--token-file', file], NO_ENV)).not.toThrow(/leaky-secret/);
  });

  it.each([
    [['--host', '::1'], '::1'],
    [['--host', '[::1]'], '::1'],
    [['--host', '127.0.0.1'], '127.0.0.1'],
    [['--host', 'localhost'], '127.0.0.1'],
  ])('binds the loopback address %j', (argv, host) => {
    expect(parseServeArgs(argv, NO_ENV).host).toBe(host);
  });

  it.each([['0.0.0.0'], ['::'], ['192.168.1.20'], ['terminal.local']])('refuses --host %s (no pairing yet), saying why', (host) => {
    expect(() => parseServeArgs(['--host', host], NO_ENV)).toThrow(UsageError);
    expect(() => parseServeArgs(['--host', host], NO_ENV)).toThrow(/loopback/);
  });

  it.each([
    [['--requests-per-minute', '0']],
    [['--requests-per-minute', 'lots']],
    [['--port', 'eighty']],
    [['--port', '70000']],
    [['--backend', 'not a url']],
    [['--backend', 'ftp://x']],
    // A tenant without tokens, tokens without a tenant, credentials without a backend.
    [['--backend', 'http://x', '--tenant', 't']],
    [['--backend', 'http://x', ...tokenFileArgs(scratch(), { accessToken: 'a', integratorToken: 'c' })]],
    [['--backend', 'http://x', '--tenant', 'other', ...tokenFileArgs(scratch(), { tenant: 't', accessToken: 'a', integratorToken: 'c' })]],
    [['--tenant', 't']],
    [[...tokenFileArgs(scratch())]],
    [['--unknown']],
  ])('refuses %j with a usage error', (argv) => {
    expect(() => parseServeArgs(argv, NO_ENV)).toThrow(UsageError);
  });

  it('refuses only one of the two token variables', () => {
    expect(() => parseServeArgs(['--backend', 'http://x', '--tenant', 't'], { COMANDA_ACCESS_TOKEN: 'a' })).toThrow(/COMANDA_INTEGRATOR_TOKEN/);
  });
});
