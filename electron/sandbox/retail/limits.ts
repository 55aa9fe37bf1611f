// Limits of the retail service (retail-api.md §4.1, §8; clarifications "Retail — Errors and
// limits"). Each is settable so tests can reach a limit quickly or lift it.
import { limitsWith, SPEC_LIMITS } from '../limits';

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
  return limitsWith(RETAIL_SPEC_LIMITS, overrides, 'retail ');
}
