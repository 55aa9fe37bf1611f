import { isErrorCode, isNetworkCause, type ErrorCode, type ErrorParams, type NetworkCause } from '../../../shared/bridge';
import type { resources } from './resources';

// The main side (and the renderer's data layer) report what went wrong as a code
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
  if (code === 'invalid-input') {
    // The field paths ("account.baseUrl") are the engineer's: the waiter reads the fields' names.
    const names = fieldNames(translate, typeof params.fields === 'string' ? params.fields : '');
    if (names === null) return translate('errors:invalidInputUnnamed');
    values.fields = names;
  }
  const text = translate(`errors:${code}`, values);
  return typeof said === 'string' && said !== '' ? translate('errors:withSaid', { text, said }) : text;
}

/**
 * "account.baseUrl, secrets.accessToken" → "the server address, the access token": each path by
 * its last name (array indexes dropped); a name without words is "another value"; null when none
 * has words.
 */
export function fieldNames(translate: (key: string, options?: Record<string, unknown>) => string, fields: string): string | null {
  const paths = fields
    .split(',')
    .map((path) => path.trim())
    .filter((path) => path !== '');
  const named = new Set<string>();
  let unnamed = false;
  for (const path of paths) {
    const last =
      path
        .split('.')
        .filter((part) => !/^\d+$/.test(part))
        .pop() ?? '';
    // Cents travel as `amountCents`, `tipCents`: the waiter reads the amount, the tip.
    const name = last.replace(/Cents$/, '');
    const words = name === '' ? '' : translate(`errors:field-${name}`, { defaultValue: '' });
    if (words === '') unnamed = true;
    else named.add(words);
  }
  if (named.size === 0) return null;
  return [...named, ...(unnamed ? [translate('errors:fieldOther')] : [])].join(', ');
}

/** A catalog sync failure: what went wrong, and that the saved catalog is still in use. */
export function syncFailureText(t: ErrorsT, failure: unknown): string {
  const translate = t as unknown as (key: string) => string;
  return `${errorText(t, failure)} ${translate('errors:catalogKept')}`;
}
