import fc from 'fast-check';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeErrorInfoSchema, isErrorCode, operationNames, outboxStates, syncResourceNames, type EntryDraft, type OutboxEntry } from '../../../shared/bridge';
import { tableService } from '../core.testing';
import { createDispatcher } from './dispatcher';
import { createGateway } from '../gateway';
import { fetchPlaying, vendorAnswer } from '../gateway/vendorAnswers.testing';
import { createBridgeHandlers } from './handlers';
import { fakeConnection, roundDraft, seatingDraft } from '../queue/dispatcher.testing';
import { openQueueService, type QueueService } from '../queue/service';
import type { AccountSecrets, AccountVault } from '../secrets/vault';

// Property (docs/security.md): random and malformed values at every bridge operation, through
// the real dispatcher and the real handlers, with a gateway whose vendor answers are random too,
// and one real order queue (SQLite) that every run writes into: seatings and drafts near valid
// or broken, conflicts with what earlier runs seated, hand-offs of old outboxes.
// Whatever comes in, the dispatcher answers: never an exception or an unhandled rejection, and
// every failure is `{ ok: false, error: { kind, code, params? } }` with a known code the renderer words.

const RUNS = Number(process.env.FC_RUNS ?? 1500);

/** The vault as one account's handlers see it, in memory. */
function memoryVault(): AccountVault {
  let saved: AccountSecrets | null = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };
  return {
    unavailableReason: () => null,
    save: async (secrets) => void (saved = { ...secrets }),
    load: async () => saved,
    clear: async () => void (saved = null),
  };
}

const text = fc.oneof(fc.string(), fc.constantFrom('', ' ', 'demo', '../../etc/passwd', '%E0%A4%A', 'a'.repeat(5000), '__proto__'));
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1e308, Number.NaN, 2 ** 53 + 1));
const anything = fc.oneof(fc.anything(), fc.jsonValue(), fc.constantFrom(null, undefined, [], {}, '', 0));

/** Entry ids runs share, so decisions and repeated submits meet entries earlier runs saved. */
const ENTRY_IDS = Array.from({ length: 8 }, (_, i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);
const entryId = fc.oneof(fc.constantFrom(...ENTRY_IDS), fc.uuid({ version: 4 }));
const entryRef = fc.record({ entryId });

/** Inputs close to what each operation takes, so the handlers run, not only the input schema. */
const nearValid: Record<string, fc.Arbitrary<unknown>> = {
  fetchSyncPages: fc.record({
    pages: fc.array(
      fc.record(
        {
          resource: fc.oneof(fc.constantFrom(...syncResourceNames), text),
          page: fc.oneof(fc.integer({ min: 1, max: 5 }), number),
          warehouseId: fc.oneof(fc.nat(5), number),
        },
        { requiredKeys: ['resource', 'page'] },
      ),
      { maxLength: 12 },
    ),
  }),
  syncImages: fc.record({ photos: fc.array(fc.oneof(text, fc.constantFrom('items/a.png', 'x/../../y.png', '/abs.png')), { maxLength: 5 }) }),
  seatService: fc
    .record({
      id: entryId,
      tables: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 }),
      round: fc.boolean(),
      broken: fc.option(
        fc.tuple(fc.constantFrom('service', 'seating'), fc.constantFrom('tableIds', 'guests', 'open', 'kind', 'request', 'serviceId', 'place'), anything),
      ),
    })
    .map(({ id, tables, round, broken }) => {
      const service: Record<string, unknown> = { ...tableService(tables) };
      const seating: Record<string, unknown> = { ...seatingDraft(tables, { id, serviceId: service.id as string }) };
      if (broken) (broken[0] === 'service' ? service : seating)[broken[1]] = broken[2];
      const drafts = round ? [seating, roundDraft(tables.at(-1)!, { serviceId: service.id as string })] : [seating];
      return { service, drafts };
    }),
  submitEntry: fc
    .record({ id: entryId, broken: fc.option(fc.tuple(fc.constantFrom('id', 'kind', 'tableIds', 'serviceId', 'request', 'lines', 'totalCents'), anything)) })
    .map(({ id, broken }) => ({ draft: broken ? { ...roundDraft(null, { id }), [broken[0]]: broken[1] } : roundDraft(null, { id }) })),
  importQueue: fc
    .record({
      entries: fc.array(
        fc.record({ id: entryId, seq: fc.oneof(fc.integer({ min: 1, max: 1000 }), number), state: fc.oneof(fc.constantFrom(...outboxStates), text) }),
        { maxLength: 4 },
      ),
      services: fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 2 }), { maxLength: 2 }),
    })
    .map(({ entries, services }) => ({
      entries: entries.map(({ id, seq, state }) => handedOver(roundDraft(null, { id }), seq, state)),
      services: services.map(tableService),
    })),
  retryEntry: entryRef,
  resendEntry: entryRef,
  markEntryDone: entryRef,
  discardEntry: entryRef,
  sendSeatingAsRound: fc.record({ entryId, round: fc.constant(null) }),
  clearTable: fc.record({ serviceId: fc.uuid({ version: 4 }) }),
  testConnection: fc.record({ account: fc.dictionary(text, anything, { maxKeys: 4 }), secrets: fc.option(fc.dictionary(text, text, { maxKeys: 3 })) }),
  saveSettings: fc.dictionary(fc.constantFrom('account', 'syncEveryMinutes', 'secrets'), anything, { maxKeys: 3 }),
};

/** An entry of an old renderer outbox as the hand-off sends it (maybe with a broken seq or state). */
function handedOver(draft: EntryDraft, seq: unknown, state: unknown): OutboxEntry {
  const at = '2026-11-20T12:00:00.000Z';
  return {
    ...draft,
    seq,
    state,
    pending: 1,
    createdAt: at,
    updatedAt: at,
    attempts: 0,
    lastAttemptAt: null,
    lastError: null,
    retryAt: null,
    orderId: null,
    afterUnconfirmed: false,
    acceptedBy: null,
    conflict: false,
    resolution: null,
  } as OutboxEntry;
}

const call = fc.record({
  name: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...operationNames) }, { weight: 1, arbitrary: text }),
  input: fc.oneof(anything, fc.constant({})),
  context: fc.oneof(fc.constant(undefined), fc.constant({}), fc.record({ accountKey: text }), anything),
  answers: fc.array(vendorAnswer, { minLength: 1, maxLength: 4 }),
  nearValid: fc.boolean(),
  sampleSeed: fc.integer(),
});

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
// One queue for every run: offline, so its dispatcher sends nothing unless a run says "Retry now"
// (answered "not sent"), and every run's answer depends on its input and what runs before it wrote.
let queueDir: string;
let queue: QueueService;
beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  queueDir = await mkdtemp(join(tmpdir(), 'comanda-handlers-property-'));
  queue = openQueueService({
    dataDir: queueDir,
    accountKey: 'demo@vendor.test',
    deliver: async () => ({ outcome: 'not-sent', reason: 'offline', code: 'order-offline' }),
    connection: fakeConnection('offline'),
  });
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await queue.close();
  await rm(queueDir, { recursive: true, force: true });
});

describe('every bridge operation against random and malformed input', () => {
  it(`answers ok or a typed failure with a known error code (${RUNS} runs)`, async () => {
    const tally = { ok: 0, failed: 0, kinds: new Map<string, number>() };
    await fc.assert(
      fc.asyncProperty(call, fc.context(), async ({ name, input, context, answers, nearValid: useNearValid, sampleSeed }, ctx) => {
        const played = fetchPlaying(answers);
        const gateway = createGateway({
          baseUrl: 'http://vendor.test',
          secrets: async () => ({ tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' }),
          timeoutMs: 2000,
          fetch: played.fetch,
          requestsPerMinute: 1_000_000,
          maxRetryAfterMs: 1000,
        });
        const dispatcher = createDispatcher(
          createBridgeHandlers({
            shell: 'browser',
            mode: 'account',
            accountKey: 'demo@vendor.test',
            version: '0.1.0',
            gateway,
            vault: memoryVault(),
            images: () => null,
            queue: queue.handlers,
          }),
        );
        const near = useNearValid && Object.hasOwn(nearValid, name) ? nearValid[name] : undefined;
        const value = near ? fc.sample(near, { numRuns: 1, seed: sampleSeed })[0] : input;
        ctx.log(`input: ${JSON.stringify(value)?.slice(0, 300)}`);
        const result = await dispatcher.dispatch(name, value, context);
        if (result.ok) {
          tally.ok++;
          return;
        }
        tally.failed++;
        const { kind, code, params } = result.error;
        tally.kinds.set(kind, (tally.kinds.get(kind) ?? 0) + 1);
        expect(typeof kind).toBe('string');
        expect(kind.length).toBeGreaterThan(0);
        expect(isErrorCode(code)).toBe(true);
        for (const value of Object.values(params ?? {})) {
          expect(String(value)).not.toMatch(/\bat .+:\d+:\d+/);
          expect(String(value)).not.toContain('[object Object]');
        }
        expect(bridgeErrorInfoSchema.safeParse(result.error).success).toBe(true);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(unhandled).toEqual([]);
    expect(tally.ok).toBeGreaterThan(0);
    console.info(`bridge property: ${RUNS} runs, ${tally.ok} ok, ${tally.failed} failed: ${JSON.stringify(Object.fromEntries(tally.kinds))}`);
  }, 60_000);
});
