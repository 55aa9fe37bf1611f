import { describe, expect, it, vi } from 'vitest';

// A packaged terminal (app.isPackaged): no DevTools, no application menu, the DevTools keys
// swallowed (docs/security.md, the Electron shell). Electron is mocked: its binary is not here.

type Listener = (...args: unknown[]) => unknown;

const h = vi.hoisted(() => {
  class FakeWebContents {
    listeners = new Map<string, Listener>();
    closeDevTools = vi.fn();
    on(event: string, listener: Listener) {
      this.listeners.set(event, listener);
      return this;
    }
    setWindowOpenHandler() {}
  }
  class FakeWindow {
    webContents = new FakeWebContents();
    loadURL = vi.fn(async () => {});
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {}
    once() {
      return this;
    }
  }
  return { FakeWindow, setApplicationMenu: vi.fn() };
});

vi.mock('electron', () => ({
  app: { isPackaged: true, commandLine: { hasSwitch: () => false } },
  BrowserWindow: h.FakeWindow,
  Menu: { setApplicationMenu: h.setApplicationMenu },
  session: { fromPartition: vi.fn() },
}));

const { createMainWindow, isDevToolsShortcut, lockDownApplication } = await import('./window');

const key = (key: string, modifiers: Partial<{ control: boolean; shift: boolean; alt: boolean; meta: boolean }> = {}) => ({
  type: 'keyDown' as const,
  key,
  control: false,
  shift: false,
  alt: false,
  meta: false,
  ...modifiers,
});

describe('a packaged Electron shell', () => {
  it('has no DevTools and swallows their keys; a development build keeps them', () => {
    const win = createMainWindow({ session: {} as never, preloadPath: '/p.cjs' }) as unknown as InstanceType<typeof h.FakeWindow>;
    expect(win.options.webPreferences.devTools).toBe(false);
    const onKey = win.webContents.listeners.get('before-input-event')!;
    for (const shortcut of [
      key('F12'),
      key('I', { control: true, shift: true }),
      key('j', { control: true, shift: true }),
      key('c', { meta: true, alt: true }),
    ]) {
      const event = { preventDefault: vi.fn() };
      onKey(event, shortcut);
      expect(event.preventDefault, JSON.stringify(shortcut)).toHaveBeenCalled();
    }
    const typing = { preventDefault: vi.fn() };
    onKey(typing, key('c', { control: true }));
    onKey(typing, key('5'));
    expect(typing.preventDefault).not.toHaveBeenCalled();
    win.webContents.listeners.get('devtools-opened')!();
    expect(win.webContents.closeDevTools).toHaveBeenCalled();

    const dev = createMainWindow({ session: {} as never, preloadPath: '/p.cjs', packaged: false }) as unknown as InstanceType<typeof h.FakeWindow>;
    expect(dev.options.webPreferences.devTools).toBe(true);
    expect(dev.webContents.listeners.has('before-input-event')).toBe(false);
  });

  it('removes the application menu (its reload and DevTools accelerators) only when packaged', () => {
    lockDownApplication(false);
    expect(h.setApplicationMenu).not.toHaveBeenCalled();
    lockDownApplication();
    expect(h.setApplicationMenu).toHaveBeenCalledWith(null);
  });

  it('tells a DevTools key from typing', () => {
    expect(isDevToolsShortcut({ ...key('F12'), type: 'keyUp' })).toBe(false);
    expect(isDevToolsShortcut(key('i', { shift: true }))).toBe(false);
    expect(isDevToolsShortcut(key('i', { meta: true, alt: true }))).toBe(true);
  });
});
