import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  MAX_WEBHOOK_LOG,
  NO_WEBHOOK_REFUSALS,
  webhookLogEntrySchema,
  webhookRefusedSchema,
  type WebhookLogEntry,
  type WebhookRefusal,
  type WebhookRefused,
} from '../../../../shared/bridge/webhooks';
import { writeFileAtomic } from '../../files/atomicWrite';
import { accountFolderName } from '../../images/cache';

// What the receiver remembers of one shop account, in
// `<data>/webhooks/<account>.json`: the SHA-256 digests of the bodies it handled (a repeated
// delivery — the vendor retries, and may repeat one that did arrive — is ignored, also after a
// restart), the log Settings shows (the last MAX_WEBHOOK_LOG deliveries) and the count of refused
// requests (never logged: shared/bridge/webhooks.ts webhookRefusals).
//
// Why a file of its own and not the queue's SQLite database: these are small, bounded and
// non-critical (losing them costs at most one repeat of an idempotent put or a log line), written
// off the request's path; the queue's database and its schema belong to the order queue. Written
// atomically (files/atomicWrite.ts), coalesced: one write in flight, the latest state next.

/** Digests kept: far more than the deliveries of one retry window (5 retries over ~9 minutes). */
export const MAX_DIGESTS = 2_000;
/** A digest older than this is forgotten (the vendor has long stopped retrying). */
export const DIGEST_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const fileSchema = z.strictObject({
  version: z.literal(1),
  /** [digest (hex), first seen (epoch ms)], oldest first. */
  digests: z.array(z.tuple([z.string().regex(/^[0-9a-f]{64}$/), z.number().int().nonnegative()])).max(MAX_DIGESTS),
  /** Oldest first. */
  log: z.array(webhookLogEntrySchema).max(MAX_WEBHOOK_LOG),
  /** Absent in files written before refusals were counted. */
  refused: webhookRefusedSchema.optional(),
});

export interface WebhookJournal {
  readonly file: string;
  /** Whether this body digest was handled before; records it when not (so a second copy is a repeat). */
  firstTime(digest: string): boolean;
  /** Adds a log entry (the oldest beyond MAX_WEBHOOK_LOG go). */
  record(entry: WebhookLogEntry): void;
  /** Newest first. */
  entries(): WebhookLogEntry[];
  /** Counts a refused request (nothing of it is kept). */
  countRefused(reason: WebhookRefusal, at: Date): void;
  refused(): WebhookRefused;
  /** Resolves once what was recorded so far is on disk. */
  flush(): Promise<void>;
}

export interface JournalOptions {
  dataDir: string;
  accountKey: string;
  now?: () => number;
  log?: (line: string) => void;
}

export function webhookJournalFile(dataDir: string, accountKey: string): string {
  return join(dataDir, 'webhooks', `${accountFolderName(accountKey)}.json`);
}

export async function openWebhookJournal(options: JournalOptions): Promise<WebhookJournal> {
  const file = webhookJournalFile(options.dataDir, options.accountKey);
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const digests = new Map<string, number>();
  let entries: WebhookLogEntry[] = [];
  let refused: WebhookRefused = NO_WEBHOOK_REFUSALS;

  const saved = await load(file, log);
  const oldest = now() - DIGEST_TTL_MS;
  for (const [digest, at] of saved.digests) if (at >= oldest) digests.set(digest, at);
  entries = saved.log;
  refused = saved.refused ?? NO_WEBHOOK_REFUSALS;

  let writing: Promise<void> | null = null;
  let dirty = false;

  const write = async () => {
    const body = { version: 1 as const, digests: [...digests.entries()], log: entries, refused };
    await writeFileAtomic(file, `${JSON.stringify(body)}\n`, { mode: 0o600 });
  };
  const schedule = () => {
    dirty = true;
    if (writing) return;
    writing = (async () => {
      while (dirty) {
        dirty = false;
        try {
          await write();
        } catch (error) {
          log(`webhooks: cannot save ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
        }
      }
      writing = null;
    })();
  };

  return {
    file,
    firstTime(digest) {
      if (digests.has(digest)) return false;
      digests.set(digest, now());
      const expired = now() - DIGEST_TTL_MS;
      for (const [old, at] of digests) {
        if (digests.size <= MAX_DIGESTS && at >= expired) break;
        digests.delete(old);
      }
      schedule();
      return true;
    },
    record(entry) {
      entries = [...entries, entry].slice(-MAX_WEBHOOK_LOG);
      schedule();
    },
    entries: () => [...entries].reverse(),
    countRefused(reason, at) {
      refused = { total: refused.total + 1, byReason: { ...refused.byReason, [reason]: refused.byReason[reason] + 1 }, lastAt: at.toISOString() };
      schedule();
    },
    refused: () => refused,
    async flush() {
      while (writing) await writing;
    },
  };
}

async function load(file: string, log: (line: string) => void): Promise<z.output<typeof fileSchema>> {
  const empty = { version: 1 as const, digests: [], log: [] };
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      log(`webhooks: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}): starting with no log`);
    return empty;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    log(`webhooks: ${file} is not JSON (damaged): starting with no log`);
    return empty;
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    log(`webhooks: ${file} has an unexpected shape (damaged): starting with no log`);
    return empty;
  }
  return parsed.data;
}
