// The error a piece of work is expected to fail with, for tests that then read its code and
// details. Not used by the app.

/** A class of errors, as `instanceof` takes it. */
export type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;

/**
 * Awaits `work` and returns what it was rejected with, when that is a `kind`. Any other rejection
 * is re-thrown as it is; a fulfilled promise fails with what it gave instead.
 */
export async function failureOf<E extends Error>(work: Promise<unknown>, kind: ErrorClass<E>): Promise<E> {
  const outcome = await work.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a ${kind.name}, got ${JSON.stringify(outcome.value)?.slice(0, 200)}`);
  if (!(outcome.error instanceof kind)) throw outcome.error;
  return outcome.error;
}
