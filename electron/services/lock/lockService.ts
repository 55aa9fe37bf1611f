import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { describeZodError, type LockState, type PinAttempt } from '../../../shared/bridge';
import { writeFileAtomic } from '../files/atomicWrite';
import { hashPin, isPinHash, pinMatches } from './pinHash';

// The terminal lock on the main side (issue 12 item 9): the PIN's scrypt hash, whether the lock
// screen is up, and the wrong tries, in `<data>/lock.json` (written atomically, 0600). The PIN
// itself is never stored or logged. From the third wrong PIN in a row, PINs are refused for a
// growing time (30 s, 60 s, 120 s … at most 15 min); the refusal survives a restart.

export const LOCK_FILE = 'lock.json';
/** Wrong PINs allowed before PINs are refused for a while. */
export const FREE_TRIES = 3;
export const FIRST_WAIT_MS = 30_000;
export const LONGEST_WAIT_MS = 15 * 60_000;

/** How long PINs are refused after `failures` wrong ones in a row (0: not refused). */
export function waitAfter(failures: number): number {
  if (failures < FREE_TRIES) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (failures - FREE_TRIES), LONGEST_WAIT_MS);
}

const lockFileSchema = z
  .object({
    version: z.literal(1),
    pinHash: z.string().refine(isPinHash, 'is not a scrypt PIN hash').nullable(),
    locked: z.boolean(),
    failures: z.number().int().nonnegative(),
    /** Epoch ms until which PINs are refused; null: not refused. */
    refusedUntil: z.number().int().nonnegative().nullable(),
  })
  .strict();
type LockFile = z.infer<typeof lockFileSchema>;

const EMPTY: LockFile = { version: 1, pinHash: null, locked: false, failures: 0, refusedUntil: null };

export interface LockService {
  readonly file: string;
  state(): LockState;
  lock(): Promise<LockState>;
  verify(pin: string): Promise<PinAttempt>;
  /** A new PIN; when one is set, `current` must be it. */
  setPin(pin: string, current: string | undefined): Promise<PinAttempt>;
  clearPin(current: string): Promise<PinAttempt>;
}

export interface LockServiceOptions {
  dataDir: string;
  /** Epoch ms; tests move it by hand. */
  now?: () => number;
  log?: (line: string) => void;
  /** After every change that was saved: the shells tell every window (`lock-changed`). */
  onChange?: (state: LockState) => void;
}

export async function openLockService(options: LockServiceOptions): Promise<LockService> {
  const file = join(options.dataDir, LOCK_FILE);
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  let saved = await readLockFile(file, log);
  // One PIN operation at a time: two quick tries cannot both pass the refusal or lose a count.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  };

  function retryInMs(at = now()): number {
    if (saved.refusedUntil === null) return 0;
    // Never longer than the step's own wait: a clock set back does not refuse PINs for hours.
    return Math.max(0, Math.min(saved.refusedUntil - at, waitAfter(saved.failures)));
  }

  function state(): LockState {
    return { pinSet: saved.pinHash !== null, locked: saved.pinHash !== null && saved.locked, failures: saved.failures, retryInMs: retryInMs() };
  }

  async function write(next: LockFile): Promise<void> {
    if (JSON.stringify(next) === JSON.stringify(saved)) return;
    await writeFileAtomic(file, `${JSON.stringify(lockFileSchema.parse(next), null, 2)}\n`, { mode: 0o600 });
    saved = next;
    options.onChange?.(state());
  }

  /** Checks `pin` against the saved hash, counting a wrong one; `ok` leaves the counts to the caller. */
  async function attempt(pin: string | undefined, onRight: (file: LockFile) => LockFile): Promise<PinAttempt> {
    if (saved.pinHash === null) {
      await write(onRight(saved));
      return { result: 'ok', lock: state() };
    }
    if (retryInMs() > 0) return { result: 'wait', lock: state() };
    if (pin !== undefined && (await pinMatches(pin, saved.pinHash))) {
      await write(onRight({ ...saved, failures: 0, refusedUntil: null }));
      return { result: 'ok', lock: state() };
    }
    const failures = saved.failures + 1;
    const wait = waitAfter(failures);
    await write({ ...saved, failures, refusedUntil: wait > 0 ? now() + wait : null });
    if (wait > 0) log(`lock: ${failures} wrong PINs in a row; PINs refused for ${wait / 1000} s`);
    return { result: 'wrong', lock: state() };
  }

  return {
    file,
    state,
    lock: () =>
      serial(async () => {
        if (saved.pinHash !== null && !saved.locked) await write({ ...saved, locked: true });
        return state();
      }),
    verify: (pin) => serial(() => attempt(pin, (f) => ({ ...f, locked: false }))),
    setPin: (pin, current) =>
      serial(async () => {
        // Hashed before the check so a right `current` and the new hash are saved together.
        const pinHash = await hashPin(pin);
        const answer = await attempt(saved.pinHash === null ? undefined : current, (f) => ({ ...f, pinHash }));
        if (answer.result === 'ok') log('lock: the terminal PIN was set');
        return answer;
      }),
    clearPin: (current) =>
      serial(async () => {
        const answer = await attempt(current, () => ({ ...EMPTY }));
        if (answer.result === 'ok') log('lock: the terminal PIN was removed');
        return answer;
      }),
  };
}

/** The saved lock; none when there is no file. A damaged file is kept aside and logged (no PIN until one is set again). */
async function readLockFile(file: string, log: (line: string) => void): Promise<LockFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`lock: cannot read ${file} (${(error as Error).message}); no PIN until one is set`);
    return EMPTY;
  }
  let parsed: z.ZodSafeParseResult<LockFile> | null;
  try {
    parsed = lockFileSchema.safeParse(JSON.parse(text));
  } catch {
    parsed = null;
  }
  if (parsed?.success) return parsed.data;
  log(`lock: ${parsed ? describeZodError(file, parsed.error) : `${file} is not valid JSON`}; kept as ${file}.damaged, no PIN until one is set`);
  await writeFileAtomic(`${file}.damaged`, text, { mode: 0o600 }).catch(() => {});
  return EMPTY;
}
