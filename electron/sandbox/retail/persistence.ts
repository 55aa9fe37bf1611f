// `--retail-state FILE`: the retail sandbox's state survives restarts, as the hospitality half's
// (../persistence.ts: loaded at start when the file exists, saved atomically after every committed
// write, coalesced, flushed on close). Its own file and format name, so neither half can load the
// other's file by mistake.
import { z } from 'zod';
import { loadStateFileOf, restoreAccount, stateFileText, type StateFileKind } from '../persistence';
import type { RetailAccountState, RetailSeed } from './model';
import { createRetailState, type RetailLedgerEntry, type RetailState } from './state';

export const RETAIL_STATE_FORMAT = 'comanda-retail-sandbox-state';
export const RETAIL_STATE_VERSION = 1;

const IDENTITY = ['username', 'accessToken', 'master'] as const;

const records = z.array(z.looseObject({}));
const accountSchema = z.looseObject({
  username: z.string().min(1),
  accessToken: z.string(),
  master: z.string().min(1).nullable(),
  ecommerceModule: z.boolean(),
  lastIds: z.record(z.string(), z.number()),
  lastInvoiceNumber: z.int().min(0),
  products: records,
  orders: records,
  invoices: records,
});

const fileSchema = z.object({
  format: z.literal(RETAIL_STATE_FORMAT),
  version: z.literal(RETAIL_STATE_VERSION),
  savedAt: z.string().optional(),
  accounts: z.array(accountSchema).min(1),
  ledger: z.array(z.looseObject({ service: z.literal('retail'), kind: z.string(), tenant: z.string(), orderId: z.number() })),
});

type RetailStateFile = z.output<typeof fileSchema>;

export function serializeRetailState(state: RetailState): string {
  return stateFileText(RETAIL_STATE_FORMAT, RETAIL_STATE_VERSION, state.accounts.values(), state.ledger);
}

/** Accounts start from `seed`, then take every saved field. */
function retailStateFile(seed: () => RetailSeed): StateFileKind<RetailStateFile, RetailState> {
  return {
    name: 'retail state file',
    title: 'retail sandbox state file',
    flag: '--retail-state',
    schema: fileSchema,
    build(file) {
      const state = createRetailState(
        file.accounts.map((a) => ({ username: a.username, accessToken: a.accessToken, master: a.master })),
        seed,
      );
      for (const saved of file.accounts) restoreAccount(state.account(saved.username) as RetailAccountState, saved, IDENTITY);
      state.ledger = file.ledger as unknown as RetailLedgerEntry[];
      return state;
    },
  };
}

/** The state saved at `path`, or null when there is no such file. Throws StateFileError when unreadable. */
export function loadRetailStateFile(path: string | undefined, seed: () => RetailSeed): RetailState | null {
  return loadStateFileOf(retailStateFile(seed), path);
}
