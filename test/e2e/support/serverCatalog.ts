import { expect } from '@playwright/test';
import { DEMO_HEADERS } from './processes';

// The vendor's API read directly with the demo account: what e2e tests expect comes from the
// server, never from the terminal's own code.

export type WireRecord = Record<string, unknown>;

/** Every record of a paginated list of the vendor's API (v2). */
export async function listAll(serverUrl: string, path: string): Promise<WireRecord[]> {
  const records: WireRecord[] = [];
  for (let page = 1; page < 100; page++) {
    const response = await fetch(`${serverUrl}/api/external/v2/${path}?pagination=200&page=${page}`, { headers: DEMO_HEADERS });
    expect(response.status, path).toBe(200);
    const body = (await response.json()) as { data: WireRecord[]; total: number };
    records.push(...body.data);
    if (body.data.length === 0 || records.length >= body.total) break;
  }
  return records;
}

/** A record counts as active unless the server says 0 (spec 2.6: `active` defaults to 1). */
export const isActive = (record: WireRecord) => record.active === undefined || record.active === null || Number(record.active) === 1 || record.active === true;
