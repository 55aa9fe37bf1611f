// The order queue against the sandbox with faults, and a real crash.
// 500 orders over the demo venue's 40 tables (seatings, rounds, takeaways) are built by the
// renderer's outbox client and submitted over the HTTP bridge to a real browser-shell process,
// whose main side commits them to its SQLite queue and delivers them — while the sandbox goes
// offline at random, drops 10% of requests, loses 10% of the responses after committing, answers
// 5% with a 5xx and throws bursts of 429. Halfway through, the server process is killed with
// SIGKILL in the middle of the drain (no polite stop: whatever was in flight has no recorded
// answer) and started again on the same data folder. A simulated waiter does what the
// pending-orders screen offers for an unconfirmed SEATING (resend: safe, the server refuses a
// second open order on a table and that refusal confirms the first). Unconfirmed rounds are left
// as they are: only a person who checked the POS may resend those.
//
// Then the sandbox's ledger is compared with the queue database file: lost = 0, duplicated = 0,
// every entry accepted, rejected with a reason, or unconfirmed, and unconfirmed ≤ the answers lost
// after an order left — the sandbox's lost responses, the requests its offline fault cut while
// answering them, and the requests the kill cut (entries the restarted process found `sending`).
// The figures are printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'libsql';
import { z } from 'zod';
import { startSandbox, type LedgerEntry, type RunningSandbox } from '../../electron/sandbox';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { mulberry32 } from '../../electron/sandbox/prng';
import { indexCatalog } from '../../shared/domain/catalog';
import { evaluateLine, type LineChoice } from '../../shared/domain/line';
import { BridgeError, type OutboxEntry } from '../../shared/bridge';
import type { CatalogDb } from '../../renderer/src/data/catalog/catalogDb';
import { loadItemRecords } from '../../renderer/src/data/catalog/itemRecords';
import type { TicketLineInput } from '../../renderer/src/data/queue/outboxTypes';
import { startShellTerminal, type ShellTerminal } from './terminal';

const SEED = Number(process.env.CHAOS_SEED ?? 20261122);
const ORDERS = 500;
const FAULTS = {
  dropRate: 0.1,
  loseResponseRate: 0.1,
  errorRate: 0.05,
  // 500 without processing, answered before `100 Continue` for a loyalty order (its body never
  // left: not sent) and after the request for a Flow seating (unknown: unconfirmed, then resent).
  errorStatus: 500,
  rateLimitBurst: { everyMs: 4_000, forMs: 500 },
};

interface FaultSnapshot {
  counters: Record<string, number>;
  byFamily: Record<'flow' | 'loyalty' | 'other', Record<string, number>>;
}

let sandbox: RunningSandbox;
let terminal: ShellTerminal;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1', limits: { requestsPerMinute: 1_000_000 }, faultSeed: SEED });
  terminal = await startShellTerminal(sandbox.url, { requestsPerMinute: 3_000 });
}, 90_000);

afterAll(async () => {
  await terminal?.close();
  await sandbox?.close();
}, 30_000);

async function control<T>(path: string, body?: unknown): Promise<T> {
  const answer = await controlRequest<T>(sandbox.url, `/__sandbox/${path}`, { body });
  if (answer.status !== 200) throw new Error(`${path}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Lines a waiter can add with one tap: plain items and selling-format items (first format). */
async function oneTapLines(catalog: CatalogDb): Promise<TicketLineInput[]> {
  const items = await catalog.items.filter((item) => item.type === 0 || item.type === 4).toArray();
  const lines: TicketLineInput[] = [];
  for (const item of items) {
    const records = await loadItemRecords(catalog, item.id);
    if (!records) continue;
    const index = indexCatalog(records);
    const candidates: LineChoice[] =
      item.type === 4
        ? (index.formatPivotsByItem.get(item.id) ?? []).map((p) => ({ itemId: item.id, quantity: 1, formatPivotId: p.id }))
        : [{ itemId: item.id, quantity: 1 }];
    for (const choice of candidates) {
      // Items with a mandatory modifier (or inactive ones) are not one tap: evaluateLine says so.
      const result = evaluateLine(choice, index);
      if (result.ok) {
        lines.push({
          choice,
          name: item.name,
          details: result.line.format ? [result.line.format.name] : [],
          quantity: 1,
          note: '',
          unitCents: result.line.unitCents,
        });
        break;
      }
    }
  }
  return lines;
}

const countRow = z.object({ count: z.number().int() });
const idRow = z.object({ id: z.string() });

/** Pending seatings whose outcome is unknown: what the waiter resends (queue file, electron/services/queue/migrations.ts). */
const unconfirmedSeatings = (db: Database.Database): string[] =>
  db
    .prepare(`SELECT id FROM entries WHERE kind = 'seating' AND state = 'unconfirmed' AND pending = 1 ORDER BY seq`)
    .all()
    .map((row) => idRow.parse(row).id);

describe('the main-side queue through any outage and a crash', () => {
  it('delivers 500 orders over 40 tables once each, across a SIGKILL of the server: lost 0, duplicated 0', async () => {
    const rng = mulberry32(SEED);
    const chaosRng = mulberry32(SEED + 1);
    const pickOf = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
    const tables = await terminal.catalog.floorTables.toArray();
    expect(tables).toHaveLength(40);
    const menu = await oneTapLines(terminal.catalog);
    expect(menu.length).toBeGreaterThan(20);
    const { outbox } = terminal;

    let offlinePeriods = 0;
    let waiterResends = 0;
    const kill = { sendingAtKill: 0, waitingAtKill: 0, downMs: 0 };

    const lines = (max: number) => Array.from({ length: 1 + Math.floor(rng() * max) }, () => ({ ...pickOf(menu), quantity: 1 + Math.floor(rng() * 3) }));

    await control('faults', { ...FAULTS, seed: SEED });

    // The chaos: offline periods of 0.3–1 s every 1.5–3.5 s until every order has settled.
    let chaosOn = true;
    const chaos = (async () => {
      while (chaosOn) {
        await sleep(1_500 + chaosRng() * 2_000);
        if (!chaosOn) break;
        await control('faults', { ...FAULTS, offline: true });
        offlinePeriods += 1;
        await sleep(300 + chaosRng() * 700);
        await control('faults', FAULTS);
      }
    })();

    // The waiter: resends unconfirmed seatings after "checking" (as the pending screen offers).
    // It finds them in the queue file (a getQueue of hundreds of pending entries every 250 ms
    // would be load on the server no window puts on it); the resend is the bridge operation.
    // Its calls wait while the server is down, as a window's would fail and be tried again.
    let watching = true;
    const waiter = (async () => {
      while (watching) {
        await sleep(250);
        try {
          for (const entryId of terminal.readQueueFile(unconfirmedSeatings)) {
            await outbox.resend(entryId);
            waiterResends += 1;
          }
        } catch (error) {
          // A call that left just before the kill: nobody answered; the next round asks again.
          if (!(error instanceof BridgeError && error.kind === 'unreachable')) throw error;
        }
      }
    })();

    // 500 orders: every table seated once (some with plain items), rounds on seated tables, takeaways.
    const started = Date.now();
    const serviceOf = new Map<number, string>();
    const unseated = [...tables];
    let created = 0;
    while (created < ORDERS) {
      const roll = rng();
      if (unseated.length > 0 && (serviceOf.size === 0 || roll < 0.12 || ORDERS - created <= unseated.length)) {
        const table = unseated.splice(Math.floor(rng() * unseated.length), 1)[0]!;
        const withItems = rng() < 0.3 ? lines(2).filter((l) => l.choice.formatPivotId === undefined) : [];
        const { service } = await outbox.seat({
          tables: [{ id: table.id, name: table.name }],
          guests: 1 + Math.floor(rng() * 8),
          customer: null,
          notes: '',
          lines: withItems,
        });
        serviceOf.set(table.id, service.id);
      } else if (roll < 0.2) {
        await outbox.sendTakeaway({ name: `Chaos ${created}`, lines: lines(3) });
      } else {
        await outbox.sendRound({ serviceId: pickOf([...serviceOf.values()]), lines: lines(3) });
      }
      created += 1;
      if (created === ORDERS / 2) {
        // The crash: the server process is killed in the middle of the drain — at a moment an
        // entry is `sending` when one is caught within 3 s (read from the database file beside
        // the server, which WAL allows) — and started again on the same data folder.
        const watchUntil = Date.now() + 3_000;
        const counts = () =>
          terminal.readQueueFile((db) => ({
            sending: countRow.parse(db.prepare(`SELECT count(*) AS count FROM entries WHERE state = 'sending'`).get()).count,
            waiting: countRow.parse(db.prepare(`SELECT count(*) AS count FROM entries WHERE state IN ('queued', 'sending')`).get()).count,
          }));
        let seen = counts();
        while (seen.sending === 0 && Date.now() < watchUntil) {
          await sleep(2);
          seen = counts();
        }
        kill.waitingAtKill = seen.waiting;
        const down = Date.now();
        kill.sendingAtKill = (await terminal.kill()).sendingAtKill;
        await terminal.restart();
        kill.downMs = Date.now() - down;
      }
      await sleep(5 + rng() * 15);
    }
    const savedAfterMs = Date.now() - started;
    // Every order is saved; the faults go on until each has settled (the waiter keeps resolving
    // seatings). Then they stop.
    const deadline = Date.now() + 180_000;
    for (;;) {
      const { open, seatingsToResolve } = terminal.readQueueFile((db) => ({
        open: countRow.parse(db.prepare(`SELECT count(*) AS count FROM entries WHERE state IN ('queued', 'sending')`).get()).count,
        seatingsToResolve: unconfirmedSeatings(db).length,
      }));
      if (open === 0 && seatingsToResolve === 0) break;
      if (Date.now() > deadline) throw new Error(`not settled: ${open} queued/sending, ${seatingsToResolve} unconfirmed seatings`);
      await sleep(200);
    }
    const settledAfterMs = Date.now() - started;
    chaosOn = false;
    await chaos;
    await control('faults', {});
    watching = false;
    await waiter;
    // A polite stop now: nothing is in flight, the file is the queue's whole truth.
    await terminal.stop();

    const entries: OutboxEntry[] = terminal.readEntries();
    const ledger = (await control<{ entries: LedgerEntry[] }>('ledger')).entries;
    const faults = await control<FaultSnapshot>('faults');

    // Loyalty orders carry the queue entry's id as extraId; Flow seatings are matched by table
    // (each table is seated once in this run).
    const loyaltyByExtraId = new Map<string, number>();
    const flowByTable = new Map<number, number>();
    for (const record of ledger) {
      const payload = record.payload as { order?: { extraId?: string }; table_id?: number[] };
      if (record.kind === 'loyalty') {
        const extraId = payload.order?.extraId ?? '(none)';
        loyaltyByExtraId.set(extraId, (loyaltyByExtraId.get(extraId) ?? 0) + 1);
      } else {
        const primary = payload.table_id?.at(-1) ?? -1;
        flowByTable.set(primary, (flowByTable.get(primary) ?? 0) + 1);
      }
    }
    const arrivals = (entry: OutboxEntry) =>
      entry.kind === 'seating' ? (flowByTable.get(entry.tableIds.at(-1)!) ?? 0) : (loyaltyByExtraId.get(entry.id) ?? 0);

    const byState = (state: OutboxEntry['state']) => entries.filter((e) => e.state === state);
    const accepted = byState('accepted');
    const rejected = byState('rejected');
    const unconfirmed = byState('unconfirmed');
    // Lost: the terminal says it arrived and the POS has nothing.
    const lost = accepted.filter((e) => arrivals(e) === 0);
    const duplicated = entries.filter((e) => arrivals(e) > 1);
    const strangers = [...loyaltyByExtraId.keys()].filter((id) => !entries.some((e) => e.id === id));
    const unconfirmedArrived = unconfirmed.filter((e) => arrivals(e) === 1).length;
    // Answers lost after an order left: the sandbox's lost responses, the requests its offline
    // fault cut mid-answer, and the requests the kill cut (found `sending` by the new process).
    const orderFamilies = [faults.byFamily.flow, faults.byFamily.loyalty];
    const lostResponsesOnOrders = orderFamilies.reduce((sum, f) => sum + f.lostResponses! + f.cutOffline!, 0) + kill.sendingAtKill;
    const attempts = entries.reduce((sum, e) => sum + e.attempts, 0);

    const figures = {
      seed: SEED,
      entries: entries.length,
      seatings: entries.filter((e) => e.kind === 'seating').length,
      accepted: accepted.length,
      acceptedByOpenOrderEvidence: accepted.filter((e) => e.acceptedBy === 'open-order-evidence').length,
      rejected: rejected.length,
      unconfirmed: unconfirmed.length,
      unconfirmedThatArrived: unconfirmedArrived,
      lost: lost.length,
      duplicated: duplicated.length,
      attempts,
      waiterResendsOfSeatings: waiterResends,
      offlinePeriods,
      savedAfterMs,
      settledAfterMs,
      kill: { signal: 'SIGKILL', afterOrders: ORDERS / 2, ...kill },
      injected: {
        lostResponsesOnOrders,
        ofWhichSandboxLostResponses: orderFamilies.reduce((sum, f) => sum + f.lostResponses!, 0),
        ofWhichCutByOffline: orderFamilies.reduce((sum, f) => sum + f.cutOffline!, 0),
        ofWhichCutByKill: kill.sendingAtKill,
        dropped: faults.counters.dropped,
        errored5xx: faults.counters.errored,
        rateLimited429: faults.counters.rateLimited,
        refusedOffline: faults.counters.refusedOffline,
        lostResponses: faults.counters.lostResponses,
      },
    };
    console.log(`chaos: ${JSON.stringify(figures, null, 2)}`);

    expect(entries).toHaveLength(ORDERS);
    expect(lost.map((e) => e.id)).toEqual([]);
    expect(duplicated.map((e) => `${e.kind} ${JSON.stringify(e.place)} ×${arrivals(e)}`)).toEqual([]);
    expect(strangers).toEqual([]);
    // Every entry is accepted, rejected with a reason, or unconfirmed.
    expect(entries.filter((e) => !['accepted', 'rejected', 'unconfirmed'].includes(e.state))).toEqual([]);
    for (const entry of [...rejected, ...unconfirmed]) expect(entry.lastError?.code, entry.id).toBeTruthy();
    // Nothing is refused in this run: no conflict, no validation error.
    expect(rejected.map((e) => `${JSON.stringify(e.place)}: ${e.lastError?.code} ${JSON.stringify(e.lastError?.params ?? {})}`)).toEqual([]);
    expect(unconfirmed.length).toBeLessThanOrEqual(lostResponsesOnOrders);
    // The kill came in the middle of the drain, and the faults really happened.
    expect(kill.waitingAtKill).toBeGreaterThan(0);
    expect(faults.counters.dropped).toBeGreaterThan(0);
    expect(faults.counters.errored).toBeGreaterThan(0);
    expect(faults.counters.rateLimited).toBeGreaterThan(0);
    expect(faults.counters.refusedOffline).toBeGreaterThan(0);
    expect(lostResponsesOnOrders).toBeGreaterThan(0);
  }, 240_000);
});
