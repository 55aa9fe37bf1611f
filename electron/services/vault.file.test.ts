import { mkdtemp, readFile, stat, chmod, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileVault } from './vault.file';

const secrets = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };

describe('file vault (browser shell)', () => {
  it('round-trips secrets in a file only its owner can read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'comanda-vault-'));
    const vault = createFileVault(join(dir, 'nested'));
    expect(await vault.load()).toBeNull();
    await vault.save(secrets);
    expect(await vault.load()).toEqual(secrets);
    const mode = (await stat(join(dir, 'nested', 'credentials.json'))).mode & 0o777;
    expect(mode).toBe(0o600);
    await vault.clear();
    expect(await vault.load()).toBeNull();
  });

  it('narrows permissions that someone widened', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'comanda-vault-'));
    const vault = createFileVault(dir);
    await vault.save(secrets);
    await chmod(join(dir, 'credentials.json'), 0o644);
    await vault.load();
    expect((await stat(join(dir, 'credentials.json'))).mode & 0o777).toBe(0o600);
  });

  it('says clearly when the file is damaged', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'comanda-vault-'));
    await writeFile(join(dir, 'credentials.json'), JSON.stringify({ tenant: 'x' }), { mode: 0o600 });
    await expect(createFileVault(dir).load()).rejects.toThrow(/damaged/);
    expect(await readFile(join(dir, 'credentials.json'), 'utf8')).toContain('tenant'); // left for inspection
  });
});
