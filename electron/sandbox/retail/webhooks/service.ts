// The retail sandbox's webhooks (retail-api.md §6, clarifications "Webhooks"):
// webhooks per account with the account's secret key, and the deliveries of the events the API
// emits. A delivery is sent after the request that triggered it has been answered (never inside
// it), succeeds on any 2xx within 10 s and is retried 5 times, 10 s, 30 s, 1 min, 2 min and 5 min
// after each failed attempt; then it is given up. A time scale shrinks every delay and the timeout
// so tests do not wait minutes. The delivery log keeps each attempt, its status and the next try.
import { subscriptionMatches, TEST_EVENT, type SubscribableEvent } from './names';
import { nodeTransport, type WebhookTransport } from './transport';
import { deliveryBody, FORM_CONTENT_TYPE, newSecret, signBody, SIGNATURE_HEADER } from './wire';

/** Pause before each retry, after the failed attempt before it (clarifications: 5 retries). */
export const RETRY_DELAYS_MS = [10_000, 30_000, 60_000, 120_000, 300_000] as const;
/** An attempt fails when no status line arrived within this time. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Deliveries the log keeps; the oldest finished ones go first. */
export const MAX_LOGGED_DELIVERIES = 1000;

export interface WebhookClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Wall-clock time; the timers do not keep the process alive. */
export const realClock: WebhookClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface WebhooksOptions {
  /** Multiplies every retry delay and the default timeout (1 = the documented schedule; 0.01 = 100 times faster). */
  timeScale?: number;
  /** Attempt timeout in ms (default 10 s × timeScale). */
  timeoutMs?: number;
  transport?: WebhookTransport;
  clock?: WebhookClock;
  /** Whether `username` is an account of the sandbox (default: any). */
  hasAccount?: (username: string) => boolean;
  /** The record "Send test webhook" sends: the account's first product as the API returns it, or null for the sample. */
  testPayload?: (username: string) => Record<string, unknown> | null | undefined;
  /** Called with an unexpected error (an event whose payload cannot be serialised). */
  onError?: (error: unknown) => void;
}

export interface Webhook {
  id: number;
  username: string;
  url: string;
  event: SubscribableEvent;
  active: boolean;
  createdAt: string;
}

export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed' | 'cancelled';

export interface DeliveryAttempt {
  /** 1 = the first try, 2–6 the retries. */
  number: number;
  startedAt: string;
  durationMs: number;
  /** The answer's status, null when none arrived (network error, timeout). */
  httpStatus: number | null;
  ok: boolean;
  error: string | null;
}

export interface Delivery {
  id: number;
  webhookId: number;
  username: string;
  event: string;
  url: string;
  /** Sent by "Send test webhook". */
  test: boolean;
  createdAt: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** When the next attempt is due (status `pending`), else null. */
  nextAttemptAt: string | null;
  /** Why it was given up or cancelled. */
  reason: string | null;
  body: string;
  signature: string;
}

/** The product a test webhook sends when the account has none (the vendor's sample is not published). */
export const SAMPLE_PRODUCT: Readonly<Record<string, unknown>> = Object.freeze({
  id: 0,
  name: 'Sample product',
  category_id: 0,
  type: 0,
  active: true,
  price: 0,
  costPrice: 0,
});

class Timeout extends Error {}

export class WebhookService {
  private readonly hooks = new Map<number, Webhook>();
  private readonly secrets = new Map<string, string>();
  private readonly log = new Map<number, Delivery>();
  private readonly timers = new Map<number, unknown>();
  private readonly inFlight = new Map<number, AbortController>();
  private nextHookId = 1;
  private nextDeliveryId = 1;
  /** Bumped by reset() and stop(): an attempt that started before drops its outcome. */
  private generation = 0;
  private stopped = false;
  readonly timeScale: number;
  readonly timeoutMs: number;
  private readonly clock: WebhookClock;
  private readonly transport: WebhookTransport;

  constructor(private readonly options: WebhooksOptions = {}) {
    const scale = options.timeScale ?? 1;
    if (!(Number.isFinite(scale) && scale > 0)) throw new RangeError(`The webhook time scale must be a positive number, not ${scale}.`);
    this.timeScale = scale;
    this.timeoutMs = options.timeoutMs ?? this.scaled(DELIVERY_TIMEOUT_MS);
    this.clock = options.clock ?? realClock;
    this.transport = options.transport ?? nodeTransport;
  }

  /** The retry delays after the time scale, in ms. */
  get retryDelaysMs(): number[] {
    return RETRY_DELAYS_MS.map((ms) => this.scaled(ms));
  }

  hasAccount(username: string): boolean {
    return this.options.hasAccount?.(username) ?? true;
  }

  /** Adds a webhook; the account's secret is created with its first one and kept after. */
  add(input: { username: string; url: string; event: SubscribableEvent; active: boolean }): { webhook: Webhook; secret: string } {
    let secret = this.secrets.get(input.username);
    if (secret === undefined) {
      secret = newSecret();
      this.secrets.set(input.username, secret);
    }
    const webhook: Webhook = { id: this.nextHookId++, ...input, createdAt: this.iso(this.clock.now()) };
    this.hooks.set(webhook.id, webhook);
    return { webhook, secret };
  }

  get(id: number): Webhook | undefined {
    return this.hooks.get(id);
  }

  update(id: number, changes: Partial<Pick<Webhook, 'url' | 'event' | 'active'>>): Webhook | undefined {
    const webhook = this.hooks.get(id);
    if (webhook) Object.assign(webhook, changes);
    return webhook;
  }

  /** Deletes a webhook; its pending retries are cancelled when due. The account keeps its secret. */
  remove(id: number): boolean {
    return this.hooks.delete(id);
  }

  webhooks(username?: string): Webhook[] {
    return [...this.hooks.values()].filter((w) => username === undefined || w.username === username);
  }

  secretOf(username: string): string | undefined {
    return this.secrets.get(username);
  }

  deliveries(filter: { username?: string; webhookId?: number; event?: string; status?: DeliveryStatus } = {}): Delivery[] {
    return [...this.log.values()].filter(
      (d) =>
        (filter.username === undefined || d.username === filter.username) &&
        (filter.webhookId === undefined || d.webhookId === filter.webhookId) &&
        (filter.event === undefined || d.event === filter.event) &&
        (filter.status === undefined || d.status === filter.status),
    );
  }

  /** An event of the API: one delivery per active webhook of the account subscribed to it. Never throws. */
  emit(username: string, event: string, payload: Record<string, unknown>): void {
    if (this.stopped) return;
    const targets = [...this.hooks.values()].filter((w) => w.username === username && w.active && subscriptionMatches(w.event, event));
    if (targets.length === 0) return;
    let body: string;
    try {
      body = deliveryBody(username, event, payload);
    } catch (error) {
      this.options.onError?.(error);
      return;
    }
    const signature = signBody(body, this.secrets.get(username) as string);
    for (const webhook of targets) this.enqueue(webhook, event, body, signature, false);
  }

  /** "Send test webhook": a `product.updated` with the account's first product, active or not, whatever it subscribes to. */
  sendTest(id: number): Delivery | undefined {
    const webhook = this.hooks.get(id);
    if (!webhook || this.stopped) return undefined;
    const payload = this.options.testPayload?.(webhook.username) ?? SAMPLE_PRODUCT;
    const body = deliveryBody(webhook.username, TEST_EVENT, payload);
    return this.enqueue(webhook, TEST_EVENT, body, signBody(body, this.secrets.get(webhook.username) as string), true);
  }

  /** Forgets every webhook, secret and delivery (the sandbox's reset); attempts under way are aborted. */
  reset(): void {
    this.cancelAll();
    this.hooks.clear();
    this.secrets.clear();
    this.log.clear();
    this.nextHookId = 1;
    this.nextDeliveryId = 1;
  }

  /** Stops for good: no more deliveries, pending retries dropped, attempts under way aborted. */
  stop(): void {
    this.stopped = true;
    this.cancelAll();
  }

  private cancelAll(): void {
    this.generation++;
    for (const handle of this.timers.values()) this.clock.clearTimeout(handle);
    this.timers.clear();
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
    for (const delivery of this.log.values()) {
      if (delivery.status === 'pending' || delivery.status === 'sending') this.finish(delivery, 'cancelled', 'the sandbox was reset or stopped');
    }
  }

  private enqueue(webhook: Webhook, event: string, body: string, signature: string, test: boolean): Delivery {
    const delivery: Delivery = {
      id: this.nextDeliveryId++,
      webhookId: webhook.id,
      username: webhook.username,
      event,
      url: webhook.url,
      test,
      createdAt: this.iso(this.clock.now()),
      status: 'pending',
      attempts: [],
      nextAttemptAt: null,
      reason: null,
      body,
      signature,
    };
    this.log.set(delivery.id, delivery);
    this.trimLog();
    // The first attempt waits for a timer, so the request that emitted the event is answered first.
    this.schedule(delivery, 0);
    return delivery;
  }

  private schedule(delivery: Delivery, delayMs: number): void {
    delivery.status = 'pending';
    delivery.nextAttemptAt = this.iso(this.clock.now() + delayMs);
    this.timers.set(
      delivery.id,
      this.clock.setTimeout(() => void this.attempt(delivery), delayMs),
    );
  }

  private async attempt(delivery: Delivery): Promise<void> {
    this.timers.delete(delivery.id);
    const webhook = this.hooks.get(delivery.webhookId);
    if (!webhook) return this.finish(delivery, 'cancelled', 'the webhook was deleted');
    if (!webhook.active && !delivery.test) return this.finish(delivery, 'cancelled', 'the webhook was made inactive');
    const generation = this.generation;
    delivery.status = 'sending';
    delivery.nextAttemptAt = null;
    const controller = new AbortController();
    this.inFlight.set(delivery.id, controller);
    const started = this.clock.now();
    let timer: unknown;
    const timeout = new Promise<never>((_, reject) => {
      timer = this.clock.setTimeout(() => reject(new Timeout()), this.timeoutMs);
    });
    let httpStatus: number | null = null;
    let error: string | null = null;
    try {
      const headers = { 'Content-Type': FORM_CONTENT_TYPE, [SIGNATURE_HEADER]: delivery.signature, 'User-Agent': 'comanda-retail-sandbox-webhooks' };
      ({ status: httpStatus } = await Promise.race([this.transport({ url: delivery.url, body: delivery.body, headers, signal: controller.signal }), timeout]));
      if (httpStatus < 200 || httpStatus > 299) {
        error = httpStatus >= 300 && httpStatus < 400 ? `HTTP ${httpStatus} (redirects are not followed)` : `HTTP ${httpStatus}`;
      }
    } catch (cause) {
      error = cause instanceof Timeout ? `no answer within ${this.timeoutMs} ms` : describe(cause);
    } finally {
      this.clock.clearTimeout(timer);
      controller.abort(); // a timed-out request is closed; after an answer this only cuts a body still streaming
      this.inFlight.delete(delivery.id);
    }
    if (generation !== this.generation) return;
    const ok = error === null;
    delivery.attempts.push({
      number: delivery.attempts.length + 1,
      startedAt: this.iso(started),
      durationMs: this.clock.now() - started,
      httpStatus,
      ok,
      error,
    });
    if (ok) return this.finish(delivery, 'delivered', null);
    const retry = this.retryDelaysMs[delivery.attempts.length - 1];
    if (retry === undefined) return this.finish(delivery, 'failed', `given up after ${delivery.attempts.length} attempts`);
    this.schedule(delivery, retry);
  }

  private finish(delivery: Delivery, status: DeliveryStatus, reason: string | null): void {
    delivery.status = status;
    delivery.nextAttemptAt = null;
    delivery.reason = reason;
  }

  private trimLog(): void {
    if (this.log.size <= MAX_LOGGED_DELIVERIES) return;
    for (const [id, delivery] of this.log) {
      if (this.log.size <= MAX_LOGGED_DELIVERIES) break;
      if (delivery.status !== 'pending' && delivery.status !== 'sending') this.log.delete(id);
    }
  }

  private scaled(ms: number): number {
    return Math.max(1, Math.round(ms * this.timeScale));
  }

  private iso(ms: number): string {
    return new Date(ms).toISOString();
  }
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 300);
}
