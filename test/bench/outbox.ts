// `npm run bench`, issue 6 item 9: the outbox against the rate limit.
// - Reconnect to first order: the sandbox goes offline, a takeaway is saved (its attempt is
//   refused: not sent), the sandbox comes back; from the control call that brings it back to the
//   order's arrival in the sandbox's ledger. The main side's probe (500 ms while offline) and the
//   dispatcher's wake-up are what is measured.
// - Drain: 360 takeaways saved while offline, then the connection returns; the sandbox enforces
//   the spec's 120 requests a minute per account and the terminal's limiter keeps to it. The
//   figure is the orders accepted in the second minute of draining (a full sliding window in
//   steady state; the first holds the initial burst and the catalog sync), goal ≥ 95% of 120,
//   with zero 429s.
// Runs the real main side (startAppCore) and the renderer's outbox in Node (fake-indexeddb):
// the drain is bound by the rate limit, not by IndexedDB.
import 'fake-indexeddb/auto';
import { startSandbox } from '../../electron/sandbox';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { startDispatcher } from '../../renderer/src/data/dispatcher';
import { openOutbox } from '../../renderer/src/data/outbox';
import { openOutboxDb } from '../../renderer/src/data/outboxDb';
import type { TicketLineInput } from '../../renderer/src/data/outboxTypes';
import { startHeadlessTerminal } from '../chaos/terminal';
import { median } from './stats';

const RATE = 120;
const DRAIN_ORDERS = Number(process.env.BENCH_DRAIN_ORDERS ?? 360);
const RECONNECT_RUNS = Number(process.env.BENCH_RECONNECT_RUNS ?? 7);

interface LedgerEntry {
  kind: string;
  receivedAt: string;
  payload: { order?: { extraId?: string } };
}

export interface OutboxBench {
  reconnectToFirstOrderMs: { runs: number[]; median: number; max: number; goalMs: number };
  drain: {
    orders: number;
    rateLimitPerMinute: number;
    acceptedInSteadyMinute: number;
    steadyRateOverLimit: number;
    goalOverLimit: number;
    totalSeconds: number;
    http429: number;
    note: string;
  };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function benchOutbox(log: (line: string) => void): Promise<OutboxBench> {
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', limits: { requestsPerMinute: RATE } });
  const terminal = await startHeadlessTerminal(sandbox.url, { requestsPerMinute: RATE });
  const control = async <T>(path: string, body?: unknown): Promise<T> => {
    const answer = await controlRequest<T>(sandbox.url, `/__sandbox/${path}`, { body });
    if (answer.status !== 200) throw new Error(`${path}: HTTP ${answer.status}`);
    return answer.body;
  };
  const ledger = async () => (await control<{ entries: LedgerEntry[] }>('ledger')).entries;
  const item = await terminal.catalog.items.filter((i) => i.type === 0 && i.modifier_group_id == null && i.modifier_category_id == null).first();
  if (!item) throw new Error('no plain item in the demo catalog');
  const line: TicketLineInput = { choice: { itemId: item.id, quantity: 1 }, name: item.name, details: [], quantity: 1, note: '', unitCents: Math.round(Number(item.price) * 100) };

  // Every delivery answer the dispatcher gets, counted: a 429 comes back as not-sent: rate-limited.
  let rateLimitedAnswers = 0;
  const bridge = {
    ...terminal.bridge,
    deliverOrder: async (request: Parameters<typeof terminal.bridge.deliverOrder>[0]) => {
      const outcome = await terminal.bridge.deliverOrder(request);
      if (outcome.outcome === 'not-sent' && outcome.reason === 'rate-limited') rateLimitedAnswers += 1;
      return outcome;
    },
  };
  const db = openOutboxDb(`${terminal.localKey}-bench`);
  const outbox = openOutbox({ accountKey: terminal.accountKey, db, bridge, catalogDb: () => terminal.catalog, dispatch: false });
  const dispatcher = startDispatcher({ db, bridge });
  const settled = async (ids: Set<string>, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const arrived = (await ledger()).filter((e) => ids.has(e.payload.order?.extraId ?? ''));
      if (arrived.length >= ids.size) return arrived;
      if (Date.now() > deadline) throw new Error(`only ${arrived.length} of ${ids.size} orders arrived`);
      await sleep(50);
    }
  };

  try {
    log(`reconnect to first order sent (${RECONNECT_RUNS} runs)…`);
    const runs: number[] = [];
    for (let run = 0; run < RECONNECT_RUNS; run++) {
      await control('faults', { offline: true });
      const entry = await outbox.sendTakeaway({ name: `Reconnect ${run}`, lines: [line] });
      dispatcher.kick();
      // Its attempt is refused while offline (not sent); the terminal notices it is offline.
      for (let i = 0; i < 200 && (await db.entries.get(entry.id))?.attempts === 0; i++) await sleep(10);
      // A random moment: the main side probes every 500 ms from when it noticed, so a fixed wait
      // would always land just before a probe.
      await sleep(1_500 + Math.random() * 1_000);
      const back = Date.now();
      await control('faults', {});
      const [arrived] = await settled(new Set([entry.id]), 30_000);
      runs.push(Date.parse(arrived!.receivedAt) - back);
    }
    log(`  median ${median(runs)} ms, max ${Math.max(...runs)} ms`);

    log(`outbox drain: ${DRAIN_ORDERS} orders saved offline, then the connection returns (120 requests a minute)…`);
    await control('faults', { offline: true });
    const ids = new Set<string>();
    for (let i = 0; i < DRAIN_ORDERS; i++) ids.add((await outbox.sendTakeaway({ name: `Drain ${i}`, lines: [line] })).id);
    dispatcher.kick();
    await sleep(1_500);
    const before = rateLimitedAnswers;
    const back = Date.now();
    await control('faults', {});
    const arrived = await settled(ids, (DRAIN_ORDERS / RATE + 2) * 60_000);
    const times = arrived.map((e) => Date.parse(e.receivedAt) - back).sort((a, b) => a - b);
    const steady = times.filter((t) => t >= 60_000 && t < 120_000).length;
    const http429 = rateLimitedAnswers - before;
    const drain = {
      orders: DRAIN_ORDERS,
      rateLimitPerMinute: RATE,
      acceptedInSteadyMinute: steady,
      steadyRateOverLimit: Number((steady / RATE).toFixed(3)),
      goalOverLimit: 0.95,
      totalSeconds: Number((times[times.length - 1]! / 1000).toFixed(1)),
      http429,
      note: 'takeaways (no per-table order to wait on); orders the sandbox received between 60 s and 120 s after the connection returned; the sandbox enforces 120 requests per minute per account and answers 429 past it; http429 = rate-limited answers the dispatcher got while draining',
    };
    log(`  ${steady} orders in the steady minute (${(drain.steadyRateOverLimit * 100).toFixed(1)}% of ${RATE}), ${drain.http429} × 429, all ${DRAIN_ORDERS} in ${drain.totalSeconds} s`);
    return {
      reconnectToFirstOrderMs: { runs, median: median(runs), max: Math.max(...runs), goalMs: 1_000 },
      drain,
    };
  } finally {
    dispatcher.stop();
    outbox.close();
    await terminal.close();
    await sandbox.close();
  }
}
