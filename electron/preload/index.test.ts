import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bridgeChannel, bridgeEventChannel, operationNames, type BridgeApi, type BridgeEvent } from '../../shared/bridge';

// A stand-in for Electron's renderer-side modules: records what the preload exposes and sends.
const electron = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  return {
    listeners,
    exposeInMainWorld: vi.fn(),
    invoke: vi.fn(async (channel: string, input: unknown) => ({ ok: true, value: { channel, input } })),
    on: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
    }),
    removeListener: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
      listeners.get(channel)?.delete(listener);
    }),
  };
});
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: electron.exposeInMainWorld },
  ipcRenderer: { invoke: electron.invoke, on: electron.on, removeListener: electron.removeListener },
}));

let api: BridgeApi;
beforeAll(async () => {
  await import('./index');
  expect(electron.exposeInMainWorld).toHaveBeenCalledOnce();
  const [key, exposed] = electron.exposeInMainWorld.mock.calls[0] as [string, BridgeApi];
  expect(key).toBe('comanda');
  api = exposed;
});

describe('preload', () => {
  it('exposes exactly the bridge operations and onEvent, nothing generic', () => {
    expect(Object.keys(api).sort()).toEqual([...operationNames, 'onEvent'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
  });

  it('exposes the order queue’s operations, each on its own channel', async () => {
    const queue = [
      'getQueue',
      'seatService',
      'submitEntry',
      'retryEntry',
      'resendEntry',
      'markEntryDone',
      'discardEntry',
      'sendSeatingAsRound',
      'moveSeating',
      'clearTable',
      'exportPending',
      'getMostSold',
      'importQueue',
    ] as const;
    expect(operationNames).toEqual(expect.arrayContaining([...queue]));
    for (const name of queue) {
      await (api[name] as (input: unknown, context: unknown) => Promise<unknown>)({}, { accountKey: 'demo' });
      expect(electron.invoke).toHaveBeenLastCalledWith(`bridge:${name}`, {}, { accountKey: 'demo' });
    }
  });

  it('calls getConnectionState on its own channel', async () => {
    const result = await api.getConnectionState({});
    expect(electron.invoke).toHaveBeenLastCalledWith('bridge:getConnectionState', {}, undefined);
    expect(result).toEqual({ ok: true, value: { channel: 'bridge:getConnectionState', input: {} } });
  });

  it.each(operationNames)('sends %s on the channel the main side listens to', async (name) => {
    const call = api[name] as (input: unknown) => Promise<unknown>;
    await call({ probe: name });
    expect(electron.invoke).toHaveBeenLastCalledWith(bridgeChannel(name), { probe: name }, undefined);
  });

  it('sends the account a call names as the second argument', async () => {
    await api.getQueue({}, { accountKey: 'demo' });
    expect(electron.invoke).toHaveBeenLastCalledWith('bridge:getQueue', expect.anything(), { accountKey: 'demo' });
  });

  it('answers a call that never reached the main side (invoke rejected) as unreachable, not thrown', async () => {
    electron.invoke.mockRejectedValueOnce(new Error("No handler registered for 'bridge:getQueue'"));
    const result = await api.getQueue({}, { accountKey: 'demo' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'unreachable', detail: expect.stringMatching(/No handler registered/) } });
  });

  it('forwards events without the IPC event object, and unsubscribes', () => {
    const received: BridgeEvent[] = [];
    const stop = api.onEvent((event) => received.push(event));
    const event: BridgeEvent = { type: 'connection', state: 'offline', at: '2026-01-01T00:00:00.000Z' };
    const ipcEvent = { sender: { send: () => {} } };
    for (const listener of electron.listeners.get(bridgeEventChannel) ?? []) listener(ipcEvent, event);
    expect(received).toEqual([event]);
    stop();
    expect(electron.listeners.get(bridgeEventChannel)?.size ?? 0).toBe(0);
  });
});
