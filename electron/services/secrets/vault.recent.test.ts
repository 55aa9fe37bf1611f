import { describe, expect, it } from 'vitest';
import { recentRead } from './vault.recent';

describe('recentRead (the vault answers from a moment ago)', () => {
  it('reuses an answer for recheckMs, then reads again', async () => {
    let now = 0;
    let reads = 0;
    const recent = recentRead(async () => ++reads, { recheckMs: 1_000, now: () => now });
    expect(await recent.read()).toBe(1);
    now = 999;
    expect(await recent.read()).toBe(1);
    now = 1_000;
    expect(await recent.read()).toBe(2);
    expect(reads).toBe(2);
  });

  it('shares one read between callers that overlap', async () => {
    let reads = 0;
    let finish: (value: number) => void = () => {};
    const recent = recentRead(() => new Promise<number>((resolve) => ((finish = resolve), reads++)), { now: () => 0 });
    const both = Promise.all([recent.read(), recent.read()]);
    finish(7);
    expect(await both).toEqual([7, 7]);
    expect(reads).toBe(1);
  });

  it('keeps no failure: the next read tries again', async () => {
    let fail = true;
    const recent = recentRead(
      async () => {
        if (fail) throw new Error('damaged');
        return 'ok';
      },
      { now: () => 0 },
    );
    await expect(recent.read()).rejects.toThrow('damaged');
    fail = false;
    expect(await recent.read()).toBe('ok');
  });

  it('forget() makes the next read look again, and a read begun before it is not kept', async () => {
    const answers = ['old', 'new'];
    let reads = 0;
    let finish: () => void = () => {};
    const recent = recentRead(
      () =>
        new Promise<string>((resolve) => {
          const answer = answers[reads++]!;
          finish = () => resolve(answer);
        }),
      { now: () => 0 },
    );
    const early = recent.read();
    recent.forget(); // this process saved new secrets while the read was under way
    finish();
    expect(await early).toBe('old'); // its caller asked before the save
    const next = recent.read();
    finish();
    expect(await next).toBe('new');
    expect(reads).toBe(2);
  });
});
