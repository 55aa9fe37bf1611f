// Limits of the retail service (retail-api.md §4.1, §8; clarifications "Retail — Errors and
// limits"). Each is settable so tests can reach a limit quickly or lift it.
import { SPEC_LIMITS } from '../limits';

export interface RetailLimits {
  /** Requests a minute per account to `/api/external/catalog/*` (§8: 40). */
  catalogRequestsPerMinute: number;
  /** Requests a minute per account to every other path (clarifications: 120). */
  requestsPerMinute: number;
  /** Largest request body in bytes (2 MB). */
  maxBodyBytes: number;
  /** `pagination` default and maximum (§4.1: 50 and 200). */
  defaultPageSize: number;
  maxPageSize: number;
  /** Objects per create or update request (§4.1, §8: 100). */
  maxObjects: number;
}

export const RETAIL_SPEC_LIMITS: Readonly<RetailLimits> = Object.freeze({
  catalogRequestsPerMinute: 40,
  requestsPerMinute: 120,
  maxBodyBytes: SPEC_LIMITS.maxBodyBytes,
  defaultPageSize: 50,
  maxPageSize: 200,
  maxObjects: 100,
});

/** The spec's limits with `overrides`: each a positive integer, the default page ≤ the maximum. */
export function resolveRetailLimits(overrides: Partial<RetailLimits> = {}): RetailLimits {
  const limits: RetailLimits = { ...RETAIL_SPEC_LIMITS };
  for (const key of Object.keys(RETAIL_SPEC_LIMITS) as (keyof RetailLimits)[]) {
    const value = overrides[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(`sandbox: retail limit "${key}" must be a positive integer, got ${String(value)}`);
    }
    limits[key] = value;
  }
  if (limits.defaultPageSize > limits.maxPageSize) {
    throw new RangeError(`sandbox: the retail default page size (${limits.defaultPageSize}) is above the maximum (${limits.maxPageSize})`);
  }
  return limits;
}
