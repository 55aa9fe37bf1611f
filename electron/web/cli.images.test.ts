import { describe, expect, it } from 'vitest';
import { parseServeArgs, UsageError } from './cli';

describe('npm run serve -- --images URL', () => {
  it('defaults to the backend URL (the core uses it when no image storage is given)', () => {
    expect(parseServeArgs(['--backend', 'http://127.0.0.1:8787']).account).not.toHaveProperty('imagesUrl');
  });

  it('takes an image storage URL with a backend', () => {
    const { account } = parseServeArgs(['--backend', 'http://127.0.0.1:8787', '--images', 'https://img.example.com']);
    expect(account).toEqual({ mode: 'account', baseUrl: 'http://127.0.0.1:8787/', imagesUrl: 'https://img.example.com/' });
  });

  it.each([
    [['--images', 'http://127.0.0.1:8787']],
    [['--backend', 'http://127.0.0.1:8787', '--images', 'not a url']],
    [['--backend', 'http://127.0.0.1:8787', '--images', 'file:///etc']],
  ])('refuses %j', (argv) => {
    expect(() => parseServeArgs(argv)).toThrow(UsageError);
  });
});
