import {
  bridgeCallContextSchema,
  bridgeOperations,
  coded,
  describeZodError,
  isOperationName,
  zodErrorFields,
  zodIssues,
  type BridgeCallContext,
  type BridgeErrorInfo,
  type BridgeInput,
  type BridgeOutput,
  type BridgeResult,
  type OperationName,
} from '../../../shared/bridge';
import { redactedText } from '../gateway/errors';
import { redactSecrets } from '../secrets/redact';

/**
 * One handler per operation; input already validated, output validated before it leaves. The
 * context (which account the caller names) is for the core's routing; account handlers ignore it.
 */
export type BridgeHandlers = {
  [K in OperationName]: (input: BridgeInput<K>, context: BridgeCallContext) => Promise<BridgeOutput<K>>;
};

export interface Dispatcher {
  /** Never throws: every failure comes back as `{ ok: false, error }`. */
  dispatch(name: string, rawInput: unknown, rawContext?: unknown): Promise<BridgeResult<unknown>>;
}

/** An error a service throws when it knows how to explain itself to the UI (a code the renderer words). */
export class ServiceError extends Error {
  constructor(readonly info: BridgeErrorInfo) {
    super(info.detail ? `${info.code}: ${info.detail}` : info.code);
    this.name = 'ServiceError';
  }
}

/**
 * Decides whether a validated call may run at all (the core's: the PIN, electron/services/lock/
 * access.ts); throws a ServiceError to refuse it before any handler runs.
 */
export type Authorize = (name: OperationName, context: BridgeCallContext) => void;

/** The one dispatcher both shells call (ARCHITECTURE §2). */
export function createDispatcher(handlers: BridgeHandlers, log: (line: string) => void = () => {}, authorize: Authorize = () => {}): Dispatcher {
  return {
    async dispatch(name, rawInput, rawContext) {
      if (!isOperationName(name)) {
        return failure({ kind: 'unknown-operation', ...coded('unknown-operation', { operation: name.slice(0, 100) }) });
      }
      const operation = bridgeOperations[name];
      const input = operation.input.safeParse(rawInput ?? {});
      if (!input.success) {
        return failure({
          kind: 'invalid-input',
          ...coded('invalid-input', { operation: name, fields: zodErrorFields(input.error) }),
          issues: zodIssues(name, input.error),
          detail: describeZodError(name, input.error),
        });
      }
      const context = bridgeCallContextSchema.safeParse(rawContext ?? {});
      if (!context.success) {
        return failure({
          kind: 'invalid-input',
          ...coded('invalid-input', { operation: name, fields: zodErrorFields(context.error) }),
          issues: zodIssues(name, context.error),
          detail: describeZodError(`${name} (context)`, context.error),
        });
      }
      let value: unknown;
      try {
        authorize(name, context.data);
        const handler = handlers[name] as (input: unknown, context: BridgeCallContext) => Promise<unknown>;
        value = await handler(input.data, context.data);
      } catch (error) {
        if (error instanceof ServiceError) return failure(error.info);
        // The log keeps the stack for engineers; the answer (shown, sometimes stored) the message only.
        log(redactSecrets(`bridge ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
        return failure({
          kind: 'internal',
          ...coded('internal', { operation: name }),
          detail: error instanceof Error ? error.message : String(error),
        });
      }
      const output = operation.output.safeParse(value);
      if (!output.success) {
        return failure({ kind: 'internal', ...coded('invalid-result', { operation: name }), detail: describeZodError(name, output.error) });
      }
      return { ok: true, value: output.data };
    },
  };
}

/** Every bridge error leaves through here: no token in what the renderer shows or stores. */
function failure(error: BridgeErrorInfo): BridgeResult<never> {
  const detail = redactSecrets(error.detail);
  const { code, params } = redactedText(error);
  const issues = error.issues?.map((issue) => ({ path: issue.path, ...redactedText(issue) }));
  return {
    ok: false,
    error: { kind: error.kind, code, ...(params ? { params } : {}), ...(issues ? { issues } : {}), ...(detail !== undefined ? { detail } : {}) },
  };
}
