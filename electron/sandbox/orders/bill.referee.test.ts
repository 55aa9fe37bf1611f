import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../shared/bridge/queue';
import { buildTable, payOff, strategyArb, tableArb } from '../../../shared/domain/bill.payoff.testing';
import { createSandboxApp } from '../app';
import { demoHeaders } from '../testing';
import { toCents } from './money';
import { paidCents } from './store';

// The sandbox referees the terminal's bill (docs/decisions.md "Bill discount
// and settled checks"): random tables paid off in random ways by shared/domain/bill.ts's rules —
// every seating, round and payment it builds is sent to the sandbox, which must accept each one,
// and at the end the sandbox's orders of the table hold what the bill says, to the cent.

type App = ReturnType<typeof createSandboxApp>;

async function send(app: App, entry: OutboxEntry): Promise<void> {
  const request = entry.request;
  if (request.kind === 'seating') {
    const message = { auth: { tenant: 'demo', token: 'demo-token' }, action: 'newOrder', data: request.data };
    const res = await app.request(`/apiFlow?message=${encodeURIComponent(JSON.stringify(message))}`, { method: 'POST' });
    const body = (await res.json()) as { result: boolean; errorMessage: string | null };
    expect(body.result, body.errorMessage ?? '').toBe(true);
    return;
  }
  if (request.kind !== 'order') throw new Error(`unexpected ${request.kind}`);
  const res = await app.request('/api/loyalty/orders', {
    method: 'POST',
    headers: { ...demoHeaders(), 'Content-Type': 'application/json' },
    body: JSON.stringify(request.order),
  });
  expect(res.status, `${entry.kind}: ${await res.clone().text()}`).toBe(200);
}

describe('the sandbox referees the bill', () => {
  it('every payment the bill allows is accepted, and the table ends settled at the POS to the cent', async () => {
    const app = createSandboxApp();
    const account = app.state.account('demo')!;
    const tableId = account.tables[0]!.id;
    const itemIds = account.catalog.items.filter((i) => i.type === 0 && i.active === 1).map((i) => i.id);
    expect(itemIds.length).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(tableArb, fc.array(strategyArb, { minLength: 1, maxLength: 4 }), async (spec, strategies) => {
        const reset = await app.request('/__sandbox/reset', { method: 'POST', headers: { 'Content-Type': 'application/json' } });
        expect(reset.status).toBe(200);
        const sent: OutboxEntry[] = [];
        const table = buildTable(spec, { tableId, itemIds, sent: (entry) => sent.push(entry) });
        const { after } = payOff(table, strategies);
        for (const entry of sent) await send(app, entry);

        const orders = app.state.account('demo')!.orders.orders.filter((o) => o.tableIds.includes(tableId));
        const total = orders.reduce((sum, o) => sum + (toCents(o.total) ?? 0), 0);
        const paid = orders.reduce((sum, o) => sum + paidCents(o), 0);
        expect(total).toBe(after.totalCents);
        expect(paid).toBe(after.paidCents);
        expect(paid).toBe(total);
        // Every order was settled; those with something to pay were closed — but a Flow seating
        // prepaid in full and never added to, which the POS keeps open (decisions).
        for (const o of orders) {
          const cents = toCents(o.total)!;
          expect(paidCents(o)).toBe(cents);
          const untouched = o.source === 'flow' && !app.state.ledger.some((e) => e.kind === 'loyalty' && e.orderId === o.id);
          if (cents > 0 && !untouched) expect(o.status).toBe('closed');
        }
        expect(orders.filter((o) => o.status === 'open').length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 40 },
    );
  });
});
