import {
  bridgeOperations,
  describeZodError,
  isOperationName,
  type BridgeErrorInfo,
  type BridgeInput,
  type BridgeOutput,
  type BridgeResult,
  type OperationName,
} from '../../shared/bridge';

/** One handler per operation; input already validated, output validated before it leaves. */
export type BridgeHandlers = {
  [K in OperationName]: (input: BridgeInput<K>) => Promise<BridgeOutput<K>>;
};

export interface Dispatcher {
  /** Never throws: every failure comes back as `{ ok: false, error }`. */
  dispatch(name: string, rawInput: unknown): Promise<BridgeResult<unknown>>;
}

/** An error a service throws when it knows how to explain itself to the UI. */
export class ServiceError extends Error {
  constructor(readonly info: BridgeErrorInfo) {
    super(info.message);
    this.name = 'ServiceError';
  }
}

/** The one dispatcher both shells call (ARCHITECTURE §2). */
export function createDispatcher(handlers: BridgeHandlers, log: (line: string) => void = () => {}): Dispatcher {
  return {
    async dispatch(name, rawInput) {
      if (!isOperationName(name)) {
        return failure({ kind: 'unknown-operation', message: `Unknown bridge operation "${name}".` });
      }
      const operation = bridgeOperations[name];
      const input = operation.input.safeParse(rawInput ?? {});
      if (!input.success) {
        return failure({ kind: 'invalid-input', message: describeZodError(name, input.error) });
      }
      let value: unknown;
      try {
        const handler = handlers[name] as (input: unknown) => Promise<unknown>;
        value = await handler(input.data);
      } catch (error) {
        if (error instanceof ServiceError) return failure(error.info);
        log(`bridge ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return failure({
          kind: 'internal',
          message: `Something went wrong in ${name}.`,
          detail: error instanceof Error ? error.message : String(error),
        });
      }
      const output = operation.output.safeParse(value);
      if (!output.success) {
        return failure({ kind: 'internal', message: `${name} produced an invalid result.`, detail: describeZodError(name, output.error) });
      }
      return { ok: true, value: output.data };
    },
  };
}

function failure(error: BridgeErrorInfo): BridgeResult<never> {
  return { ok: false, error };
}
