// `--retail-state FILE`: the retail sandbox's state survives restarts, as the hospitality half's
// (../persistence.ts: loaded at start when the file exists, saved atomically after every committed
// write, coalesced, flushed on close). Its own file and format name, so neither half can load the
// other's file by mistake.
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { StateFileError } from '../persistence';
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

export function serializeRetailState(state: RetailState): string {
  return `${JSON.stringify({
    format: RETAIL_STATE_FORMAT,
    version: RETAIL_STATE_VERSION,
    savedAt: new Date().toISOString(),
    accounts: [...state.accounts.values()],
    ledger: state.ledger,
  })}\n`;
}

/** The state of a file's text (validated); accounts start from `seed`, then take every saved field. */
export function restoreRetailState(text: string, seed: () => RetailSeed, path = 'the retail state file'): RetailState {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(`sandbox: cannot load ${path}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StateFileError(
      `sandbox: cannot load ${path}: not a retail sandbox state file (${issue?.path.join('.') || 'top level'}: ${issue?.message ?? 'invalid'}); move it away or pass another --retail-state file`,
    );
  }
  let state: RetailState;
  try {
    state = createRetailState(parsed.data.accounts.map((a) => ({ username: a.username, accessToken: a.accessToken, master: a.master })), seed);
  } catch (error) {
    throw new StateFileError(`sandbox: cannot load ${path}: ${(error as Error).message}`);
  }
  for (const saved of parsed.data.accounts) {
    const data: Record<string, unknown> = { ...saved };
    for (const key of IDENTITY) delete data[key];
    Object.assign(state.account(saved.username) as RetailAccountState, data);
  }
  state.ledger = parsed.data.ledger as unknown as RetailLedgerEntry[];
  return state;
}

/** The state saved at `path`, or null when there is no such file. Throws StateFileError when unreadable. */
export function loadRetailStateFile(path: string | undefined, seed: () => RetailSeed): RetailState | null {
  if (path === undefined || !existsSync(path)) return null;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new StateFileError(`sandbox: cannot read the retail state file ${path}: ${(error as Error).message}`);
  }
  return restoreRetailState(text, seed, `the retail state file ${path}`);
}
