// The demo shop's seed and the reports computed from it, pinned by a hash: a change that only
// reshapes the code (splitting the builders or the report switch into smaller functions) must
// produce byte-identical records and report lines. A deliberate change to the data updates the
// hashes here, in the same commit that says why.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeReport } from '../reports/compute';
import { parseReportFilters } from '../reports/filters';
import { REPORT_NAMES } from '../reports/names';
import { demoShopSeed } from './demoShop';

const NOW = new Date('2026-11-25T15:30:00Z');
const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

describe('demo shop golden data', () => {
  it('builds the same seed, record for record, at the default size and at 50 articles', () => {
    expect(sha256(demoShopSeed({ now: NOW }))).toBe('c822eb1da37f24ae33ac81a84d20d9b03b768f1be6517cce1f6d8c059b38e3d4');
    expect(sha256(demoShopSeed({ now: NOW, articles: 50, days: 10 }))).toBe('eadfb52f1e4c435fb4e4885fcc1f58bce1d66f68327816cbeb32278ece5f3a96');
  });

  it('computes the same lines for every report, with and without filters', () => {
    const seed = demoShopSeed({ now: NOW });
    const queries: Array<Record<string, string>> = [
      { start_date: '2026-09-01', end_date: '2026-11-25' },
      { start_date: '2026-11-01', end_date: '2026-11-25', start_time: '18:00', end_time: '11:00', dateField: 'closed_at', dayofweek: '6', warehouse: '2' },
      { start_date: '2026-10-01', end_date: '2026-10-31', warehouse: '1', discount: '1' },
    ];
    const lines = queries.map((q) => REPORT_NAMES.map((name) => computeReport(name, seed, parseReportFilters(q, NOW))));
    expect(lines.flat(2).length).toBeGreaterThan(1000);
    expect(sha256(lines)).toBe('dbc560c2a28686700ce03246b195f92a2d3009f6040bf7650c5870b4c20851d5');
  });
});
