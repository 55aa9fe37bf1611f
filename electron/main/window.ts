import { app, BrowserWindow, Menu, session as electronSession, type Event, type Input, type Session } from 'electron';
import { APP_ENTRY_URL, isAppBlobUrl, isAppUrl } from './app-origin';

/**
 * The security baseline of the Electron shell, in one place (STYLE: "windows are locked down in
 * one place"). The renderer is untrusted UI: it gets no Node, no navigation away from
 * app://comanda, no popups, no webviews, no permissions, and only the bridge through the preload.
 */

export const APP_PARTITION = 'persist:comanda';

/**
 * A dedicated persistent session, so the app's storage, permissions and protocol handler are not
 * shared with anything else, and every permission request is refused: a POS terminal needs no
 * camera, microphone, geolocation, notifications or devices.
 */
export function createAppSession(): Session {
  const session = electronSession.fromPartition(APP_PARTITION);
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  // The only download is the pending-orders export, a blob the page made itself (Electron then
  // asks where to save it); anything else could only come from a compromised renderer.
  session.on('will-download', (event, item) => {
    if (!isAppBlobUrl(item.getURL())) event.preventDefault();
  });
  return session;
}

export interface MainWindowOptions {
  session: Session;
  /** Absolute path of the bundled CommonJS preload (sandboxed preloads cannot be ESM). */
  preloadPath: string;
  /** Full-screen, no window chrome: the terminal's normal mode on the counter. */
  kiosk?: boolean;
  /** A packaged build (default `app.isPackaged`): no DevTools at all. */
  packaged?: boolean;
}

/**
 * A packaged terminal has no application menu: its accelerators (reload, toggle DevTools, zoom)
 * are gone with it (docs/security.md, the Electron shell). Development builds keep Electron's.
 */
export function lockDownApplication(packaged: boolean = app.isPackaged): void {
  if (packaged) Menu.setApplicationMenu(null);
}

/** F12, Ctrl+Shift+I/J/C, and ⌥⌘I/J/C on macOS: the keys that open DevTools. */
export function isDevToolsShortcut(input: Pick<Input, 'type' | 'key' | 'control' | 'shift' | 'alt' | 'meta'>): boolean {
  if (input.type !== 'keyDown') return false;
  const key = input.key.toLowerCase();
  if (key === 'f12') return true;
  const letter = key === 'i' || key === 'j' || key === 'c';
  return letter && ((input.control && input.shift) || (input.meta && input.alt));
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const kiosk = options.kiosk ?? app.commandLine.hasSwitch('kiosk');
  const packaged = options.packaged ?? app.isPackaged;
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    // Shown once the first paint is ready, so the terminal never flashes a white window.
    show: false,
    backgroundColor: '#1b1d21',
    autoHideMenuBar: true,
    kiosk,
    webPreferences: {
      session: options.session,
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      // The PIN guards the main side; DevTools in a packaged terminal would hand anyone the bridge.
      devTools: !packaged,
    },
  });

  win.once('ready-to-show', () => win.show());

  const contents = win.webContents;
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const stayInApp = (event: Event, url: string) => {
    if (!isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', (event) => stayInApp(event, event.url));
  contents.on('will-frame-navigate', (event) => stayInApp(event, event.url));
  contents.on('will-redirect', (event) => stayInApp(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  if (packaged) {
    // devTools: false already refuses to open them; the keys are swallowed too, and anything that
    // opens them anyway (a future Electron, a flag) closes them at once.
    contents.on('before-input-event', (event, input) => {
      if (isDevToolsShortcut(input)) event.preventDefault();
    });
    contents.on('devtools-opened', () => contents.closeDevTools());
  }

  void win.loadURL(APP_ENTRY_URL);
  return win;
}
