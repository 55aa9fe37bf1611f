import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, parseServeArgs, UsageError } from './cli';

describe('npm run serve flags', () => {
  it('defaults to the demo venue on the loopback address', () => {
    const options = parseServeArgs(['--data', '/tmp/x']);
    expect(options).toMatchObject({ port: DEFAULT_PORT, host: '127.0.0.1', dataDir: '/tmp/x', account: { mode: 'demo' } });
  });

  it('takes a backend with its three credentials', () => {
    const options = parseServeArgs(['--backend', 'http://127.0.0.1:8787', '--tenant', 't', '--token', 'a', '--client-token', 'c', '--port', '0']);
    expect(options.port).toBe(0);
    expect(options.account).toEqual({
      mode: 'account',
      baseUrl: 'http://127.0.0.1:8787/',
      secrets: { tenant: 't', accessToken: 'a', integratorToken: 'c' },
    });
  });

  it('takes a backend alone (credentials from the vault)', () => {
    expect(parseServeArgs(['--backend', 'https://example.test']).account).toEqual({ mode: 'account', baseUrl: 'https://example.test/' });
  });

  it('takes a request budget for benchmarks', () => {
    expect(parseServeArgs(['--requests-per-minute', '100000']).requestsPerMinute).toBe(100000);
    expect(parseServeArgs([]).requestsPerMinute).toBeUndefined();
  });

  it.each([
    [['--requests-per-minute', '0']],
    [['--requests-per-minute', 'lots']],
    [['--port', 'eighty']],
    [['--port', '70000']],
    [['--backend', 'not a url']],
    [['--backend', 'ftp://x']],
    [['--backend', 'http://x', '--tenant', 't']],
    [['--tenant', 't', '--token', 'a', '--client-token', 'c']],
    [['--unknown']],
  ])('refuses %j with a usage error', (argv) => {
    expect(() => parseServeArgs(argv)).toThrow(UsageError);
  });
});
