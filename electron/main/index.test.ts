import { describe, expect, it, vi } from 'vitest';
import { bridgeChannel, operationNames, type BridgeResult } from '../../shared/bridge';

// The whole Electron shell wired against fakes: Electron's binary is not needed to check that
// start-up order, window hardening, protocol, IPC trust and event forwarding are in place.

type Listener = (...args: unknown[]) => unknown;

const h = vi.hoisted(() => {
  const order: string[] = [];
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  const appListeners = new Map<string, Listener>();
  const ipcHandlers = new Map<string, Listener>();
  const windows: FakeWindow[] = [];
  const switches = new Set<string>();

  class FakeWebContents {
    id = 42;
    listeners = new Map<string, Listener>();
    windowOpenHandler: Listener | null = null;
    send = vi.fn();
    on(event: string, listener: Listener) {
      this.listeners.set(event, listener);
      return this;
    }
    setWindowOpenHandler(handler: Listener) {
      this.windowOpenHandler = handler;
    }
    isDestroyed() {
      return false;
    }
  }
  class FakeWindow {
    webContents = new FakeWebContents();
    listeners = new Map<string, Listener>();
    destroyed = false;
    loadURL = vi.fn(async () => {});
    show = vi.fn();
    constructor(readonly options: Record<string, unknown>) {
      windows.push(this);
    }
    once(event: string, listener: Listener) {
      this.listeners.set(event, listener);
      return this;
    }
    on(event: string, listener: Listener) {
      this.listeners.set(event, listener);
      return this;
    }
    isDestroyed() {
      return this.destroyed;
    }
  }

  const session = {
    protocol: { handle: vi.fn() },
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
    on: vi.fn(),
  };
  const coreListeners = new Set<Listener>();
  const core = {
    dispatcher: { dispatch: vi.fn(async (name: string) => ({ ok: true, value: { name } })) },
    onEvent: vi.fn((listener: Listener) => {
      coreListeners.add(listener);
      return () => coreListeners.delete(listener);
    }),
    sandboxUrl: 'http://127.0.0.1:1',
    close: vi.fn(async () => {}),
  };
  return { order, ready, resolveReady: () => resolveReady(), appListeners, ipcHandlers, windows, switches, FakeWindow, session, core, coreListeners };
});

vi.mock('electron', () => ({
  app: {
    enableSandbox: vi.fn(() => h.order.push('enableSandbox')),
    requestSingleInstanceLock: vi.fn(() => true),
    whenReady: vi.fn(() => h.ready),
    on: vi.fn((event: string, listener: Listener) => h.appListeners.set(event, listener)),
    quit: vi.fn(),
    exit: vi.fn(),
    getPath: vi.fn(() => '/tmp/comanda-user-data'),
    commandLine: { hasSwitch: (name: string) => h.switches.has(name) },
    isPackaged: false,
  },
  Menu: { setApplicationMenu: vi.fn() },
  protocol: { registerSchemesAsPrivileged: vi.fn(() => h.order.push('registerSchemesAsPrivileged')) },
  BrowserWindow: h.FakeWindow,
  session: { fromPartition: vi.fn(() => h.session) },
  ipcMain: {
    handle: vi.fn((channel: string, listener: Listener) => h.ipcHandlers.set(channel, listener)),
    removeHandler: vi.fn((channel: string) => h.ipcHandlers.delete(channel)),
  },
  safeStorage: {
    isEncryptionAvailable: () => true,
    encryptString: (s: string) => Buffer.from(s),
    decryptString: (b: Buffer) => b.toString(),
    getSelectedStorageBackend: () => 'gnome_libsecret',
  },
  dialog: { showErrorBox: vi.fn() },
}));

vi.mock('../services/core', () => ({
  startAppCore: vi.fn(async () => {
    h.order.push('startAppCore');
    return h.core;
  }),
}));

const electron = await import('electron');
const { startAppCore } = await import('../services/core');
await import('./index');

async function started() {
  h.resolveReady();
  await vi.waitFor(() => expect(h.windows).toHaveLength(1));
  return h.windows[0]!;
}

describe('Electron main entry', () => {
  it('registers scheme privileges and the sandbox before the app is ready', () => {
    expect(h.order.slice(0, 2).sort()).toEqual(['enableSandbox', 'registerSchemesAsPrivileged']);
    expect(startAppCore).not.toHaveBeenCalled();
    expect(electron.app.requestSingleInstanceLock).toHaveBeenCalled();
  });

  it('starts the core in demo mode with the safeStorage vault in userData', async () => {
    await started();
    expect(startAppCore).toHaveBeenCalledWith(expect.objectContaining({ shell: 'electron', dataDir: '/tmp/comanda-user-data', account: { mode: 'demo' } }));
    const options = vi.mocked(startAppCore).mock.calls[0]![0];
    expect(options.vault.unavailableReason()).toBeNull();
  });

  it('creates a locked-down, initially hidden window on the dedicated session', async () => {
    const win = await started();
    expect(electron.session.fromPartition).toHaveBeenCalledWith('persist:comanda');
    expect(win.options).toMatchObject({ width: 1280, height: 800, show: false, kiosk: false });
    expect(win.options.backgroundColor).toEqual(expect.any(String));
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
      session: h.session,
      // A development build (not packaged) keeps DevTools and Electron's menu (window.test.ts: packaged).
      devTools: true,
    });
    expect(electron.Menu.setApplicationMenu).not.toHaveBeenCalled();
    expect(String(prefs.preload).replace(/\\/g, '/')).toMatch(/\/preload\/index\.cjs$/);
    expect(win.loadURL).toHaveBeenCalledWith('app://comanda/index.html');
    expect(win.show).not.toHaveBeenCalled();
    win.listeners.get('ready-to-show')!();
    expect(win.show).toHaveBeenCalled();
  });

  it('serves the renderer over app:// on that session', async () => {
    await started();
    expect(h.session.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
  });

  it('denies every permission, popups, webviews and navigation away from the app', async () => {
    const win = await started();
    const callback = vi.fn();
    h.session.setPermissionRequestHandler.mock.calls[0]![0]({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(h.session.setPermissionCheckHandler.mock.calls[0]![0]()).toBe(false);

    const contents = win.webContents;
    expect(contents.windowOpenHandler!({ url: 'https://evil.example' })).toEqual({ action: 'deny' });
    for (const name of ['will-navigate', 'will-redirect', 'will-frame-navigate']) {
      const away = { url: 'https://evil.example/', preventDefault: vi.fn() };
      contents.listeners.get(name)!(away);
      expect(away.preventDefault).toHaveBeenCalled();
      const inside = { url: 'app://comanda/index.html#/floor', preventDefault: vi.fn() };
      contents.listeners.get(name)!(inside);
      expect(inside.preventDefault).not.toHaveBeenCalled();
    }
    const webview = { preventDefault: vi.fn() };
    contents.listeners.get('will-attach-webview')!(webview);
    expect(webview.preventDefault).toHaveBeenCalled();

    // Downloads: only the page's own blobs (the pending-orders export).
    const onDownload = h.session.on.mock.calls.find((call) => call[0] === 'will-download')![1] as (
      event: { preventDefault: () => void },
      item: { getURL: () => string },
    ) => void;
    const foreign = { preventDefault: vi.fn() };
    onDownload(foreign, { getURL: () => 'https://evil.example/payload.exe' });
    expect(foreign.preventDefault).toHaveBeenCalled();
    const exported = { preventDefault: vi.fn() };
    onDownload(exported, { getURL: () => 'blob:app://comanda/6a1f2a50-3f7e-4c0e-9d55-2b7f6a0c1d2e' });
    expect(exported.preventDefault).not.toHaveBeenCalled();
  });

  it('answers IPC only from the main window’s app://comanda top frame', async () => {
    await started();
    expect([...h.ipcHandlers.keys()].sort()).toEqual(operationNames.map((name) => bridgeChannel(name)).sort());
    const handler = h.ipcHandlers.get('bridge:getConnectionState')!;
    const trusted = { sender: { id: 42 }, senderFrame: { url: 'app://comanda/index.html', parent: null } };
    expect(await handler(trusted, {})).toEqual({ ok: true, value: { name: 'getConnectionState' } });
    const foreign = { sender: { id: 43 }, senderFrame: { url: 'app://comanda/index.html', parent: null } };
    expect(((await handler(foreign, {})) as BridgeResult<unknown>).ok).toBe(false);
    expect(h.core.dispatcher.dispatch).toHaveBeenCalledTimes(1);
  });

  it('forwards core events to the window', async () => {
    const win = await started();
    const event = { type: 'connection', state: 'online', at: '2026-01-01T00:00:00.000Z' };
    for (const listener of h.coreListeners) listener(event);
    expect(win.webContents.send).toHaveBeenCalledWith('bridge:event', event);
  });

  it('quits when the window closes and closes the core before quitting', async () => {
    await started();
    h.appListeners.get('window-all-closed')!();
    expect(electron.app.quit).toHaveBeenCalled();
    const willQuit = { preventDefault: vi.fn() };
    h.appListeners.get('will-quit')!(willQuit);
    expect(willQuit.preventDefault).toHaveBeenCalled();
    expect(h.core.close).toHaveBeenCalled();
    expect(h.ipcHandlers.size).toBe(0);
    await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalledTimes(2));
    // The second will-quit goes through: the core is already closed.
    const again = { preventDefault: vi.fn() };
    h.appListeners.get('will-quit')!(again);
    expect(again.preventDefault).not.toHaveBeenCalled();
  });
});
