import { readFile } from 'node:fs/promises';
import { explainedGatewayCall } from '../bridge/gatewayFailures';
import { join } from 'node:path';
import { z } from 'zod';
import { stockSettingsSchema, type ItemStock, type StockSettings } from '../../../shared/bridge';
import type { StockWire } from '../../../shared/api';
import { writeFileAtomic } from '../files/atomicWrite';
import type { CommerceDeps, CommerceHandlers } from './types';

// Stock: 86 an item or put it back with the vendor's `setStock` (spec 4.4),
// online only, then tell every window (`stock-changed`); and the warehouse this terminal sells
// from, kept per account in one small file of the data folder (`stock-settings.json`).
//
// The file: `{ "version": 1, "accounts": { "<accountKey>": { "warehouseId": 3 | null } } }`,
// written atomically (files/atomicWrite.ts). A file that cannot be read as that shape is damaged:
// it means "no warehouse" for every account (logged, never thrown), and the next save replaces it.

export const STOCK_SETTINGS_FILE = 'stock-settings.json';

const stockSettingsFile = z.strictObject({
  version: z.literal(1),
  accounts: z.record(z.string().min(1).max(1_000), stockSettingsSchema),
});
type StockSettingsFile = z.infer<typeof stockSettingsFile>;

const NO_WAREHOUSE: StockSettings = { warehouseId: null };

/** Saves of one file run one after another (two accounts' handlers may share the data folder). */
const writesByFile = new Map<string, Promise<unknown>>();

function serialised<T>(path: string, work: () => Promise<T>): Promise<T> {
  const before = writesByFile.get(path) ?? Promise.resolve();
  const run = before.then(work, work);
  const settled = run.catch(() => undefined);
  writesByFile.set(path, settled);
  void settled.then(() => {
    if (writesByFile.get(path) === settled) writesByFile.delete(path);
  });
  return run;
}

/** The row the vendor answered for this item, when it answered one (the answer is "not shown" in the spec). */
function answeredRow(answer: StockWire | StockWire[] | null, itemId: number): StockWire | undefined {
  if (answer === null) return undefined;
  const rows = Array.isArray(answer) ? answer : [answer];
  return rows.find((row) => row.item_id === itemId);
}

export function stockHandlers(deps: CommerceDeps): Pick<CommerceHandlers, 'setItemStock' | 'getStockSettings' | 'saveStockSettings'> {
  const path = join(deps.dataDir, STOCK_SETTINGS_FILE);
  const log = deps.log ?? (() => {});

  /** The whole file; a missing one is empty, a damaged one is empty and logged. */
  async function readAll(): Promise<StockSettingsFile> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, accounts: {} };
      log(`stock settings: cannot read ${STOCK_SETTINGS_FILE} (${(error as NodeJS.ErrnoException).code ?? 'error'}): no warehouse`);
      return { version: 1, accounts: {} };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      log(`stock settings: ${STOCK_SETTINGS_FILE} is not JSON (damaged): no warehouse until it is saved again`);
      return { version: 1, accounts: {} };
    }
    const parsed = stockSettingsFile.safeParse(json);
    if (!parsed.success) {
      log(
        `stock settings: ${STOCK_SETTINGS_FILE} has an unexpected shape (damaged): no warehouse until it is saved again — ${parsed.error.issues[0]?.message ?? ''}`,
      );
      return { version: 1, accounts: {} };
    }
    return parsed.data;
  }

  return {
    async getStockSettings() {
      const all = await readAll();
      return all.accounts[deps.accountKey] ?? NO_WAREHOUSE;
    },

    saveStockSettings: (input) =>
      serialised(path, async () => {
        const settings = stockSettingsSchema.parse(input);
        const all = await readAll();
        const next: StockSettingsFile = { version: 1, accounts: { ...all.accounts, [deps.accountKey]: settings } };
        await writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`);
        return settings;
      }),

    setItemStock: (input) =>
      explainedGatewayCall(async () => {
        const answer = await deps.gateway.setStock(input.warehouseId, { item_id: input.itemId, quantity: input.quantity }, { priority: 'interactive' });
        // The vendor's row when it answered one (its quantity is the truth), else what was set.
        const row = answeredRow(answer, input.itemId);
        const stock: ItemStock = { warehouseId: input.warehouseId, itemId: input.itemId, quantity: row?.quantity ?? input.quantity };
        deps.emit({ type: 'stock-changed', stock });
        return { stock };
      }),
  };
}
