// Request families of the retail listener (control API: GET /__sandbox/stats): `catalog` (the
// 40-a-minute paths), `api` (the other /api/external calls) and `other`.
import { RequestStats } from '../../control/stats';
import { isCatalogPath } from '../rateLimit';

export const RETAIL_REQUEST_FAMILIES = ['catalog', 'api', 'other'] as const;
export type RetailRequestFamily = (typeof RETAIL_REQUEST_FAMILIES)[number];

export function retailRequestFamily(path: string): RetailRequestFamily | null {
  if (path.startsWith('/__sandbox')) return null;
  if (isCatalogPath(path)) return 'catalog';
  if (path.startsWith('/api/external/')) return 'api';
  return 'other';
}

export type RetailRequestStats = RequestStats<RetailRequestFamily>;

export function retailRequestStats(): RetailRequestStats {
  return new RequestStats(RETAIL_REQUEST_FAMILIES, retailRequestFamily);
}
