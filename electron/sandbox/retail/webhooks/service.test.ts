// The delivery engine on a virtual clock: the documented schedule at its real length (10 s, 30 s,
// 1 min, 2 min, 5 min), the 10 s timeout, what is sent, and what is not. The real wire, with an
// independent receiver, is tested in test/contract/retail/webhooks.test.ts.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { subscriptionMatches } from './names';
import { RETRY_DELAYS_MS, SAMPLE_PRODUCT, WebhookService, type WebhookClock, type WebhooksOptions } from './service';
import type { WebhookRequest } from './transport';

/** Virtual time: timers run only when the test advances the clock. */
class FakeClock implements WebhookClock {
  time = Date.UTC(2026, 10, 1, 9, 0, 0);
  private timers: Array<{ id: number; at: number; fn: () => void }> = [];
  private nextId = 1;
  now = () => this.time;
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ id, at: this.time + ms, fn });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };
  /** Runs every timer due within `ms`, in time order, letting promises settle after each. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await settle();
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.fn();
      await settle();
    }
    this.time = end;
  }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

type Answer = number | 'hang' | Error;

/** A transport answering from a script (then 200), recording each call and its virtual time. */
function scripted(clock: FakeClock, answers: Answer[] = []) {
  const calls: Array<WebhookRequest & { at: number }> = [];
  const transport = (request: WebhookRequest) => {
    calls.push({ ...request, at: clock.now() });
    const answer = answers.shift() ?? 200;
    if (answer === 'hang') return new Promise<{ status: number }>(() => undefined);
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve({ status: answer });
  };
  return { calls, transport };
}

function setup(answers: Answer[] = [], options: WebhooksOptions = {}) {
  const clock = new FakeClock();
  const { calls, transport } = scripted(clock, answers);
  const service = new WebhookService({ clock, transport, ...options });
  return { clock, calls, service };
}

const PRODUCT = { id: 7, name: 'Camiseta básica', price: 19.99 };
const T0 = Date.UTC(2026, 10, 1, 9, 0, 0);

describe('delivery schedule (clarifications "Webhooks")', () => {
  it('fails three times, then succeeds: 4 attempts, 10 s, 30 s and 1 min after each failure', async () => {
    const { clock, calls, service } = setup([500, 503, new Error('connect ECONNREFUSED 127.0.0.1:9')]);
    service.add({ username: 'shop', url: 'http://127.0.0.1:9/hook', event: 'product.updated', active: true });
    service.emit('shop', 'product.updated', PRODUCT);
    await clock.advance(10 * 60_000);
    expect(calls.map((c) => c.at - T0)).toEqual([0, 10_000, 40_000, 100_000]);
    const [delivery] = service.deliveries();
    expect(delivery).toMatchObject({ status: 'delivered', nextAttemptAt: null, reason: null });
    expect(delivery!.attempts.map((a) => [a.number, a.httpStatus, a.ok])).toEqual([
      [1, 500, false],
      [2, 503, false],
      [3, null, false],
      [4, 200, true],
    ]);
    expect(delivery!.attempts[2]!.error).toMatch(/ECONNREFUSED/);
    expect(delivery!.attempts.map((a) => Date.parse(a.startedAt) - T0)).toEqual([0, 10_000, 40_000, 100_000]);
  });

  it('always fails: the first attempt and 5 retries (10 s, 30 s, 1 min, 2 min, 5 min), then given up', async () => {
    const { clock, calls, service } = setup(Array(10).fill(500));
    service.add({ username: 'shop', url: 'http://127.0.0.1:9/hook', event: 'product.updated', active: true });
    service.emit('shop', 'product.updated', PRODUCT);
    await clock.advance(0);
    const [delivery] = service.deliveries();
    // While waiting, the log says when the next try is due.
    expect(delivery).toMatchObject({ status: 'pending', nextAttemptAt: new Date(T0 + 10_000).toISOString() });
    await clock.advance(60 * 60_000);
    expect(calls.map((c) => c.at - T0)).toEqual([0, 10_000, 40_000, 100_000, 220_000, 520_000]);
    expect(calls.slice(1).map((c, i) => c.at - calls[i]!.at)).toEqual([...RETRY_DELAYS_MS]);
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null, reason: 'given up after 6 attempts' });
    expect(delivery!.attempts).toHaveLength(6);
  });

  it('no status line within 10 s is a failed attempt: the request is aborted and retried', async () => {
    const { clock, calls, service } = setup(['hang']);
    service.add({ username: 'shop', url: 'http://127.0.0.1:9/hook', event: 'product.updated', active: true });
    service.emit('shop', 'product.updated', PRODUCT);
    await clock.advance(9_999);
    expect(service.deliveries()[0]).toMatchObject({ status: 'sending', attempts: [] });
    await clock.advance(1);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(service.deliveries()[0]!.attempts[0]).toMatchObject({ httpStatus: null, ok: false, durationMs: 10_000, error: 'no answer within 10000 ms' });
    await clock.advance(10_000);
    expect(service.deliveries()[0]).toMatchObject({ status: 'delivered' });
  });

  it('a redirect is a failure and is not followed', async () => {
    const { clock, calls, service } = setup([302]);
    service.add({ username: 'shop', url: 'http://127.0.0.1:9/hook', event: 'product.updated', active: true });
    service.emit('shop', 'product.updated', PRODUCT);
    await clock.advance(0);
    expect(calls).toHaveLength(1);
    expect(service.deliveries()[0]!.attempts[0]).toMatchObject({ httpStatus: 302, ok: false, error: 'HTTP 302 (redirects are not followed)' });
  });

  it('the time scale shrinks the schedule and the default timeout alike', () => {
    const { service } = setup([], { timeScale: 0.01 });
    expect(service.retryDelaysMs).toEqual([100, 300, 600, 1200, 3000]);
    expect(service.timeoutMs).toBe(100);
    expect(new WebhookService().timeoutMs).toBe(10_000);
    expect(() => new WebhookService({ timeScale: 0 })).toThrow(/positive/);
  });
});

describe('what is sent', () => {
  it('a form body username, event, data (JSON) signed with the account secret as lowercase hex; never inside emit()', async () => {
    const { clock, calls, service } = setup();
    const { secret } = service.add({ username: 'shop', url: 'https://example.test/hook', event: 'product.*', active: true });
    service.emit('shop', 'product.created', { ...PRODUCT, info: 'a & b = c' });
    expect(calls).toHaveLength(0); // the emitting request is answered first
    await clock.advance(0);
    const [call] = calls;
    const form = new URLSearchParams(call!.body);
    expect([...form.keys()]).toEqual(['username', 'event', 'data']);
    expect(form.get('username')).toBe('shop');
    expect(form.get('event')).toBe('product.created');
    expect(JSON.parse(form.get('data')!)).toEqual({ ...PRODUCT, info: 'a & b = c' });
    expect(call!.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    const expected = createHmac('sha256', secret).update(Buffer.from(call!.body, 'utf8')).digest('hex');
    expect(call!.headers['X-Service-Hmac-SHA256']).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the data is the record when the event happened, not when the delivery leaves', async () => {
    const { clock, calls, service } = setup();
    service.add({ username: 'shop', url: 'http://127.0.0.1:9/h', event: 'product.updated', active: true });
    const record = { ...PRODUCT };
    service.emit('shop', 'product.updated', record);
    record.name = 'changed later';
    await clock.advance(0);
    expect(JSON.parse(new URLSearchParams(calls[0]!.body).get('data')!).name).toBe('Camiseta básica');
  });

  it('one delivery per matching active webhook of that account; inactive ones and other accounts send nothing', async () => {
    const { clock, calls, service } = setup();
    service.add({ username: 'shop', url: 'http://a.test/exact', event: 'customer.created', active: true });
    service.add({ username: 'shop', url: 'http://a.test/model', event: 'customer.*', active: true });
    service.add({ username: 'shop', url: 'http://a.test/inactive', event: 'customer.*', active: false });
    service.add({ username: 'shop', url: 'http://a.test/products', event: 'product.*', active: true });
    service.add({ username: 'other', url: 'http://a.test/other', event: 'customer.*', active: true });
    service.emit('shop', 'customer.created', { id: 1 });
    service.emit('shop', 'customer.updated', { id: 1 });
    await clock.advance(0);
    expect(calls.map((c) => `${new URL(c.url).pathname} ${new URLSearchParams(c.body).get('event')}`).sort()).toEqual([
      '/exact customer.created',
      '/model customer.created',
      '/model customer.updated',
    ]);
  });

  it('a webhook made inactive or deleted while a retry is pending sends no more', async () => {
    const { clock, calls, service } = setup([500, 500]);
    const a = service.add({ username: 'shop', url: 'http://a.test/a', event: 'order.closed', active: true }).webhook;
    const b = service.add({ username: 'shop', url: 'http://a.test/b', event: 'order.closed', active: true }).webhook;
    service.emit('shop', 'order.closed', { id: 1 });
    await clock.advance(0);
    service.update(a.id, { active: false });
    service.remove(b.id);
    await clock.advance(60_000);
    expect(calls).toHaveLength(2);
    expect(service.deliveries().map((d) => [d.webhookId, d.status, d.reason])).toEqual([
      [a.id, 'cancelled', 'the webhook was made inactive'],
      [b.id, 'cancelled', 'the webhook was deleted'],
    ]);
  });

  it('the test webhook sends product.updated with the provided product, or the sample, even when inactive', async () => {
    const first = { id: 1, name: 'Camiseta' };
    const { clock, calls, service } = setup([], { testPayload: (username) => (username === 'shop' ? first : null) });
    const hook = service.add({ username: 'shop', url: 'http://a.test/h', event: 'customer.created', active: false }).webhook;
    const empty = service.add({ username: 'empty', url: 'http://a.test/e', event: 'order.closed', active: true }).webhook;
    expect(service.sendTest(hook.id)).toMatchObject({ test: true, event: 'product.updated', status: 'pending' });
    service.sendTest(empty.id);
    await clock.advance(0);
    const sent = calls.map((c) => new URLSearchParams(c.body));
    expect(sent.map((f) => [f.get('username'), f.get('event'), JSON.parse(f.get('data')!)])).toEqual([
      ['shop', 'product.updated', first],
      ['empty', 'product.updated', SAMPLE_PRODUCT],
    ]);
  });
});

describe('secrets, reset and stop', () => {
  it('an account secret is created with its first webhook and kept for the next ones; each account has its own', () => {
    const { service } = setup();
    const one = service.add({ username: 'shop', url: 'http://a.test/1', event: 'product.*', active: true });
    const two = service.add({ username: 'shop', url: 'http://a.test/2', event: 'order.closed', active: false });
    const other = service.add({ username: 'other', url: 'http://a.test/3', event: 'product.*', active: true });
    expect(one.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(two.secret).toBe(one.secret);
    expect(other.secret).not.toBe(one.secret);
    service.remove(one.webhook.id);
    service.remove(two.webhook.id);
    expect(service.add({ username: 'shop', url: 'http://a.test/4', event: 'product.*', active: true }).secret).toBe(one.secret);
    service.reset();
    expect(service.webhooks()).toEqual([]);
    const fresh = service.add({ username: 'shop', url: 'http://a.test/5', event: 'product.*', active: true });
    expect(fresh.webhook.id).toBe(1);
    expect(fresh.secret).not.toBe(one.secret);
  });

  it('stop() aborts the attempt under way, drops pending retries and ignores later events', async () => {
    const { clock, calls, service } = setup(['hang', 500]);
    service.add({ username: 'shop', url: 'http://a.test/a', event: 'product.*', active: true });
    service.emit('shop', 'product.created', { id: 1 });
    service.emit('shop', 'product.created', { id: 2 });
    await clock.advance(0);
    expect(calls).toHaveLength(2);
    service.stop();
    expect(calls[0]!.signal.aborted).toBe(true);
    service.emit('shop', 'product.created', { id: 3 });
    await clock.advance(60 * 60_000);
    expect(calls).toHaveLength(2);
    expect(service.deliveries().map((d) => d.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('an event whose payload cannot be serialised is reported, not thrown at the route', () => {
    const errors: unknown[] = [];
    const { service } = setup([], { onError: (e) => errors.push(e) });
    service.add({ username: 'shop', url: 'http://a.test/a', event: 'product.*', active: true });
    expect(() => service.emit('shop', 'product.created', { big: 1n })).not.toThrow();
    expect(errors).toHaveLength(1);
    expect(service.deliveries()).toEqual([]);
  });
});

describe('subscriptionMatches', () => {
  it.each([
    ['product.updated', 'product.updated', true],
    ['product.*', 'product.deleted', true],
    ['product.*', 'customer.updated', false],
    ['customer.*', 'customerOrder.created', false],
    ['product.created', 'product.updated', false],
  ])('%s receives %s: %s', (subscription, event, expected) => {
    expect(subscriptionMatches(subscription, event)).toBe(expected);
  });
});
