import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  ACTION_GRANT_MS,
  coded,
  describeZodError,
  SESSION_IDLE_MS,
  SESSION_LONGEST_MS,
  type LockState,
  type PinAttempt,
  type PinGrant,
  type PinGrantKind,
  type PinPurpose,
} from '../../../shared/bridge';
import { ServiceError } from '../bridge/dispatcher';
import { writeFileAtomic } from '../files/atomicWrite';
import { hashPin, isPinHash, pinMatches } from './pinHash';

// The terminal lock on the main side: the PIN's scrypt hash, whether the lock
// screen is up, and the wrong tries, in `<data>/lock.json` (written atomically, 0600). The PIN
// itself is never stored or logged. From the third wrong PIN in a row, PINs are refused for a
// growing time (30 s, 60 s, 120 s … at most 15 min); the refusal survives a restart.
//
// docs/decisions.md, "The PIN guards the main side": the lock screen and the PIN gates count their
// wrong tries apart (a gate's refusals never keep a locked terminal locked); a right PIN at a gate
// answers a grant kept in this process's memory only; a wrong try whose count cannot be saved is
// refused (`storage`) and no PIN is checked until the count is on disk — a full disk never turns
// wrong tries into free ones.

export const LOCK_FILE = 'lock.json';
/** Wrong PINs allowed before PINs are refused for a while. */
export const FREE_TRIES = 3;
export const FIRST_WAIT_MS = 30_000;
export const LONGEST_WAIT_MS = 15 * 60_000;
/** Grants held at once; the oldest goes first (a loop of verifies cannot fill the memory). */
export const MOST_GRANTS = 32;

/** How long PINs are refused after `failures` wrong ones in a row (0: not refused). */
export function waitAfter(failures: number): number {
  if (failures < FREE_TRIES) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (failures - FREE_TRIES), LONGEST_WAIT_MS);
}

const triesSchema = z
  .object({
    failures: z.number().int().nonnegative(),
    /** Epoch ms until which PINs are refused; null: not refused. */
    refusedUntil: z.number().int().nonnegative().nullable(),
  })
  .strict();
type Tries = z.infer<typeof triesSchema>;

const pinHashSchema = z.string().refine(isPinHash, 'is not a scrypt PIN hash').nullable();

/** Version 1: one count for every PIN. */
const lockFileV1Schema = z
  .object({
    version: z.literal(1),
    pinHash: pinHashSchema,
    locked: z.boolean(),
    failures: z.number().int().nonnegative(),
    refusedUntil: z.number().int().nonnegative().nullable(),
  })
  .strict();

/** Version 2: the lock screen's count (`unlock`) and the gates' (`gate`) apart. */
const lockFileSchema = z.object({ version: z.literal(2), pinHash: pinHashSchema, locked: z.boolean(), unlock: triesSchema, gate: triesSchema }).strict();
type LockFile = z.infer<typeof lockFileSchema>;

const NO_TRIES: Tries = { failures: 0, refusedUntil: null };
const EMPTY: LockFile = { version: 2, pinHash: null, locked: false, unlock: NO_TRIES, gate: NO_TRIES };

/** Which count a purpose's wrong tries go to. */
type Counter = 'unlock' | 'gate';
const counterOf = (purpose: PinPurpose): Counter => (purpose === 'unlock' ? 'unlock' : 'gate');

export interface LockService {
  readonly file: string;
  state(): LockState;
  lock(): Promise<LockState>;
  /** `unlock` unlocks when right; `action` / `session` answer a gate with a grant. */
  verify(pin: string, purpose?: PinPurpose): Promise<PinAttempt>;
  /** A new PIN; when one is set, `current` must be it. Right: a session grant. */
  setPin(pin: string, current: string | undefined): Promise<PinAttempt>;
  clearPin(current: string): Promise<PinAttempt>;
  /**
   * Whether `token` is a live grant, spending it: an action grant is gone after this, a session's
   * idle time starts again.
   */
  redeem(token: string | undefined): boolean;
}

export interface LockServiceOptions {
  dataDir: string;
  /** Epoch ms; tests move it by hand. */
  now?: () => number;
  log?: (line: string) => void;
  /** After every change: the shells tell every window (`lock-changed`). */
  onChange?: (state: LockState) => void;
  /** Tests replace the disk (a full one). */
  writeFile?: (path: string, text: string) => Promise<void>;
}

interface HeldGrant {
  kind: PinGrantKind;
  issuedAt: number;
  expiresAt: number;
}

export async function openLockService(options: LockServiceOptions): Promise<LockService> {
  const file = join(options.dataDir, LOCK_FILE);
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const writeFile = options.writeFile ?? ((path: string, text: string) => writeFileAtomic(path, text, { mode: 0o600 }));
  const read = await readLockFile(file, log);
  /** What this process goes by; ahead of the file only while a write failed. */
  let current: LockFile = read.lock;
  /** The file as last written or read (JSON), to skip writes that change nothing; a damaged file matches nothing. */
  let onDisk = read.damaged ? '' : JSON.stringify(current);
  /** A wrong try counted here that the file lacks: no PIN is checked until it is saved. */
  let unsavedFailure = false;
  let damaged = read.damaged;
  const grants = new Map<string, HeldGrant>();
  // One PIN operation at a time: two quick tries cannot both pass the refusal or lose a count.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  };

  function retryInMs(tries: Tries, at = now()): number {
    if (tries.refusedUntil === null) return 0;
    // Never longer than the step's own wait: a clock set back does not refuse PINs for hours.
    return Math.max(0, Math.min(tries.refusedUntil - at, waitAfter(tries.failures)));
  }

  function state(): LockState {
    return {
      pinSet: current.pinHash !== null,
      locked: current.pinHash !== null && current.locked,
      failures: current.unlock.failures,
      retryInMs: retryInMs(current.unlock),
      gate: { failures: current.gate.failures, retryInMs: retryInMs(current.gate) },
      damaged,
    };
  }

  /** Saves `current`; false (logged) when the disk refused. */
  async function save(): Promise<boolean> {
    const text = JSON.stringify(current);
    if (text === onDisk) return true;
    try {
      await writeFile(file, `${JSON.stringify(lockFileSchema.parse(current), null, 2)}\n`);
      onDisk = text;
      return true;
    } catch (error) {
      log(`lock: cannot save ${file}: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /** Makes `next` current, tells the windows when that changed what they show, and saves it. */
  async function change(next: LockFile): Promise<boolean> {
    const before = JSON.stringify(state());
    current = next;
    if (JSON.stringify(state()) !== before) options.onChange?.(state());
    return save();
  }

  /** `next` only once it is on disk (a new or removed PIN that is not saved did not happen). */
  async function changeSaved(next: LockFile): Promise<void> {
    const previous = current;
    current = next;
    if (!(await save())) {
      current = previous;
      throw new ServiceError({ kind: 'storage', ...coded('file-not-saved'), detail: `lock: ${file} could not be written` });
    }
    options.onChange?.(state());
  }

  const refusedForStorage = () =>
    new ServiceError({ kind: 'storage', ...coded('pin-tries-not-saved'), detail: `lock: the count of wrong PINs cannot be saved to ${file}` });

  function issue(kind: PinGrantKind): PinGrant {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    const life = kind === 'action' ? ACTION_GRANT_MS : SESSION_IDLE_MS;
    grants.set(token, { kind, issuedAt: at, expiresAt: at + life });
    while (grants.size > MOST_GRANTS) grants.delete(grants.keys().next().value as string);
    return { id: token, kind, expiresInMs: life };
  }

  function revokeGrants() {
    grants.clear();
  }

  /**
   * Checks `pin` against the saved hash, counting a wrong one on `counter`. A right one resets both
   * counts (the same person) and `onRight` says what else changes.
   */
  async function attempt(pin: string | undefined, counter: Counter, onRight: (file: LockFile) => LockFile, persistRight: 'must' | 'try'): Promise<PinAttempt> {
    if (current.pinHash === null) {
      const next = onRight(current);
      if (persistRight === 'must') await changeSaved(next);
      else await change(next);
      return { result: 'ok', lock: state() };
    }
    // A wrong try the file lacks: saved first, or no PIN is checked (fail closed).
    if (unsavedFailure) {
      if (!(await save())) throw refusedForStorage();
      unsavedFailure = false;
    }
    if (retryInMs(current[counter]) > 0) return { result: 'wait', lock: state() };
    if (pin !== undefined && (await pinMatches(pin, current.pinHash))) {
      const next = onRight({ ...current, unlock: NO_TRIES, gate: NO_TRIES });
      if (persistRight === 'must') await changeSaved(next);
      // The file then holds the stricter state (still locked, the old counts): safe on a restart.
      else await change(next);
      return { result: 'ok', lock: state() };
    }
    const failures = current[counter].failures + 1;
    const wait = waitAfter(failures);
    if (!(await change({ ...current, [counter]: { failures, refusedUntil: wait > 0 ? now() + wait : null } }))) {
      unsavedFailure = true;
      throw refusedForStorage();
    }
    if (wait > 0)
      log(`lock: ${failures} wrong PINs in a row at the ${counter === 'unlock' ? 'lock screen' : 'PIN gates'}; PINs refused there for ${wait / 1000} s`);
    return { result: 'wrong', lock: state() };
  }

  return {
    file,
    state,
    lock: () =>
      serial(async () => {
        revokeGrants();
        // Locked in memory even when the disk refuses: the stricter state wins.
        if (current.pinHash !== null && !current.locked) await change({ ...current, locked: true });
        return state();
      }),
    verify: (pin, purpose = 'unlock') =>
      serial(async () => {
        const answer = await attempt(pin, counterOf(purpose), (f) => (purpose === 'unlock' ? { ...f, locked: false } : f), 'try');
        // No PIN: nothing is guarded, so there is nothing to grant.
        if (answer.result !== 'ok' || purpose === 'unlock' || current.pinHash === null) return answer;
        return { ...answer, grant: issue(purpose) };
      }),
    setPin: (pin, currentPin) =>
      serial(async () => {
        // Hashed before the check so a right `current` and the new hash are saved together.
        const pinHash = await hashPin(pin);
        const answer = await attempt(current.pinHash === null ? undefined : currentPin, 'gate', (f) => ({ ...f, pinHash }), 'must');
        if (answer.result !== 'ok') return answer;
        // A new PIN ends every grant of the old one; whoever set it gets a session.
        revokeGrants();
        damaged = false;
        log('lock: the terminal PIN was set');
        return { result: 'ok', lock: state(), grant: issue('session') };
      }),
    clearPin: (currentPin) =>
      serial(async () => {
        const answer = await attempt(currentPin, 'gate', () => ({ ...EMPTY }), 'must');
        if (answer.result !== 'ok') return answer;
        revokeGrants();
        damaged = false;
        log('lock: the terminal PIN was removed');
        return { result: 'ok', lock: state() };
      }),
    redeem(token) {
      if (token === undefined) return false;
      const grant = grants.get(token);
      if (!grant) return false;
      const at = now();
      if (at >= grant.expiresAt) {
        grants.delete(token);
        return false;
      }
      if (grant.kind === 'action') grants.delete(token);
      else grant.expiresAt = Math.min(at + SESSION_IDLE_MS, grant.issuedAt + SESSION_LONGEST_MS);
      return true;
    },
  };
}

/**
 * The saved lock; none when there is no file. A damaged or unreadable file is kept aside and
 * logged, and the terminal runs without a PIN until one is set again — `damaged` says so (the
 * header shows it).
 */
async function readLockFile(file: string, log: (line: string) => void): Promise<{ lock: LockFile; damaged: boolean }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { lock: EMPTY, damaged: false };
    log(`lock: cannot read ${file} (${(error as Error).message}); no PIN until one is set`);
    return { lock: EMPTY, damaged: true };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const v2 = lockFileSchema.safeParse(json);
  if (v2.success) return { lock: v2.data, damaged: false };
  const v1 = lockFileV1Schema.safeParse(json);
  if (v1.success) {
    // Both counts start from the one count of version 1 (the stricter choice).
    const tries = { failures: v1.data.failures, refusedUntil: v1.data.refusedUntil };
    return { lock: { version: 2, pinHash: v1.data.pinHash, locked: v1.data.locked, unlock: tries, gate: tries }, damaged: false };
  }
  log(`lock: ${json === undefined ? `${file} is not valid JSON` : describeZodError(file, v2.error)}; kept as ${file}.damaged, no PIN until one is set`);
  await writeFileAtomic(`${file}.damaged`, text, { mode: 0o600 }).catch(() => {});
  return { lock: EMPTY, damaged: true };
}
