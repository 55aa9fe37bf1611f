import { join } from 'node:path';
import { app, dialog, ipcMain, safeStorage, type BrowserWindow } from 'electron';
import { bridgeEventChannel } from '../../shared/bridge';
import { demoSandboxes } from '../sandbox/demo';
import { startAppCore, type AppCore } from '../services/core';
import { createSafeStorageShopVault, createSafeStorageVault, createSafeStorageWebhookVault } from '../services/secrets/vault.safe-storage';
import { APP_ORIGIN } from './app-origin';
import { isTrustedSenderFrame, registerBridgeIpc } from './ipc';
import { registerAppProtocol, registerAppSchemePrivileges } from './protocol';
import { createAppSession, createMainWindow, lockDownApplication } from './window';

// Both must happen before `ready`: scheme privileges are fixed at start-up, and enableSandbox()
// sandboxes every renderer, including any created later by mistake without `sandbox: true`.
registerAppSchemePrivileges();
app.enableSandbox();

// electron-vite provides __dirname in the main bundle (out/main); preload and renderer sit beside it.
const preloadPath = join(__dirname, '../preload/index.cjs');
const rendererRoot = join(__dirname, '../renderer');

let core: AppCore | null = null;
let mainWindow: BrowserWindow | null = null;
let unregisterIpc: (() => void) | null = null;

// One terminal, one instance: a second launch (e.g. a double-tapped icon) focuses the first.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow || mainWindow.isDestroyed()) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  app.on('window-all-closed', () => app.quit());

  // Closing the core stops the embedded sandbox; quitting waits for it once, then goes on.
  let coreClosed = false;
  app.on('will-quit', (event) => {
    unregisterIpc?.();
    unregisterIpc = null;
    if (!core || coreClosed) return;
    event.preventDefault();
    const closing = core;
    core = null;
    void closing
      .close()
      .catch((error: unknown) => console.error('closing the app core failed', error))
      .finally(() => {
        coreClosed = true;
        app.quit();
      });
  });

  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      console.error('Comanda failed to start', error);
      dialog.showErrorBox('Comanda could not start', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
}

async function start(): Promise<void> {
  const userData = app.getPath('userData');
  const vault = createSafeStorageVault(safeStorage, join(userData, 'credentials.bin'));
  core = await startAppCore({
    shell: 'electron',
    dataDir: userData,
    vault,
    // The shop's token: its own encrypted file, credentials.shop.bin.
    shopVault: createSafeStorageShopVault(safeStorage, join(userData, 'credentials.bin')),
    // The shop's webhook secret: credentials.webhook.bin.
    webhookVault: createSafeStorageWebhookVault(safeStorage, join(userData, 'credentials.bin')),
    account: { mode: 'demo' },
    // The demo venue's and the demo shop's sandboxes, each started when an account uses it.
    demo: demoSandboxes(),
    log: (line) => console.log(line),
  });

  lockDownApplication();
  const session = createAppSession();
  // Photos come from the current account's image cache, whichever account that is when asked.
  registerAppProtocol(session, rendererRoot, () => core?.images ?? null);
  const win = createMainWindow({ session, preloadPath });
  mainWindow = win;

  // Read the id once: reading it later from a destroyed window would throw.
  const webContentsId = win.webContents.id;
  unregisterIpc = registerBridgeIpc({
    ipcMain,
    dispatcher: core.dispatcher,
    isTrustedSender: (event) => isTrustedSenderFrame(event, { webContentsId, origin: APP_ORIGIN }),
  });

  const stopEvents = core.onEvent((event) => {
    if (!win.isDestroyed() && !win.webContents.isDestroyed()) win.webContents.send(bridgeEventChannel, event);
  });
  win.on('closed', () => {
    stopEvents();
    if (mainWindow === win) mainWindow = null;
  });
}
