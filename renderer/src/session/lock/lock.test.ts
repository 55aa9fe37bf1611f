import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LockState } from '../../../../shared/bridge';
import { createI18n } from '../../i18n/i18n';
import { createPinGate } from './gate';
import { startIdleTimer } from './idleTimer';
import { useLockStore } from './lockStore';
import { refusedText, waitWords } from './lockText';

const state = (changes: Partial<LockState> = {}): LockState => ({
  pinSet: true,
  locked: false,
  failures: 0,
  retryInMs: 0,
  gate: { failures: 0, retryInMs: 0 },
  damaged: false,
  ...changes,
});

describe('idle timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires after the idle minutes without activity, and activity puts it off', () => {
    const target = new EventTarget();
    const onIdle = vi.fn();
    const stop = startIdleTimer({ idleMs: 5 * 60_000, onIdle, target });
    vi.advanceTimersByTime(4 * 60_000);
    target.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(4 * 60_000);
    expect(onIdle).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
    vi.advanceTimersByTime(60 * 60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stops hearing activity once stopped', () => {
    const target = new EventTarget();
    const remove = vi.spyOn(target, 'removeEventListener');
    startIdleTimer({ idleMs: 1000, onIdle: () => {}, target })();
    expect(remove.mock.calls.map(([type]) => type).sort()).toEqual(['keydown', 'pointerdown', 'touchstart', 'wheel']);
  });
});

describe('PIN gate', () => {
  it('lets the action through without asking when no PIN is set', async () => {
    const ask = vi.fn(async () => true);
    const gate = createPinGate({ readLock: async () => state({ pinSet: false }), lastKnown: () => null, ask });
    await expect(gate.confirm('settings')).resolves.toBe(true);
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks for the PIN when one is set and answers what the dialog answered', async () => {
    const ask = vi.fn(async () => false);
    const gate = createPinGate({ readLock: async () => state(), lastKnown: () => null, ask });
    await expect(gate.confirm('discard')).resolves.toBe(false);
    expect(ask).toHaveBeenCalledWith('discard');
    ask.mockResolvedValueOnce(true);
    await expect(gate.confirm('mark-done')).resolves.toBe(true);
  });

  it('goes by the state last known when the main side does not answer', async () => {
    const ask = vi.fn(async () => false);
    const gate = createPinGate({ readLock: () => Promise.reject(new Error('down')), lastKnown: () => state(), ask });
    await expect(gate.confirm('settings')).resolves.toBe(false);
  });
});

describe('lock store', () => {
  it('keeps until when PINs are refused on this window’s clock', () => {
    useLockStore.getState().receive(state({ failures: 3, retryInMs: 30_000 }), 1_000);
    expect(useLockStore.getState().refusedUntil).toBe(31_000);
    useLockStore.getState().receive(state(), 2_000);
    expect(useLockStore.getState().refusedUntil).toBe(0);
  });

  it('keeps the gates’ refusal apart from the lock screen’s', () => {
    useLockStore.getState().receive(state({ gate: { failures: 8, retryInMs: 900_000 } }), 1_000);
    expect(useLockStore.getState()).toMatchObject({ refusedUntil: 0, gateRefusedUntil: 901_000 });
  });
});

describe('lock words', () => {
  it('counts the wait down in words, with plurals per language', () => {
    const en = createI18n('en').getFixedT('en', 'lock');
    expect(waitWords(en, 30_000)).toBe('30 seconds');
    expect(waitWords(en, 1_000)).toBe('1 second');
    expect(waitWords(en, 60_000)).toBe('1 minute');
    expect(waitWords(en, 90_500)).toBe('1 minute and 31 seconds');
    expect(refusedText(en, 120_000)).toBe('Too many wrong PINs. Try again in 2 minutes.');
    const ca = createI18n('ca').getFixedT('ca', 'lock');
    expect(refusedText(ca, 61_000)).toBe('Massa PIN incorrectes. Torna-ho a provar d’aquí a 1 minut i 1 segon.');
    const es = createI18n('es').getFixedT('es', 'lock');
    expect(waitWords(es, 45_000)).toBe('45 segundos');
  });
});
