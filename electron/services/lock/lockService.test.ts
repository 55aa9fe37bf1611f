import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LockState } from '../../../shared/bridge';
import { LOCK_FILE, openLockService, waitAfter } from './lockService';
import { hashPin, pinMatches } from './pinHash';

const PIN = '80417362';
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
    expect(lock.state()).toEqual({ pinSet: false, locked: false, failures: 0, retryInMs: 0 });
    expect(await lock.lock()).toMatchObject({ locked: false });
    expect((await lock.verify('0000')).result).toBe('ok');
  });

  it('keeps only the hash in its file (0600), never the PIN', async () => {
    const lock = await open();
    expect((await lock.setPin(PIN, undefined)).result).toBe('ok');
    const text = await readFile(join(dataDir, LOCK_FILE), 'utf8');
    expect(text).not.toContain(PIN);
    expect(JSON.parse(text)).toMatchObject({ pinHash: expect.stringMatching(/^scrypt\$/), locked: false, failures: 0 });
    expect((await stat(join(dataDir, LOCK_FILE))).mode & 0o777).toBe(0o600);
  });

  it('locks, refuses a wrong PIN and unlocks with the right one', async () => {
    const changes: LockState[] = [];
    const lock = await open({ onChange: (state) => changes.push(state) });
    await lock.setPin(PIN, undefined);
    expect(await lock.lock()).toMatchObject({ pinSet: true, locked: true });
    expect(await lock.verify('1111')).toEqual({ result: 'wrong', lock: { pinSet: true, locked: true, failures: 1, retryInMs: 0 } });
    expect(await lock.verify(PIN)).toEqual({ result: 'ok', lock: { pinSet: true, locked: false, failures: 0, retryInMs: 0 } });
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
    expect(second.state()).toEqual({ pinSet: true, locked: true, failures: 3, retryInMs: 20_000 });
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
    expect(await lock.setPin('1234', undefined)).toMatchObject({ result: 'wrong', lock: { failures: 1 } });
    expect(await lock.setPin('1234', '0000')).toMatchObject({ result: 'wrong', lock: { failures: 2 } });
    expect(await lock.setPin('1234', PIN)).toMatchObject({ result: 'ok', lock: { failures: 0 } });
    expect((await lock.verify(PIN)).result).toBe('wrong');
    expect((await lock.clearPin('9999')).result).toBe('wrong');
    expect(await lock.clearPin('1234')).toMatchObject({ result: 'ok', lock: { pinSet: false, failures: 0 } });
  });

  it('counts two tries sent at once one after the other', async () => {
    const lock = await open();
    await lock.setPin(PIN, undefined);
    await lock.verify('1111');
    const answers = await Promise.all([lock.verify('2222'), lock.verify('3333'), lock.verify(PIN)]);
    expect(answers.map((a) => a.result)).toEqual(['wrong', 'wrong', 'wait']);
  });

  it('sets a damaged file aside and starts without a PIN', async () => {
    await writeFile(join(dataDir, LOCK_FILE), '{"version":1,"pinHash":"80417362"}');
    const lines: string[] = [];
    const lock = await open({ log: (line) => lines.push(line) });
    expect(lock.state().pinSet).toBe(false);
    expect(await readFile(join(dataDir, `${LOCK_FILE}.damaged`), 'utf8')).toContain('pinHash');
    expect(lines.join('\n')).toMatch(/damaged/);
    expect(lines.join('\n')).not.toContain(PIN);
  });
});
