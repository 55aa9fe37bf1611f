import { z } from 'zod';
import { MOST_SOLD_DAYS, mostSoldSchema, type MostSold } from '../../../shared/bridge/queue';
import type { QueueDb } from './migrations';

// "Most sold": the items this terminal sent most in the last 14 days, read from
// the account's own queue database (one file per account, so the counts are per account). Only
// entries that reached the POS count: accepted by the server, or marked done by the waiter after
// checking the POS. Queued, unconfirmed, rejected and discarded entries never reached it; a
// seating "sent as a round" is counted through that round. Quantities are summed per item over
// every line of those entries (a menu counts as the menu, not its dishes).

export interface MostSoldReader {
  read(options: { now: Date; limit: number }): MostSold;
}

const row = z.object({ itemId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), quantity: z.number().positive().finite() });

export function createMostSoldReader(db: QueueDb, log: (line: string) => void = () => {}): MostSoldReader {
  // One pass over the entries' JSON (no column holds the lines); json_each yields each line.
  const statement = db.prepare(`
    SELECT CAST(json_extract(line.value, '$.choice.itemId') AS INTEGER) AS itemId,
           total(json_extract(line.value, '$.quantity')) AS quantity
    FROM entries AS e, json_each(e.data, '$.lines') AS line
    WHERE (e.state = 'accepted' OR json_extract(e.data, '$.resolution') = 'marked-done')
      AND json_extract(e.data, '$.createdAt') >= ?
    GROUP BY 1
    ORDER BY quantity DESC, max(e.seq) DESC
    LIMIT ?`);
  return {
    read({ now, limit }) {
      const since = new Date(now.getTime() - MOST_SOLD_DAYS * 24 * 60 * 60 * 1000).toISOString();
      const items: MostSold['items'] = [];
      let skipped = 0;
      for (const each of statement.all(since, limit)) {
        const parsed = row.safeParse(each);
        if (parsed.success) items.push({ itemId: parsed.data.itemId, quantity: parsed.data.quantity });
        else skipped++;
      }
      // A damaged line is left out of the counts, never a reason to show none.
      if (skipped > 0) log(`queue: most sold skipped ${skipped} line(s) without an item id or quantity`);
      return mostSoldSchema.parse({ since, items });
    },
  };
}
