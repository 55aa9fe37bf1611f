// Control API of the retail listener under /__sandbox/ (issue 13 item 9): the hospitality half's
// routes and guards (baseControlRoutes in ../../control/routes.ts: loopback socket and Host, no
// foreign Origin, JSON POSTs only): reset, faults, stats and the ledger of committed orders and
// invoices (each entry with `service: 'retail'`). Its errors keep the control API's own body
// (`code` = status).
import type { Hono } from 'hono';
import type { FaultController } from '../../control/faults';
import { baseControlRoutes } from '../../control/routes';
import type { RetailEnv } from '../env';
import type { RetailRequestStats } from './stats';

export interface RetailControlOptions {
  faults: FaultController;
  stats: RetailRequestStats;
  /** Puts every account back to its seed, empties the ledger, clears the rate-limit counts. */
  reset: () => void;
}

export function retailControlRoutes(options: RetailControlOptions): Hono<RetailEnv> {
  // Every retail order and invoice committed, in order (tenant = username).
  return baseControlRoutes<RetailEnv>({ ...options, ledger: (c) => c.get('retail').ledger });
}
