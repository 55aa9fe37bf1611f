import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationNames, syncResourceNames } from '../../shared/bridge';
import { createDispatcher } from './dispatcher';
import { createGateway } from './gateway';
import { fetchPlaying, vendorAnswer } from './gateway/vendorAnswers.testing';
import { createBridgeHandlers } from './handlers';
import type { AccountSecrets, AccountVault } from './vault';

// Property (issue 10 item 16a): random and malformed values at every bridge operation, through
// the real dispatcher and the real handlers, with a gateway whose vendor answers are random too.
// Whatever comes in, the dispatcher answers: never an exception or an unhandled rejection, and
// every failure is `{ ok: false, error: { kind, message } }` with a sentence a person can act on.

const SEED = Number(process.env.FC_SEED ?? 20261123);
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

/** Inputs close to what each operation takes, so the handlers run, not only the input schema. */
const nearValid: Record<string, fc.Arbitrary<unknown>> = {
  fetchSyncPage: fc.record(
    { resource: fc.oneof(fc.constantFrom(...syncResourceNames), text), page: fc.oneof(fc.integer({ min: 1, max: 5 }), number), warehouseId: fc.oneof(fc.nat(5), number) },
    { requiredKeys: ['resource', 'page'] },
  ),
  saveCredentials: fc.record({ tenant: text, accessToken: text, integratorToken: text }, { requiredKeys: [] }),
  syncImages: fc.record({ photos: fc.array(fc.oneof(text, fc.constantFrom('items/a.png', 'x/../../y.png', '/abs.png')), { maxLength: 5 }) }),
  deliverOrder: fc.oneof(
    fc.record({
      kind: fc.constant('seating'),
      data: fc.record({ customer: fc.constant(null), table_id: fc.array(fc.oneof(fc.nat(50), number), { maxLength: 3 }), guests: fc.oneof(fc.nat(20), number), contents: fc.constant(null), payments: fc.constant(null) }),
    }),
    fc.record({
      kind: fc.constant('order'),
      order: fc.record({ order: fc.record({ total: number, contents: fc.array(fc.record({ item_id: fc.nat(50), itemPrice: number }), { maxLength: 3 }) }) }),
    }),
  ),
  testConnection: fc.record({ account: fc.dictionary(text, anything, { maxKeys: 4 }), secrets: fc.option(fc.dictionary(text, text, { maxKeys: 3 })) }),
  saveSettings: fc.dictionary(fc.constantFrom('account', 'syncEveryMinutes', 'secrets'), anything, { maxKeys: 3 }),
};

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
beforeAll(() => void process.on('unhandledRejection', onUnhandled));
afterAll(() => void process.off('unhandledRejection', onUnhandled));

describe('every bridge operation against random and malformed input', () => {
  it(`answers ok or a typed failure with a readable message (${RUNS} runs, seed ${SEED})`, async () => {
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
          createBridgeHandlers({ shell: 'browser', mode: 'account', accountKey: 'demo@vendor.test', version: '0.1.0', gateway, vault: memoryVault(), images: () => null }),
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
        const { kind, message } = result.error;
        tally.kinds.set(kind, (tally.kinds.get(kind) ?? 0) + 1);
        expect(typeof kind).toBe('string');
        expect(kind.length).toBeGreaterThan(0);
        expect(typeof message).toBe('string');
        expect(message.trim().length).toBeGreaterThan(10);
        expect(message).not.toMatch(/\bat .+:\d+:\d+/);
        expect(message).not.toContain('[object Object]');
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(unhandled).toEqual([]);
    expect(tally.ok).toBeGreaterThan(0);
    console.info(`bridge property: ${RUNS} runs, ${tally.ok} ok, ${tally.failed} failed: ${JSON.stringify(Object.fromEntries(tally.kinds))}`);
  }, 60_000);
});
