import { isErrorCode, isNetworkCause, type ErrorCode, type ErrorParams, type NetworkCause } from '../../../shared/bridge';
import type { resources } from './resources';

// Issue 12 item 6: the main side (and the renderer's data layer) report what went wrong as a code
// with parameters (shared/bridge/errorCodes.ts); this words it in the terminal's language, from
// the `errors` namespace. The one place a BridgeError, a stored outbox error, a storage problem,
// a connection check or a sync failure becomes a sentence.

// Every code and network cause has an English message (plural forms count): a code added to
// shared/bridge/errorCodes.ts without one fails to compile here (errorText.test.ts checks all languages).
type ErrorKey = keyof (typeof resources)['en']['errors'];
type BaseKey<K> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;
type Unworded = Exclude<ErrorCode | `cause-${NetworkCause}`, BaseKey<ErrorKey>>;
const everyCodeWorded: [Unworded] extends [never] ? true : Unworded = true;
void everyCodeWorded;

/** Any t function (useTranslation's of any namespace): the `errors:` keys are read with their namespace. */
export type ErrorsT = { $TFunctionBrand: string };

/** Something that says what went wrong as a code: BridgeError, OutboxError, QueueStorageProblem, ConnectionCheck, SyncFailure… */
export interface CodedError {
  code: string;
  params?: ErrorParams | undefined;
}

function isCoded(value: unknown): value is CodedError {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

/**
 * The sentence for an error: its code's message with its parameters, then the server's own words
 * (`said`) as the server wrote them. A thrown value without a known code (a bug, a browser error)
 * reads as a generic "something went wrong": its text is for the log, not for the waiter.
 */
export function errorText(t: ErrorsT, error: unknown): string {
  const translate = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  if (!isCoded(error) || !isErrorCode(error.code)) return translate('errors:unexpected');
  const code: ErrorCode = error.code;
  const { said, ...params } = error.params ?? {};
  const values: Record<string, unknown> = { ...params };
  if (code === 'host-unreachable' && isNetworkCause(params.cause)) values.cause = translate(`errors:cause-${params.cause}`);
  const text = translate(`errors:${code}`, values);
  return typeof said === 'string' && said !== '' ? translate('errors:withSaid', { text, said }) : text;
}

/** A catalog sync failure: what went wrong, and that the saved catalog is still in use. */
export function syncFailureText(t: ErrorsT, failure: unknown): string {
  const translate = t as unknown as (key: string) => string;
  return `${errorText(t, failure)} ${translate('errors:catalogKept')}`;
}
