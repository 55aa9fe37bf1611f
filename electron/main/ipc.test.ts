import type { IpcMainInvokeEvent } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { bridgeChannel, operationNames, type BridgeResult } from '../../shared/bridge';
import { createDispatcher, type BridgeHandlers } from '../services/bridge/dispatcher';
import { APP_ORIGIN, isAppBlobUrl, isAppUrl, originOf } from './app-origin';
import { isTrustedSenderFrame, registerBridgeIpc } from './ipc';
import { testHandlers } from '../services/bridge/handlers.testing';

type Listener = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

/** Records ipcMain.handle registrations the way Electron would keep them: one per channel. */
function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  return {
    handlers,
    handle: vi.fn((channel: string, listener: Listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    }),
    removeHandler: vi.fn((channel: string) => {
      handlers.delete(channel);
    }),
  };
}

function fakeHandlers(): BridgeHandlers {
  return testHandlers({
    getAppInfo: vi.fn(async () => ({ shell: 'electron' as const, mode: 'demo' as const, accountKey: 'demo', tenant: 'demo', version: '0.1.0' })),
    getConnectionState: vi.fn(async () => ({ state: 'online' as const })),
    setPin: vi.fn(async (): Promise<never> => {
      throw new Error('the service ran');
    }),
  });
}

const WINDOW_ID = 7;

/** An invoke event as Electron builds it; `frame: null` models a frame that is already gone. */
function invokeEvent(options: { senderId?: number; url?: string; child?: boolean; frame?: null } = {}): IpcMainInvokeEvent {
  const top = { url: 'app://comanda/index.html', parent: null };
  const senderFrame =
    options.frame === null
      ? null
      : options.child
        ? { url: options.url ?? 'app://comanda/index.html', parent: top }
        : { url: options.url ?? 'app://comanda/index.html', parent: null };
  return { sender: { id: options.senderId ?? WINDOW_ID }, senderFrame } as unknown as IpcMainInvokeEvent;
}

function setup() {
  const ipcMain = fakeIpcMain();
  const handlers = fakeHandlers();
  const dispatcher = createDispatcher(handlers);
  const dispatch = vi.spyOn(dispatcher, 'dispatch');
  const unregister = registerBridgeIpc({
    ipcMain,
    dispatcher,
    isTrustedSender: (event) => isTrustedSenderFrame(event, { webContentsId: WINDOW_ID, origin: APP_ORIGIN }),
  });
  const invoke = async (channel: string, event: IpcMainInvokeEvent, input?: unknown, context?: unknown) => {
    const listener = ipcMain.handlers.get(channel);
    if (!listener) throw new Error(`No handler registered for '${channel}'`);
    return (await listener(event, input, context)) as BridgeResult<unknown>;
  };
  return { ipcMain, handlers, dispatch, unregister, invoke };
}

describe('registerBridgeIpc', () => {
  it('registers exactly one channel per operation and nothing else', () => {
    const { ipcMain } = setup();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(operationNames.map((name) => bridgeChannel(name)).sort());
    expect(ipcMain.handle).toHaveBeenCalledTimes(operationNames.length);
  });

  it('passes a trusted call to the dispatcher and returns its result', async () => {
    const { invoke, handlers } = setup();
    const result = await invoke('bridge:getConnectionState', invokeEvent(), {});
    expect(result).toEqual({ ok: true, value: { state: 'online' } });
    expect(handlers.getConnectionState).toHaveBeenCalledOnce();
  });

  it('passes the account the renderer names (second argument) to the dispatcher', async () => {
    const { invoke, dispatch, handlers } = setup();
    await invoke('bridge:getConnectionState', invokeEvent(), {}, { accountKey: 'demo' });
    expect(dispatch).toHaveBeenLastCalledWith('getConnectionState', {}, { accountKey: 'demo' });
    expect(handlers.getConnectionState).toHaveBeenLastCalledWith({}, { accountKey: 'demo' });
    const malformed = await invoke('bridge:getConnectionState', invokeEvent(), {}, { accountKey: ['demo'] });
    expect(malformed).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it('treats a missing input as an empty one', async () => {
    const { invoke } = setup();
    expect(await invoke('bridge:getConnectionState', invokeEvent())).toEqual({ ok: true, value: { state: 'online' } });
  });

  it('answers invalid input with invalid-input naming the field, without calling the handler', async () => {
    const { invoke, handlers } = setup();
    const result = await invoke('bridge:setPin', invokeEvent(), { pin: '12', current: '1234' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('invalid-input');
    expect(result.error).toMatchObject({ code: 'invalid-input', params: { operation: 'setPin', fields: 'pin' } });
    expect(handlers.setPin).not.toHaveBeenCalled();
  });

  it('rejects extra fields (strict schemas) instead of passing them on', async () => {
    const { invoke, handlers } = setup();
    const result = await invoke('bridge:getConnectionState', invokeEvent(), { sql: 'DROP TABLE' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(handlers.getConnectionState).not.toHaveBeenCalled();
  });

  it('has no channel for an unknown operation, and the dispatcher calls it unknown-operation', async () => {
    const { ipcMain, invoke } = setup();
    expect(ipcMain.handlers.has('bridge:deleteEverything')).toBe(false);
    expect(ipcMain.handlers.has('bridge')).toBe(false);
    await expect(invoke('bridge:deleteEverything', invokeEvent(), {})).rejects.toThrow(/No handler registered/);
    const dispatcher = createDispatcher(fakeHandlers());
    expect(await dispatcher.dispatch('deleteEverything', {})).toMatchObject({ ok: false, error: { kind: 'unknown-operation' } });
  });

  it.each([
    ['another window', invokeEvent({ senderId: WINDOW_ID + 1 })],
    ['a child frame of the main window', invokeEvent({ child: true })],
    ['a foreign origin in the main window', invokeEvent({ url: 'https://evil.example/index.html' })],
    ['a file:// page', invokeEvent({ url: 'file:///etc/passwd' })],
    ['another app:// host', invokeEvent({ url: 'app://evil/index.html' })],
    ['app://comanda on another port', invokeEvent({ url: 'app://comanda:8080/index.html' })],
    ['about:blank', invokeEvent({ url: 'about:blank' })],
    ['a frame that is already gone', invokeEvent({ frame: null })],
  ])('refuses %s as forbidden, never reaching the handler', async (_label, event) => {
    const { invoke, handlers, dispatch } = setup();
    for (const name of operationNames) {
      const result = await invoke(bridgeChannel(name), event, {});
      expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    expect(dispatch).not.toHaveBeenCalled();
    for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled();
  });

  it('treats a throwing trust check as forbidden', async () => {
    const ipcMain = fakeIpcMain();
    const handlers = fakeHandlers();
    registerBridgeIpc({
      ipcMain,
      dispatcher: createDispatcher(handlers),
      isTrustedSender: () => {
        throw new Error('Render frame was disposed');
      },
    });
    const result = await ipcMain.handlers.get('bridge:getAppInfo')!(invokeEvent(), {});
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(handlers.getAppInfo).not.toHaveBeenCalled();
  });

  it('removes every handler it registered', () => {
    const { ipcMain, unregister } = setup();
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
    expect(ipcMain.removeHandler).toHaveBeenCalledTimes(operationNames.length);
  });
});

describe('app origin', () => {
  it('rebuilds the origin of the app scheme that WHATWG URL leaves opaque', () => {
    expect(originOf('app://comanda/index.html')).toBe('app://comanda');
    expect(originOf('https://evil.example/x')).toBe('https://evil.example');
    expect(originOf('about:blank')).toBe('null');
    expect(originOf('not a url')).toBe('null');
  });

  it('accepts only app://comanda URLs for navigation', () => {
    expect(isAppUrl('app://comanda/index.html')).toBe(true);
    expect(isAppUrl('app://comanda/#/floor')).toBe(true);
    expect(isAppUrl('app://comanda.evil.example/')).toBe(false);
    expect(isAppUrl('app://evil@comanda.evil/')).toBe(false);
    expect(isAppUrl('https://comanda/')).toBe(false);
    expect(isAppUrl('file:///work/out/renderer/index.html')).toBe(false);
  });

  it('allows downloads only of blobs the app page made (the pending-orders export)', () => {
    expect(isAppBlobUrl('blob:app://comanda/0b6f0a3e-9a43-4a63-8f55-1a1c2e3d4f5a')).toBe(true);
    expect(isAppBlobUrl('blob:https://evil.example/0b6f0a3e')).toBe(false);
    expect(isAppBlobUrl('app://comanda/export.json')).toBe(false);
    expect(isAppBlobUrl('https://evil.example/export.json')).toBe(false);
  });
});
