// Contract tests of `--state FILE`: the state is in memory by default and, with a
// state file, survives a restart; the file is written atomically (plain JSON, no temp files left)
// through the main side's one atomic-write helper.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { writeFileAtomic } from '../../electron/services/files/atomicWrite';

// The real helper, watched.
vi.mock('../../electron/services/files/atomicWrite', { spy: true });

const V2 = '/api/external/v2';
const DEMO = { tenant: 'demo', Authorization: 'Bearer demo-token', 'client-token': 'demo-client' };
const LIFTED = { requestsPerMinute: 100000 };

type Json = Record<string, unknown>;

let dir: string;
let file: string;
const running: RunningSandbox[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
  file = join(dir, 'state.json');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(statePath?: string): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ port: 0, limits: LIFTED, statePath });
  running.push(sandbox);
  return sandbox;
}

async function stop(sandbox: RunningSandbox): Promise<void> {
  running.splice(running.indexOf(sandbox), 1);
  await sandbox.close();
}

async function send(sandbox: RunningSandbox, method: string, path: string, body?: unknown, tenant = 'demo') {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { ...DEMO, tenant, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function writeSome(sandbox: RunningSandbox) {
  expect((await send(sandbox, 'POST', `${V2}/customers`, [{ name: 'Persistida', active: 1 }])).status).toBeLessThan(300);
  expect((await send(sandbox, 'POST', `${V2}/vendors`, { name: 'Proveedor Persistente', address: 'Calle 9', nif: 'P9999999Z' })).status).toBeLessThan(300);
  expect((await send(sandbox, 'POST', `${V2}/giftCards?balance=40&uuid=persisted-card`)).status).toBe(201);
  expect((await send(sandbox, 'POST', `${V2}/giftCards/persisted-card`, { amount: 15.25 })).status).toBe(200);
}

async function customerNamed(sandbox: RunningSandbox, name: string): Promise<Json | undefined> {
  const page = await send(sandbox, 'GET', `${V2}/customers?pagination=200`);
  return (page.body.data as Json[]).find((c) => c.name === name);
}

describe('--state FILE', () => {
  it('data written through the API is still there after a restart with the same state file', async () => {
    const first = await start(file);
    await writeSome(first);
    const customer = await customerNamed(first, 'Persistida');
    await stop(first);

    const second = await start(file);
    expect(await customerNamed(second, 'Persistida')).toEqual(customer);
    const vendors = (await send(second, 'GET', `${V2}/vendors?pagination=200`)).body.data as Json[];
    expect(vendors.some((v) => v.nif === 'P9999999Z')).toBe(true);
    // the card kept its redeemed balance, and its uuid is still taken (§7: duplicate → 422)
    expect((await send(second, 'POST', `${V2}/giftCards?balance=1&uuid=persisted-card`)).status).toBe(422);
    const redeemed = await send(second, 'POST', `${V2}/giftCards/persisted-card`, { amount: 24.75 });
    expect(redeemed.status).toBe(200);
    expect(Number(redeemed.body.balance)).toBe(0);
  });

  it('ids keep counting after a restart (a deleted id is not handed out again)', async () => {
    const first = await start(file);
    await send(first, 'POST', `${V2}/customers`, [
      { name: 'Uno', active: 1 },
      { name: 'Dos', active: 1 },
    ]);
    const dos = (await customerNamed(first, 'Dos')) as Json;
    expect((await send(first, 'DELETE', `${V2}/customers/${dos.id}`)).status).toBe(200);
    await stop(first);

    const second = await start(file);
    await send(second, 'POST', `${V2}/customers`, [{ name: 'Tres', active: 1 }]);
    const tres = (await customerNamed(second, 'Tres')) as Json;
    expect(tres.id).toBeGreaterThan(dos.id as number);
  });

  it('accounts stay separate across a restart', async () => {
    const first = await start(file);
    await send(first, 'POST', `${V2}/customers`, [{ name: 'Solo del hijo', active: 1 }], 'demo-child');
    await stop(first);
    const second = await start(file);
    expect(await customerNamed(second, 'Solo del hijo')).toBeUndefined();
    const child = await send(second, 'GET', `${V2}/customers?pagination=200`, undefined, 'demo-child');
    expect((child.body.data as Json[]).some((c) => c.name === 'Solo del hijo')).toBe(true);
  });

  it('the state file is plain JSON and no temporary file is left next to it', async () => {
    const sandbox = await start(file);
    await Promise.all(Array.from({ length: 30 }, (_, i) => send(sandbox, 'POST', `${V2}/customers`, [{ name: `Ráfaga ${i}`, active: 1 }])));
    await stop(sandbox);
    expect(readdirSync(dir)).toEqual(['state.json']);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Json;
    expect(saved).toEqual(expect.objectContaining({ accounts: expect.any(Array), ledger: expect.any(Array) }));
    // the burst is coalesced, but the last write holds every customer
    expect(readFileSync(file, 'utf8')).toContain('Ráfaga 29');
    const again = await start(file);
    const page = await send(again, 'GET', `${V2}/customers?pagination=200`);
    expect((page.body.data as Json[]).filter((c) => String(c.name).startsWith('Ráfaga'))).toHaveLength(30);
  });

  it('the state file is saved through the one atomic-write helper, 0600, in an existing folder only', async () => {
    vi.mocked(writeFileAtomic).mockClear();
    const sandbox = await start(file);
    await send(sandbox, 'POST', `${V2}/customers`, [{ name: 'Atómica', active: 1 }]);
    await stop(sandbox);
    expect(writeFileAtomic).toHaveBeenCalledWith(file, expect.stringContaining('Atómica'), { mode: 0o600, createFolder: false });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('a save that fails keeps the previous state file and close() reports it', async () => {
    const sandbox = await start(file);
    await send(sandbox, 'POST', `${V2}/customers`, [{ name: 'Guardada', active: 1 }]);
    // Wait for that save to land before making the next one fail.
    await expect.poll(() => (readdirSync(dir).includes('state.json') ? readFileSync(file, 'utf8') : '')).toContain('Guardada');
    vi.mocked(writeFileAtomic).mockRejectedValueOnce(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
    await send(sandbox, 'POST', `${V2}/customers`, [{ name: 'Perdida', active: 1 }]);
    running.splice(running.indexOf(sandbox), 1);
    await expect(sandbox.close()).rejects.toThrow(/cannot save the state .*ENOSPC/);
    const saved = readFileSync(file, 'utf8');
    expect(saved).toContain('Guardada');
    expect(saved).not.toContain('Perdida');
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('reads do not write the state file; a refused write does not either', async () => {
    const sandbox = await start(file);
    await send(sandbox, 'GET', `${V2}/customers`);
    expect((await send(sandbox, 'POST', `${V2}/customers`, [{ active: 1 }])).status).toBe(422);
    await stop(sandbox);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('without a state file the state is in memory only (a restart starts from the seed)', async () => {
    const first = await start();
    await send(first, 'POST', `${V2}/customers`, [{ name: 'Efímera', active: 1 }]);
    await stop(first);
    const second = await start();
    expect(await customerNamed(second, 'Efímera')).toBeUndefined();
  });

  it.each([
    ['not JSON', '{ "accounts": ['],
    ['JSON of another shape', JSON.stringify({ hello: 'world' })],
    ['an empty file', ''],
  ])('item 9: a corrupt state file (%s) → the sandbox does not start, with a clear error, and the file is left alone', async (_name, text) => {
    writeFileSync(file, text);
    await expect(start(file)).rejects.toThrow(/state file/);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
