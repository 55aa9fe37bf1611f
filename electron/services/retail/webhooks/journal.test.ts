import { readFile, stat, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MAX_WEBHOOK_LOG, type WebhookLogEntry } from '../../../../shared/bridge';
import { DIGEST_TTL_MS, MAX_DIGESTS, openWebhookJournal, webhookJournalFile } from './journal';
import { useTempDirs } from '../../../../test/setup/tempDirs.testing';

// A repeated delivery (same body digest) is ignored, also after a restart; the
// log keeps the last MAX_WEBHOOK_LOG deliveries.

const dataDir = useTempDirs('comanda-webhook-journal-');

const digest = (n: number) => n.toString(16).padStart(64, '0');
const entry = (n: number): WebhookLogEntry => ({
  at: new Date(Date.UTC(2026, 10, 1, 0, 0, n)).toISOString(),
  event: 'product.updated',
  verified: true,
  outcome: 'applied',
  reason: null,
  change: { kind: 'product', id: n, name: null, removed: false },
});

describe('the webhook journal', () => {
  it('says a digest is new once, and remembers it after a restart', async () => {
    const dir = await dataDir();
    const first = await openWebhookJournal({ dataDir: dir, accountKey: 'shop:demo' });
    expect(first.firstTime(digest(1))).toBe(true);
    expect(first.firstTime(digest(1))).toBe(false);
    expect(first.firstTime(digest(2))).toBe(true);
    await first.flush();

    const again = await openWebhookJournal({ dataDir: dir, accountKey: 'shop:demo' });
    expect(again.firstTime(digest(1))).toBe(false);
    expect(again.firstTime(digest(2))).toBe(false);
    expect(again.firstTime(digest(3))).toBe(true);
    await again.flush();
  });

  it('keeps each account’s own digests and log, in a 0600 file of its own', async () => {
    const dir = await dataDir();
    const demo = await openWebhookJournal({ dataDir: dir, accountKey: 'shop:demo' });
    demo.firstTime(digest(1));
    demo.record(entry(1));
    await demo.flush();
    const other = await openWebhookJournal({ dataDir: dir, accountKey: 'shop:tienda@retail.example.com' });
    expect(other.firstTime(digest(1))).toBe(true);
    expect(other.entries()).toEqual([]);
    await other.flush();
    expect(((await stat(webhookJournalFile(dir, 'shop:demo'))).mode & 0o777).toString(8)).toBe('600');
  });

  it('is bounded: the oldest digests go beyond MAX_DIGESTS, and those older than a week', async () => {
    const dir = await dataDir();
    let now = Date.UTC(2026, 10, 1);
    const journal = await openWebhookJournal({ dataDir: dir, accountKey: 'shop:demo', now: () => now });
    for (let n = 0; n < MAX_DIGESTS + 5; n++) journal.firstTime(digest(n));
    expect(journal.firstTime(digest(MAX_DIGESTS + 4))).toBe(false);
    // The first five were pushed out.
    expect(journal.firstTime(digest(0))).toBe(true);
    await journal.flush();
    const saved = JSON.parse(await readFile(journal.file, 'utf8')) as { digests: unknown[] };
    expect(saved.digests.length).toBeLessThanOrEqual(MAX_DIGESTS);

    now += DIGEST_TTL_MS + 1;
    const later = await openWebhookJournal({ dataDir: dir, accountKey: 'shop:demo', now: () => now });
    expect(later.firstTime(digest(MAX_DIGESTS + 4))).toBe(true);
    await later.flush();
  });

  it('keeps the last MAX_WEBHOOK_LOG entries, newest first, across a restart', async () => {
    const dir = await dataDir();
    const journal = await openWebhookJournal({ dataDir: dir, accountKey: 'shop:demo' });
    for (let n = 1; n <= MAX_WEBHOOK_LOG + 20; n++) journal.record(entry(n));
    expect(journal.entries()).toHaveLength(MAX_WEBHOOK_LOG);
    expect(journal.entries()[0]).toEqual(entry(MAX_WEBHOOK_LOG + 20));
    await journal.flush();
    const again = await openWebhookJournal({ dataDir: dir, accountKey: 'shop:demo' });
    expect(again.entries()).toEqual(journal.entries());
  });

  it('starts empty (and says so) when its file is damaged', async () => {
    const dir = await dataDir();
    const file = webhookJournalFile(dir, 'shop:demo');
    const journal = await openWebhookJournal({ dataDir: dir, accountKey: 'shop:demo' });
    journal.record(entry(1));
    await journal.flush();
    await writeFile(file, '{"version":1,"digests":"no"');
    const lines: string[] = [];
    const damaged = await openWebhookJournal({ dataDir: dir, accountKey: 'shop:demo', log: (line) => lines.push(line) });
    expect(damaged.entries()).toEqual([]);
    expect(lines.join('\n')).toMatch(/damaged/);
  });
});
