import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACTION_GRANT_MS, SESSION_IDLE_MS, SESSION_LONGEST_MS, type LockState } from '../../../shared/bridge';
import { LOCK_FILE, LONGEST_WAIT_MS, openLockService, waitAfter } from './lockService';
import { hashPin, pinMatches } from './pinHash';

const PIN = '80417362';
const NO_TRIES = { failures: 0, retryInMs: 0 };
let dataDir: string;
let clock: number;
const now = () => clock;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'comanda-lock-'));
  clock = Date.UTC(2026, 10, 23, 20, 0);
});

const open = (extra: { onChange?: (state: LockState) => void; log?: (line: string) => void } = {}) => openLockService({ dataDir, now, ...extra });

describe('PIN hash', () => {
  it('is scrypt with its parameters, a random salt and a 32-byte key', async () => {
    const a = await hashPin(PIN);
    const b = await hashPin(PIN);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await pinMatches(PIN, a)).toBe(true);
    expect(await pinMatches('80417363', a)).toBe(false);
    expect(await pinMatches(PIN, 'plain:80417362')).toBe(false);
  });
});

describe('lock service', () => {
  it('asks nothing without a PIN and cannot be locked', async () => {
    const lock = await open();
    expect(lock.state()).toEqual({ pinSet: false, locked: false, failures: 0, retryInMs: 0, gate: NO_TRIES, damaged: false });
    expect(await lock.lock()).toMatchObject({ locked: false });
    expect((await lock.verify('0000')).result).toBe('ok');
  });

  it('keeps only the hash in its file (0600), never the PIN', async () => {
    const lock = await open();
    expect((await lock.setPin(PIN, undefined)).result).toBe('ok');
    const text = await readFile(join(dataDir, LOCK_FILE), 'utf8');
    expect(text).not.toContain(PIN);
    expect(JSON.parse(text)).toMatchObject({
      version: 2,
      pinHash: expect.stringMatching(/^scrypt\$/),
      locked: false,
      unlock: { failures: 0 },
      gate: { failures: 0 },
    });
    expect((await stat(join(dataDir, LOCK_FILE))).mode & 0o777).toBe(0o600);
  });

  it('locks, refuses a wrong PIN and unlocks with the right one', async () => {
    const changes: LockState[] = [];
    const lock = await open({ onChange: (state) => changes.push(state) });
    await lock.setPin(PIN, undefined);
    expect(await lock.lock()).toMatchObject({ pinSet: true, locked: true });
    expect(await lock.verify('1111')).toEqual({
      result: 'wrong',
      lock: { pinSet: true, locked: true, failures: 1, retryInMs: 0, gate: NO_TRIES, damaged: false },
    });
    expect(await lock.verify(PIN)).toEqual({ result: 'ok', lock: { pinSet: true, locked: false, failures: 0, retryInMs: 0, gate: NO_TRIES, damaged: false } });
    expect(changes.map((c) => c.locked)).toEqual([false, true, true, false]);
  });

  it('refuses PINs for a growing time from the third wrong one', async () => {
    const lock = await open();
    await lock.setPin(PIN, undefined);
    await lock.verify('1111');
    await lock.verify('2222');
    expect(await lock.verify('3333')).toMatchObject({ result: 'wrong', lock: { failures: 3, retryInMs: 30_000 } });
    // Even the right PIN is not tried while refused.
    clock += 29_000;
    expect(await lock.verify(PIN)).toMatchObject({ result: 'wait', lock: { retryInMs: 1_000 } });
    clock += 1_000;
    expect(await lock.verify('4444')).toMatchObject({ result: 'wrong', lock: { failures: 4, retryInMs: 60_000 } });
    clock += 60_000;
    expect(await lock.verify('5555')).toMatchObject({ result: 'wrong', lock: { retryInMs: 120_000 } });
    clock += 120_000;
    expect(await lock.verify(PIN)).toMatchObject({ result: 'ok', lock: { failures: 0, retryInMs: 0 } });
    expect([3, 4, 5, 6, 20].map(waitAfter)).toEqual([30_000, 60_000, 120_000, 240_000, 15 * 60_000]);
  });

  it('keeps the refusal, the count and the lock across a restart', async () => {
    const first = await open();
    await first.setPin(PIN, undefined);
    await first.lock();
    for (const wrong of ['1111', '2222', '3333']) await first.verify(wrong);
    clock += 10_000;
    const second = await open();
    expect(second.state()).toEqual({ pinSet: true, locked: true, failures: 3, retryInMs: 20_000, gate: NO_TRIES, damaged: false });
    expect((await second.verify(PIN)).result).toBe('wait');
  });

  it('never refuses for longer than the step’s wait when the clock goes back', async () => {
    const lock = await open();
    await lock.setPin(PIN, undefined);
    for (const wrong of ['1111', '2222', '3333']) await lock.verify(wrong);
    clock -= 3 * 3600_000;
    expect(lock.state().retryInMs).toBe(30_000);
  });

  it('changes or removes the PIN only with the current one, counting wrong ones', async () => {
    const lock = await open();
    await lock.setPin(PIN, undefined);
    // Changing the PIN is a gate: its wrong tries count there, not at the lock screen.
    expect(await lock.setPin('1234', undefined)).toMatchObject({ result: 'wrong', lock: { failures: 0, gate: { failures: 1 } } });
    expect(await lock.setPin('1234', '0000')).toMatchObject({ result: 'wrong', lock: { failures: 0, gate: { failures: 2 } } });
    expect(await lock.setPin('1234', PIN)).toMatchObject({ result: 'ok', lock: { failures: 0, gate: { failures: 0 } } });
    expect((await lock.verify(PIN)).result).toBe('wrong');
    expect((await lock.clearPin('9999')).result).toBe('wrong');
    expect(await lock.clearPin('1234')).toMatchObject({ result: 'ok', lock: { pinSet: false, failures: 0, gate: { failures: 0 } } });
  });

  it('counts two tries sent at once one after the other', async () => {
    const lock = await open();
    await lock.setPin(PIN, undefined);
    await lock.verify('1111');
    const answers = await Promise.all([lock.verify('2222'), lock.verify('3333'), lock.verify(PIN)]);
    expect(answers.map((a) => a.result)).toEqual(['wrong', 'wrong', 'wait']);
  });

  it('sets a damaged file aside, starts without a PIN and says so until a PIN is set', async () => {
    await writeFile(join(dataDir, LOCK_FILE), '{"version":1,"pinHash":"80417362"}');
    const lines: string[] = [];
    const lock = await open({ log: (line) => lines.push(line) });
    expect(lock.state()).toMatchObject({ pinSet: false, damaged: true });
    // Every start says so again: the damaged file is still there.
    expect((await open()).state().damaged).toBe(true);
    expect((await lock.setPin(PIN, undefined)).lock).toMatchObject({ pinSet: true, damaged: false });
    expect((await open()).state()).toMatchObject({ pinSet: true, damaged: false });
    expect(await readFile(join(dataDir, `${LOCK_FILE}.damaged`), 'utf8')).toContain('pinHash');
    expect(lines.join('\n')).toMatch(/damaged/);
    expect(lines.join('\n')).not.toContain(PIN);
  });
});

describe('the lock screen and the PIN gates count apart', () => {
  it('keeps unlocking with the right PIN after 8 wrong tries at a gate', async () => {
    const lock = await open();
    await lock.setPin(PIN, undefined);
    await lock.lock();
    for (const wrong of ['1111', '2222', '3333', '4444', '5555', '6666', '7777', '8888']) {
      clock += LONGEST_WAIT_MS;
      expect((await lock.verify(wrong, 'session')).result).toBe('wrong');
    }
    expect(lock.state()).toMatchObject({ locked: true, failures: 0, retryInMs: 0, gate: { failures: 8, retryInMs: LONGEST_WAIT_MS } });
    // The gates refuse for a while; the lock screen does not.
    expect((await lock.verify(PIN, 'action')).result).toBe('wait');
    expect(await lock.verify(PIN, 'unlock')).toMatchObject({ result: 'ok', lock: { locked: false, gate: { failures: 0 } } });
  });

  it('keeps the gates open after wrong tries at the lock screen, and a gate never unlocks', async () => {
    const lock = await open();
    await lock.setPin(PIN, undefined);
    await lock.lock();
    for (const wrong of ['1111', '2222', '3333']) await lock.verify(wrong);
    expect(lock.state()).toMatchObject({ failures: 3, retryInMs: 30_000, gate: { failures: 0, retryInMs: 0 } });
    const answer = await lock.verify(PIN, 'session');
    expect(answer).toMatchObject({ result: 'ok', lock: { locked: true }, grant: { kind: 'session' } });
  });

  it('reads a version 1 file with its one count on both', async () => {
    await writeFile(
      join(dataDir, LOCK_FILE),
      JSON.stringify({ version: 1, pinHash: await hashPin(PIN), locked: true, failures: 4, refusedUntil: clock + 60_000 }),
    );
    const lock = await open();
    expect(lock.state()).toEqual({ pinSet: true, locked: true, failures: 4, retryInMs: 60_000, gate: { failures: 4, retryInMs: 60_000 }, damaged: false });
  });
});

describe('a disk that refuses writes never turns wrong tries into free ones', () => {
  it('refuses a wrong try it cannot save, keeps it counted and checks no PIN until it is saved', async () => {
    let full = false;
    const writes: string[] = [];
    const lines: string[] = [];
    const lock = await openLockService({
      dataDir,
      now,
      log: (line) => lines.push(line),
      writeFile: async (path, text) => {
        if (full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        writes.push(text);
        await writeFile(path, text);
      },
    });
    await lock.setPin(PIN, undefined);
    await lock.lock();
    full = true;
    await expect(lock.verify('1111')).rejects.toMatchObject({ info: { kind: 'storage', code: 'pin-tries-not-saved' } });
    expect(lock.state()).toMatchObject({ locked: true, failures: 1 });
    // Not even the right PIN is checked while the count is not on disk.
    await expect(lock.verify(PIN)).rejects.toMatchObject({ info: { kind: 'storage', code: 'pin-tries-not-saved' } });
    await expect(lock.verify('2222')).rejects.toMatchObject({ info: { kind: 'storage' } });
    expect(lock.state()).toMatchObject({ locked: true, failures: 1 });
    expect(lines.join('\n')).toMatch(/ENOSPC/);

    // Space again: the count is saved first, then the PIN is checked and counted on.
    full = false;
    expect(await lock.verify('2222')).toMatchObject({ result: 'wrong', lock: { failures: 2 } });
    expect(JSON.parse(await readFile(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ locked: true, unlock: { failures: 2 } });
    expect(await lock.verify('3333')).toMatchObject({ result: 'wrong', lock: { failures: 3, retryInMs: 30_000 } });
  });

  it('keeps the wait of wrong tries it could not save, as a restart would find it stricter', async () => {
    let full = false;
    const lock = await openLockService({
      dataDir,
      now,
      writeFile: async (path, text) => {
        if (full) throw new Error('EROFS: read-only file system');
        await writeFile(path, text);
      },
    });
    await lock.setPin(PIN, undefined);
    for (const wrong of ['1111', '2222']) await lock.verify(wrong, 'action');
    full = true;
    await expect(lock.verify('3333', 'action')).rejects.toMatchObject({ info: { kind: 'storage' } });
    full = false;
    // Saved now: the third wrong try is refused for its wait, right PIN or not.
    expect(await lock.verify(PIN, 'action')).toMatchObject({ result: 'wait', lock: { gate: { failures: 3, retryInMs: 30_000 } } });
  });

  it('answers storage for a PIN it cannot save, and keeps the old one', async () => {
    let full = false;
    const lock = await openLockService({
      dataDir,
      now,
      writeFile: async (path, text) => {
        if (full) throw new Error('ENOSPC: no space left on device');
        await writeFile(path, text);
      },
    });
    full = true;
    await expect(lock.setPin(PIN, undefined)).rejects.toMatchObject({ info: { kind: 'storage', code: 'file-not-saved' } });
    expect(lock.state().pinSet).toBe(false);
    full = false;
    await lock.setPin(PIN, undefined);
    full = true;
    await expect(lock.clearPin(PIN)).rejects.toMatchObject({ info: { kind: 'storage', code: 'file-not-saved' } });
    expect(lock.state().pinSet).toBe(true);
    // Locking works on a full disk (in memory: the stricter state).
    expect(await lock.lock()).toMatchObject({ locked: true });
  });
});

describe('PIN grants', () => {
  it('an action grant serves one call within a minute', async () => {
    const lock = await open();
    await lock.setPin(PIN, undefined);
    const { grant } = await lock.verify(PIN, 'action');
    expect(grant).toMatchObject({ kind: 'action', expiresInMs: ACTION_GRANT_MS, id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(lock.redeem(grant!.id)).toBe(true);
    expect(lock.redeem(grant!.id)).toBe(false);

    const late = (await lock.verify(PIN, 'action')).grant!;
    clock += ACTION_GRANT_MS;
    expect(lock.redeem(late.id)).toBe(false);
    expect(lock.redeem(undefined)).toBe(false);
    expect(lock.redeem('x'.repeat(43))).toBe(false);
  });

  it('a session lasts while it is used, never beyond its longest', async () => {
    const lock = await open();
    await lock.setPin(PIN, undefined);
    const session = (await lock.verify(PIN, 'session')).grant!;
    expect(session).toMatchObject({ kind: 'session', expiresInMs: SESSION_IDLE_MS });
    for (let used = 0; used + SESSION_IDLE_MS - 1_000 < SESSION_LONGEST_MS; used += SESSION_IDLE_MS - 1_000) {
      expect(lock.redeem(session.id)).toBe(true);
      clock += SESSION_IDLE_MS - 1_000;
    }
    // Still used within its idle time, but past its longest life.
    clock = Math.max(clock, Date.UTC(2026, 10, 23, 20, 0) + SESSION_LONGEST_MS);
    expect(lock.redeem(session.id)).toBe(false);

    const idle = (await lock.verify(PIN, 'session')).grant!;
    clock += SESSION_IDLE_MS;
    expect(lock.redeem(idle.id)).toBe(false);
  });

  it('dies when the terminal locks, when the PIN changes or goes, and with the process', async () => {
    const lock = await open();
    expect((await lock.verify(PIN, 'session')).grant).toBeUndefined(); // no PIN: nothing to grant
    const set = await lock.setPin(PIN, undefined);
    expect(set.grant).toMatchObject({ kind: 'session' });
    const before = (await lock.verify(PIN, 'session')).grant!;
    await lock.lock();
    expect(lock.redeem(before.id)).toBe(false);
    expect(lock.redeem(set.grant!.id)).toBe(false);
    await lock.verify(PIN);

    const beforeChange = (await lock.verify(PIN, 'session')).grant!;
    const changed = await lock.setPin('24681357', PIN);
    expect(lock.redeem(beforeChange.id)).toBe(false);
    expect(lock.redeem(changed.grant!.id)).toBe(true);

    const beforeClear = (await lock.verify('24681357', 'action')).grant!;
    await lock.clearPin('24681357');
    expect(lock.redeem(beforeClear.id)).toBe(false);

    await lock.setPin(PIN, undefined);
    const kept = (await lock.verify(PIN, 'session')).grant!;
    const restarted = await open();
    expect(restarted.redeem(kept.id)).toBe(false);
  });

  it('a wrong PIN grants nothing', async () => {
    const lock = await open();
    await lock.setPin(PIN, undefined);
    expect(await lock.verify('1111', 'session')).not.toHaveProperty('grant');
    expect(await lock.verify(PIN, 'unlock')).not.toHaveProperty('grant');
  });
});
