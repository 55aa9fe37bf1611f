// Limits of the vendor's API (spec: hospitality §8; clarifications: Limits). Each is settable, so
// tests can reach a limit quickly or lift it.

export interface SandboxLimits {
  /** Requests per minute per tenant (spec §8: 120); past it → 429 with Retry-After. */
  requestsPerMinute: number;
  /** Largest request body in bytes (spec §8: 2 MB); past it → 413. */
  maxBodyBytes: number;
  /** `pagination` default and maximum (spec §4.1: 50 and 200). */
  defaultPageSize: number;
  maxPageSize: number;
  /** Rooms per page (spec §4.1: 20). */
  roomsPerPage: number;
  /**
   * Most records one batch write may carry (catalog, customers, vendor items, stocks); past it →
   * 422 naming the limit. Not published for hospitality (the retail service refuses more than 100):
   * the sandbox's bound keeps one request's work linear and small.
   */
  maxBatchEntries: number;
}

export const SPEC_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  requestsPerMinute: 120,
  maxBodyBytes: 2 * 1024 * 1024,
  defaultPageSize: 50,
  maxPageSize: 200,
  roomsPerPage: 20,
  maxBatchEntries: 1_000,
});

/** Why a batch of `count` records is refused (over `maxBatchEntries`), or null. `what` names them. */
export function batchSizeProblem(count: number, limits: Pick<SandboxLimits, 'maxBatchEntries'>, what: string): string | null {
  if (count <= limits.maxBatchEntries) return null;
  return `Too many ${what} in one request: ${count}; the limit is ${limits.maxBatchEntries} per request. Nothing was written: send them in smaller batches.`;
}

/** The spec's limits with `overrides` applied (checked as limitsWith does). */
export function resolveLimits(overrides: Partial<SandboxLimits> = {}): SandboxLimits {
  return limitsWith(SPEC_LIMITS, overrides);
}

/**
 * A listener's `spec` limits with `overrides` applied, checked: every limit is a positive integer
 * and the default page size is not above the maximum. Throws a RangeError naming the bad limit,
 * `service` saying whose (the retail listener's: 'retail ').
 */
export function limitsWith<L extends Record<keyof L, number> & { defaultPageSize: number; maxPageSize: number }>(
  spec: Readonly<L>,
  overrides: Partial<L>,
  service = '',
): L {
  const limits: L = { ...spec };
  for (const key of Object.keys(spec) as (keyof L & string)[]) {
    const value = overrides[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || (value as number) < 1) {
      throw new RangeError(`sandbox: ${service}limit "${key}" must be a positive integer, got ${String(value)}`);
    }
    limits[key] = value;
  }
  if (limits.defaultPageSize > limits.maxPageSize) {
    throw new RangeError(`sandbox: the ${service}default page size (${limits.defaultPageSize}) is above the maximum page size (${limits.maxPageSize})`);
  }
  return limits;
}
