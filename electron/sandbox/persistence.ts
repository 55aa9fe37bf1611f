// `--state FILE`: the sandbox's state survives restarts. In memory by default;
// with a state file the whole state (every account's records, id counters, the ledger) is loaded
// from the file at start when it exists, and saved after every committed write (a non-GET request
// answered below 400). Saves go through the main side's one atomic-write helper (temp file in the
// same folder, fsync, rename, folder fsync) and are coalesced: at most one write in flight and one
// queued, which saves the state as it is when it starts. `flush()` waits for the last one (the
// server's close() calls it).
import { existsSync, readFileSync } from 'node:fs';
import type { Env, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { writeFileAtomic } from '../services/files/atomicWrite';
import type { SandboxEnv } from './env';
import { defaultSeed } from './seed';
import { createSandboxState, type AccountState, type AccountSpec, type SandboxState } from './state';

export const STATE_FILE_FORMAT = 'comanda-sandbox-state';
export const STATE_FILE_VERSION = 1;

/** Identity fields of an account: they come from the file's spec, never assigned afterwards. */
const IDENTITY = ['tenant', 'accessToken', 'integratorToken', 'master'] as const;

const accountSchema = z.looseObject({
  tenant: z.string().min(1),
  accessToken: z.string(),
  integratorToken: z.string(),
  master: z.string().min(1).nullable(),
  rooms: z.array(z.looseObject({ id: z.number() })),
  tables: z.array(z.looseObject({ id: z.number() })),
  paymentMethods: z.array(z.looseObject({ id: z.number() })),
  catalog: z.record(z.string(), z.array(z.looseObject({ id: z.number() }))),
  commerce: z.record(z.string(), z.array(z.looseObject({}))),
  orders: z.looseObject({ orders: z.array(z.looseObject({ id: z.number() })) }),
  lastIds: z.record(z.string(), z.number()),
});

const fileSchema = z.object({
  format: z.literal(STATE_FILE_FORMAT),
  version: z.literal(STATE_FILE_VERSION),
  savedAt: z.string().optional(),
  accounts: z.array(accountSchema).min(1),
  ledger: z.array(z.looseObject({ kind: z.string(), tenant: z.string(), orderId: z.number() })),
});

export type StateFile = z.output<typeof fileSchema>;

/** The state as the plain JSON document the file holds. */
export function serializeState(state: SandboxState): string {
  return stateFileText(STATE_FILE_FORMAT, STATE_FILE_VERSION, state.accounts.values(), state.ledger);
}

/** A state file's text: its format and version, when it was saved, the accounts and the ledger. */
export function stateFileText(format: string, version: number, accounts: Iterable<object>, ledger: readonly object[]): string {
  return `${JSON.stringify({ format, version, savedAt: new Date().toISOString(), accounts: [...accounts], ledger })}\n`;
}

export class StateFileError extends Error {}

/** What sets one half's state files apart (the hospitality and the retail listener each have their own). */
export interface StateFileKind<D, S> {
  /** What the messages call a file: "state file" → "cannot read the state file <path>". */
  name: string;
  /** What a file that fails the schema is not: "sandbox state file". */
  title: string;
  /** The flag that names the file (the message asks for another one). */
  flag: string;
  schema: z.ZodType<D>;
  /** The state of a valid document: accounts from the seed, then every saved field (restoreAccount). */
  build: (doc: D) => S;
}

/** Builds a state from a file's text (validated). Throws StateFileError on a bad document. */
export function restoreStateOf<D, S>(kind: StateFileKind<D, S>, text: string, path = `the ${kind.name}`): S {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(`sandbox: cannot load ${path}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = kind.schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'top level';
    throw new StateFileError(
      `sandbox: cannot load ${path}: not a ${kind.title} (${where}: ${issue?.message ?? 'invalid'}); ` + `move it away or pass another ${kind.flag} file`,
    );
  }
  try {
    return kind.build(parsed.data);
  } catch (error) {
    throw new StateFileError(`sandbox: cannot load ${path}: ${(error as Error).message}`);
  }
}

/** The state saved at `path`, or null when there is no such file. Throws StateFileError when unreadable. */
export function loadStateFileOf<D, S>(kind: StateFileKind<D, S>, path: string | undefined): S | null {
  if (path === undefined || !existsSync(path)) return null;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new StateFileError(`sandbox: cannot read the ${kind.name} ${path}: ${(error as Error).message}`);
  }
  return restoreStateOf(kind, text, `the ${kind.name} ${path}`);
}

/**
 * Gives a seeded account every saved field but its identity (which came from the file's spec):
 * fields added to the state after the file was written keep their seeded value.
 */
export function restoreAccount(account: object, saved: object, identity: readonly string[]): void {
  const data: Record<string, unknown> = { ...saved };
  for (const key of identity) delete data[key];
  Object.assign(account, data);
}

const STATE_FILE: StateFileKind<StateFile, SandboxState> = {
  name: 'state file',
  title: 'sandbox state file',
  flag: '--state',
  schema: fileSchema,
  build(file) {
    const specs: AccountSpec[] = file.accounts.map((a) => ({
      tenant: a.tenant,
      accessToken: a.accessToken,
      integratorToken: a.integratorToken,
      master: a.master,
    }));
    const state = createSandboxState(specs, defaultSeed());
    for (const saved of file.accounts) restoreAccount(state.account(saved.tenant) as AccountState, saved, IDENTITY);
    state.ledger = file.ledger as unknown as SandboxState['ledger'];
    return state;
  },
};

/** Builds a state from a file's document (validated). Throws StateFileError on a bad document. */
export function restoreState(text: string, path?: string): SandboxState {
  return restoreStateOf(STATE_FILE, text, path);
}

/** The state saved at `path`, or null when there is no such file. Throws StateFileError when unreadable. */
export function loadStateFile(path: string | undefined): SandboxState | null {
  return loadStateFileOf(STATE_FILE, path);
}

/**
 * Saves the state to a file after writes: one save in flight, at most one queued. `serialize`
 * writes another state than the hospitality one (the retail sandbox's).
 */
export class StateSaver<S = SandboxState> {
  private running: Promise<void> | null = null;
  private queued = false;
  private lastError: unknown = null;

  constructor(
    private readonly path: string,
    private readonly getState: () => S,
    private readonly onError?: (error: unknown) => void,
    private readonly serialize: (state: S) => string = serializeState as unknown as (state: S) => string,
  ) {}

  /** Asks for a save of the state as it will be when the save starts. */
  schedule(): void {
    this.queued = true;
    this.running ??= this.run();
  }

  private async run(): Promise<void> {
    try {
      while (this.queued) {
        this.queued = false;
        try {
          // The folder is the user's choice (`--state FILE`): a missing one is an error, not created.
          await writeFileAtomic(this.path, this.serialize(this.getState()), { mode: 0o600, createFolder: false });
          this.lastError = null;
        } catch (error) {
          this.lastError = error;
          this.onError?.(error);
        }
      }
    } finally {
      this.running = null;
    }
  }

  /** Waits until every requested save is written; rejects when the last save failed. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.lastError !== null) {
      const error = this.lastError;
      throw new Error(`sandbox: cannot save the state to ${this.path}: ${(error as Error).message ?? String(error)}`);
    }
  }

  /** Middleware: schedules a save after every committed write (non-GET/HEAD request answered below 400). */
  middleware<E extends Env = SandboxEnv>(): MiddlewareHandler<E> {
    return async (c, next) => {
      await next();
      const method = c.req.method;
      if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && c.res.status < 400) this.schedule();
    };
  }
}
