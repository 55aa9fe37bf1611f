import { operationNames, type BridgeApi, type BridgeClient } from '../../../shared/bridge';

function notUsed(name: string) {
  return async (): Promise<never> => {
    throw new Error(`${name} is not used by this test`);
  };
}

/** A BridgeApi for tests: every operation not overridden throws "not used by this test". */
export function testBridgeApi(overrides: Partial<BridgeApi> = {}): BridgeApi {
  const base = Object.fromEntries(operationNames.map((name) => [name, notUsed(name)]));
  return { ...base, onEvent: () => () => {}, ...overrides } as BridgeApi;
}

/** A BridgeClient for tests, likewise. */
export function testBridgeClient(overrides: Partial<BridgeClient> = {}): BridgeClient {
  const base = Object.fromEntries(operationNames.map((name) => [name, notUsed(name)]));
  return { ...base, onEvent: () => () => {}, ...overrides } as BridgeClient;
}
