import {
  BridgeError,
  isGuardedOperation,
  operationNames,
  type BridgeApi,
  type BridgeCallContext,
  type BridgeClient,
  type BridgeResult,
  type OperationName,
} from '../../../shared/bridge';
import { createHttpBridge } from './httpBridge';
import { pinGrants, type PinGrants } from './grants';

/**
 * The Electron preload exposes `window.comanda`; the browser shell has none, so the renderer talks
 * HTTP to the server that served the page (its session cookie authenticates the calls).
 */
export function pickBridgeApi(win: Pick<Window, 'comanda'> = window): BridgeApi {
  if (win.comanda) return win.comanda;
  return createHttpBridge();
}

/** Same operations, results unwrapped: a value, or a thrown `BridgeError` the UI can explain. */
export function createBridgeClient(api: BridgeApi, grants: PinGrants = pinGrants): BridgeClient {
  const call = async (name: OperationName, input: unknown, context: BridgeCallContext | undefined): Promise<unknown> => {
    const send = api[name] as (input: unknown, context?: BridgeCallContext) => Promise<BridgeResult<unknown>>;
    if (!isGuardedOperation(name)) return unwrap(await send(input, context));
    // A guarded call carries this window's PIN grant; refused without a live one, the person is
    // asked for the PIN once and the call made again (docs/decisions.md, "The PIN guards the main side").
    const withGrant = () => {
      const grant = grants.take();
      return send(input, grant === undefined ? context : { ...context, grant });
    };
    const first = await withGrant();
    if (first.ok || first.error.code !== 'pin-required' || !(await grants.ask(name))) return unwrap(first);
    return unwrap(await withGrant());
  };
  // Derived from the operation table: every operation, none forgotten.
  const client = Object.fromEntries(operationNames.map((name) => [name, (input: unknown, context?: BridgeCallContext) => call(name, input, context)]));
  return { ...client, onEvent: (listener) => api.onEvent(listener) } as BridgeClient;
}

function unwrap<T>(result: BridgeResult<T>): T {
  if (result.ok) return result.value;
  throw new BridgeError(result.error);
}

export { type PinGrants } from './grants';
export type { BridgeApi, BridgeClient } from '../../../shared/bridge';
