// The retail listener's log of writes (control API: GET /__sandbox/requests), so a test can prove
// that an order or an invoice arrived once and in which order: every POST, PUT, PATCH and DELETE
// under /api/external that reached the app, in arrival order, with the status it was answered
// (a 429, 413 or 422 included; a request the faults cut before the app — drop, offline — never
// arrives, so it is not here). The ledger holds only what was committed; this holds every attempt.
// Bounded: the oldest entries go first past `capacity` (`dropped` says how many).
import type { Env, MiddlewareHandler } from 'hono';

/** One write the listener received. `seq` counts up from 1 since the last reset. */
export interface LoggedWrite {
  seq: number;
  /** ISO time the request arrived. */
  at: string;
  method: string;
  path: string;
  /** The `username` header as sent (the account), or null. */
  username: string | null;
  /** The status the app answered with. */
  status: number;
}

export interface WriteLogFilter {
  method?: string;
  /** Exact path, or a prefix when it ends with `*`. */
  path?: string;
  username?: string;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Entries kept by default: far more than any test's writes, little memory in a long bench. */
export const WRITE_LOG_CAPACITY = 10_000;

function matches(entry: LoggedWrite, filter: WriteLogFilter): boolean {
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false;
  if (filter.username !== undefined && entry.username !== filter.username) return false;
  if (filter.path !== undefined) {
    const prefix = filter.path.endsWith('*') ? filter.path.slice(0, -1) : null;
    if (prefix === null ? entry.path !== filter.path : !entry.path.startsWith(prefix)) return false;
  }
  return true;
}

export class RetailWriteLog {
  private list: LoggedWrite[] = [];
  private seq = 0;
  private droppedCount = 0;

  constructor(private readonly capacity: number = WRITE_LOG_CAPACITY) {}

  /** Logs each write to /api/external once the app has answered it (errors included). */
  middleware<E extends Env>(): MiddlewareHandler<E> {
    return async (c, next) => {
      const method = c.req.method.toUpperCase();
      const path = c.req.path;
      if (!WRITES.has(method) || !path.startsWith('/api/external/')) return next();
      const at = new Date().toISOString();
      const username = c.req.header('username')?.trim().slice(0, 100) ?? null;
      try {
        await next();
      } finally {
        // An error the app's onError did not turn into an answer is a 500 for the client.
        this.push({ at, method, path: path.slice(0, 300), username, status: c.res?.status ?? 500 });
      }
    };
  }

  private push(entry: Omit<LoggedWrite, 'seq'>): void {
    this.list.push({ seq: ++this.seq, ...entry });
    if (this.list.length > this.capacity) {
      this.droppedCount += this.list.length - this.capacity;
      this.list.splice(0, this.list.length - this.capacity);
    }
  }

  /** The writes kept, oldest first, that match `filter`; `counts` by "METHOD path" and by status. */
  snapshot(filter: WriteLogFilter = {}): { entries: LoggedWrite[]; counts: Record<string, number>; dropped: number } {
    const entries = this.list.filter((entry) => matches(entry, filter)).map((entry) => ({ ...entry }));
    const counts: Record<string, number> = {};
    for (const entry of entries) {
      const key = `${entry.method} ${entry.path}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return { entries, counts, dropped: this.droppedCount };
  }

  clear(): void {
    this.list = [];
    this.seq = 0;
    this.droppedCount = 0;
  }
}
