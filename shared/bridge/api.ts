import type { BridgeCallContext } from './context';
import type { BridgeInput, BridgeOutput, OperationName } from './operations';
import type { BridgeResult } from './result';
import type { BridgeEvent } from './schemas';

/**
 * The object each shell hands the renderer: one method per operation returning the result
 * envelope, plus an event subscription. The Electron preload and the browser shell's HTTP client
 * both `satisfies BridgeApi`, so they cannot drift apart.
 */
export type BridgeApi = {
  readonly [K in OperationName]: (input: BridgeInput<K>, context?: BridgeCallContext) => Promise<BridgeResult<BridgeOutput<K>>>;
} & {
  readonly onEvent: (listener: (event: BridgeEvent) => void) => () => void;
};

/**
 * The renderer-facing client: same operations, unwrapped (throws BridgeError on failure). The
 * optional context names the account the call is for (context.ts); an account scope adds it.
 */
export type BridgeClient = {
  readonly [K in OperationName]: (input: BridgeInput<K>, context?: BridgeCallContext) => Promise<BridgeOutput<K>>;
} & {
  readonly onEvent: (listener: (event: BridgeEvent) => void) => () => void;
};
