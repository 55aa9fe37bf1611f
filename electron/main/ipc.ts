import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { bridgeChannel, operationNames, type BridgeResult } from '../../shared/bridge';
import type { Dispatcher } from '../services/bridge/dispatcher';
import { originOf } from './app-origin';

export interface BridgeIpcDeps {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  dispatcher: Dispatcher;
  /** Decides per call whether the sender may use the bridge at all. */
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean;
}

const forbidden: BridgeResult<never> = {
  ok: false,
  error: {
    kind: 'forbidden',
    code: 'forbidden-frame',
    detail: 'IPC call from a frame other than the main window’s app://comanda top frame',
  },
};

/**
 * One `ipcMain.handle` per operation of the bridge table, never a generic channel: the renderer
 * can reach exactly the operations listed in shared/bridge and nothing else. Input validation,
 * error mapping and output validation all happen in the shared dispatcher.
 * Returns a function that removes every handler again.
 */
export function registerBridgeIpc(deps: BridgeIpcDeps): () => void {
  const channels = operationNames.map((name) => {
    const channel = bridgeChannel(name);
    // `context` names the account the renderer's data belongs to; the dispatcher validates it.
    deps.ipcMain.handle(channel, (event, input: unknown, context: unknown) => {
      if (!isTrusted(deps.isTrustedSender, event)) return forbidden;
      return deps.dispatcher.dispatch(name, input, context);
    });
    return channel;
  });
  return () => {
    for (const channel of channels) deps.ipcMain.removeHandler(channel);
  };
}

/** A check that throws (e.g. on a destroyed frame) counts as "not trusted". */
function isTrusted(check: (event: IpcMainInvokeEvent) => boolean, event: IpcMainInvokeEvent): boolean {
  try {
    return check(event) === true;
  } catch {
    return false;
  }
}

/**
 * Trusted only when the call comes from the top frame of the main window and that frame shows
 * app://comanda. A subframe, another window, a navigated-away page or a frame that is already gone
 * (senderFrame null) is refused.
 */
export function isTrustedSenderFrame(event: IpcMainInvokeEvent, expected: { webContentsId: number; origin: string }): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  if (frame.parent !== null) return false;
  if (event.sender.id !== expected.webContentsId) return false;
  return originOf(frame.url) === expected.origin;
}
