import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTokenFile, TokenFileError } from './tokenFile';

async function tokenFile(content: string, mode = 0o600) {
  const file = join(await mkdtemp(join(tmpdir(), 'comanda-tokens-')), 'tokens.json');
  await writeFile(file, content);
  await chmod(file, mode);
  return file;
}

describe('token files (secrets off command lines)', () => {
  it('reads { tenant?, accessToken, integratorToken } from a 0600 file', async () => {
    expect(readTokenFile(await tokenFile('{"tenant":"bar","accessToken":"A","integratorToken":"C"}'))).toEqual({
      tenant: 'bar',
      accessToken: 'A',
      integratorToken: 'C',
    });
    expect(readTokenFile(await tokenFile('{"accessToken":"A","integratorToken":"C"}', 0o400))).toEqual({ accessToken: 'A', integratorToken: 'C' });
  });

  it.each([0o644, 0o640, 0o604, 0o660, 0o602])('refuses a file with mode %o, saying how to fix it', async (mode) => {
    const file = await tokenFile('{"accessToken":"A","integratorToken":"C"}', mode);
    expect(() => readTokenFile(file)).toThrow(TokenFileError);
    expect(() => readTokenFile(file)).toThrow(`chmod 600 ${file}`);
  });

  it.each([
    ['not JSON', '{"accessToken": "super-secret-token",', /not valid JSON/],
    ['a missing token', '{"accessToken":"super-secret-token"}', /integratorToken/],
    ['an empty token', '{"accessToken":"","integratorToken":"super-secret-token"}', /accessToken/],
    ['an unknown key', '{"accessToken":"super-secret-token","integratorToken":"C","token":"x"}', /token/],
  ])('refuses %s without echoing the file', async (_name, content, message) => {
    const file = await tokenFile(content);
    let error: unknown;
    try {
      readTokenFile(file);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TokenFileError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('super-secret-token');
  });

  it('names a missing file', () => {
    expect(() => readTokenFile('/nonexistent/tokens.json')).toThrow(/cannot read .*\/nonexistent\/tokens\.json/);
  });
});
