// The on-disk image cache of one account (ARCHITECTURE §4.2).
//
// spec: hospitality 4.2 — "Integrators are advised to keep images locally and refetch only when the
// path changes." A photo path that is cached is never fetched again; a new path is; files of paths
// the catalog no longer references are deleted at the next sync.
//
// Layout: <dataDir>/images/<account folder>/<kind>-<sha256(path)>. The folder listing is the index:
// a file is either there (renamed into place complete) or not, so a crash never leaves an index that
// disagrees with the files. Names are hashes, so no photo path can reach outside the folder.
//
// Only photos the last synced catalog references are ever fetched: that set is
// saved per account in <dataDir>/images/<account folder>~photos.json and loaded at start. While no
// set is known (a new terminal before its first sync, a damaged file), the route serves what is on
// disk and fetches nothing, so a page that reaches the image route cannot make the terminal fetch
// arbitrary paths.
//
// Images are fetched with plain HTTP GETs outside the gateway's rate limiter: the image storage is
// a separate host whose requests the spec's 120-a-minute limit does not mention, and the sandbox
// does not count them either (docs/sandbox.md). Concurrency is bounded instead (4 at a time).
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { basename, join, resolve, sep } from 'node:path';
import type { ImageSyncState } from '../../../shared/bridge';
import { ATOMIC_TEMP_PREFIX, writeFileAtomic } from '../files/atomicWrite';
import { downloadImage, type CachedImage, type DownloadOptions } from './download';
import { isSafePhotoPath, type ImageKind } from './photoPath';
import { createReferencedSetStore } from './referencedSet';
import { sniffImageType } from './signature';

// Fetching and checking one image is ./download.ts; the saved photo set is ./referencedSet.ts.
export { type CachedImage } from './download';

/** What the shells' image routes need: one image from disk, fetched first when missing. */
export interface ImageSource {
  /** The image, or null when it is unknown, refused, or not cached and unreachable (offline). */
  image(kind: ImageKind, path: string): Promise<CachedImage | null>;
}

export interface ImageCache extends ImageSource {
  readonly accountKey: string;
  /** The account's folder on disk. */
  readonly folder: string;
  /**
   * The photo paths the current catalog references: deletes cached files (both kinds) of paths no
   * longer referenced, queues the missing thumbnails and returns at once with the state; fetching
   * goes on in the background, reported through `onState`.
   */
  sync(photos: readonly string[]): Promise<ImageSyncState>;
  /** Progress of the latest sync: `queued` counts thumbnails still to fetch (0 = finished). */
  state(): ImageSyncState;
  /** Resolves when the latest sync's queue is empty and no fetch is running. */
  whenIdle(): Promise<void>;
  /** Stops fetching (running requests are aborted); files stay. */
  close(): Promise<void>;
}

export interface ImageCacheOptions {
  accountKey: string;
  /** The account name used to log in, which the image URL carries (spec 4.2: `account`). */
  tenant: string;
  /** Host root of the image storage (`{image_storage_url}`). */
  imagesUrl: string;
  dataDir: string;
  /** Progress of background fetching: after a sync, at most every `reportEveryMs`, and at the end. */
  onState?: (state: ImageSyncState) => void;
  log?: (line: string) => void;
  fetch?: typeof fetch;
  /** Thumbnails fetched at the same time (default 4). */
  concurrency?: number;
  /** Per image (default 20 s). */
  timeoutMs?: number;
  /** Largest image accepted (default 10 MB); anything bigger is refused and not stored. */
  maxBytes?: number;
  reportEveryMs?: number;
}

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

const CACHE_FILE = /^(thumb|full)-[0-9a-f]{64}$/;

/**
 * Where an account's referenced photo set is saved: next to its folder, so the folder holds images
 * only. `~p` never ends an account folder name (`~` is always followed by hex digits there).
 */
export function referencedSetFile(dataDir: string, accountKey: string): string {
  return join(resolve(dataDir, 'images'), `${accountFolderName(accountKey)}~photos.json`);
}

/** `<kind>-<sha256 of the photo path>`: the only names the cache writes or reads. */
export function cacheFileName(kind: ImageKind, path: string): string {
  return `${kind}-${createHash('sha256').update(path, 'utf8').digest('hex')}`;
}

/**
 * A folder name for an account key (`demo`, `bar-pepe@api.example.com:8443`): letters, digits,
 * `.`, `_`, `@` and `-` are kept, every other character becomes `~<hex code point>`. Names that
 * could mean something else to the file system (`.`, `..`, too long) are replaced by a hash.
 */
export function accountFolderName(accountKey: string): string {
  const encoded = accountKey.replace(/[^A-Za-z0-9._@-]/gu, (c) => `~${(c.codePointAt(0) ?? 0).toString(16)}`);
  if (encoded === '' || /^\.+$/.test(encoded) || encoded.length > 120) {
    return `account-${createHash('sha256').update(accountKey, 'utf8').digest('hex').slice(0, 32)}`;
  }
  return encoded;
}

interface SyncRun {
  /** Paths in the order they are fetched; `next` is the first not yet taken by a worker. */
  queue: string[];
  next: number;
  /** Paths this run still waits for. */
  expecting: Set<string>;
  done: number;
  failed: number;
  failures: string[];
}

const emptyRun = (): SyncRun => ({ queue: [], next: 0, expecting: new Set(), done: 0, failed: 0, failures: [] });

/** The log line at the end of a sync where some thumbnails failed. */
const failureLine = (of: SyncRun) =>
  `images: ${of.failed} of ${of.done + of.failed} thumbnails could not be fetched (first: ${of.failures[0] ?? 'invalid photo path'})`;

/** The images root and the account's folder in it (never outside it, whatever the key). */
function accountFolder(dataDir: string, accountKey: string): { imagesRoot: string; folder: string } {
  const imagesRoot = resolve(dataDir, 'images');
  const folder = join(imagesRoot, accountFolderName(accountKey));
  if (!folder.startsWith(imagesRoot + sep)) throw new Error(`Image folder ${folder} is outside ${imagesRoot}`);
  return { imagesRoot, folder };
}

export function createImageCache(options: ImageCacheOptions): ImageCache {
  const { imagesRoot, folder } = accountFolder(options.dataDir, options.accountKey);
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const log = options.log ?? (() => {});

  /** Names of complete files in the folder. */
  const present = new Set<string>();
  /** One request per file at a time, whoever asks (background sync or the route). */
  const inFlight = new Map<string, Promise<CachedImage | null>>();
  /** Paths of the latest sync (or the saved set); null while unknown: then nothing new is fetched. */
  let referenced: Set<string> | null = null;
  const setFile = referencedSetFile(options.dataDir, options.accountKey);
  const savedSet = createReferencedSetStore(setFile, log);
  let run = emptyRun();
  let workers = 0;
  let closed = false;
  const stop = new AbortController();
  const downloading: DownloadOptions = {
    tenant: options.tenant,
    imagesUrl: options.imagesUrl,
    fetch: options.fetch ?? fetch,
    timeoutMs: options.timeoutMs ?? 20_000,
    maxBytes: options.maxBytes ?? IMAGE_MAX_BYTES,
    signal: stop.signal,
  };
  let idleWaiters: (() => void)[] = [];

  let loading: Promise<void> | null = null;
  const ready = () =>
    (loading ??= (async () => {
      await scanFolder(folder, imagesRoot, setFile, present);
      referenced ??= await savedSet.load();
    })());

  const wanted = (path: string) => !closed && referenced !== null && referenced.has(path);

  const snapshot = (): ImageSyncState => ({ queued: run.expecting.size, done: run.done, failed: run.failed });
  const reporter = createReporter(options.reportEveryMs ?? 250, () => (closed ? undefined : options.onState), snapshot);
  const report = reporter.report;

  function checkIdle() {
    if ((run.expecting.size === 0 && workers === 0) || closed) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolveIdle of waiters) resolveIdle();
    }
  }

  /** Atomic: a reader sees the whole image or none. */
  async function store(name: string, bytes: Buffer) {
    await writeFileAtomic(join(folder, name), bytes, { mode: 0o600 });
    present.add(name);
  }

  function fetchOnce(kind: ImageKind, path: string): Promise<CachedImage | null> {
    const name = cacheFileName(kind, path);
    const running = inFlight.get(name);
    if (running) return running;
    const work = (async () => {
      try {
        const image = await downloadImage(downloading, kind, path);
        if (wanted(path)) {
          await store(name, image.bytes);
          // A sync that dropped this path while we were writing has already swept the folder.
          if (!wanted(path)) {
            present.delete(name);
            await rm(join(folder, name), { force: true });
          }
        }
        return image;
      } catch (error) {
        // Only the first few reasons are kept, for the log line at the end of the sync.
        if (!closed && run.failures.length < 5) run.failures.push(error instanceof Error ? error.message : String(error));
        return null;
      } finally {
        inFlight.delete(name);
      }
    })();
    inFlight.set(name, work);
    return work;
  }

  function settle(of: SyncRun, path: string, ok: boolean) {
    if (of !== run || !of.expecting.delete(path)) return;
    if (ok) of.done += 1;
    else of.failed += 1;
    const finished = of.expecting.size === 0;
    if (finished && of.failed > 0) log(failureLine(of));
    report(finished);
  }

  async function worker() {
    while (!closed) {
      const of = run;
      if (of.next >= of.queue.length) return;
      const path = of.queue[of.next++] as string;
      if (!of.expecting.has(path)) continue;
      const ok = present.has(cacheFileName('thumb', path)) || (await fetchOnce('thumb', path)) !== null;
      settle(of, path, ok);
    }
  }

  function pump() {
    while (!closed && workers < concurrency && run.next < run.queue.length) {
      workers += 1;
      void worker().finally(() => {
        workers -= 1;
        checkIdle();
      });
    }
    checkIdle();
  }

  async function reconcile(photos: readonly string[]): Promise<ImageSyncState> {
    await ready();
    if (closed) return snapshot();
    const { paths, invalid } = safePaths(photos);
    referenced = paths;
    await savedSet.save(paths);

    const { missing, stale } = planSync(paths, present);
    for (const name of stale) present.delete(name);
    await forEachBounded(stale, 16, (name) => rm(join(folder, name), { force: true }));

    run = { ...emptyRun(), queue: missing, expecting: new Set(missing), failed: invalid };
    if (invalid > 0) run.failures.push(`${invalid} photo path(s) refused (empty, too long, or with ".." segments)`);
    report(true);
    pump();
    return snapshot();
  }

  let syncing: Promise<unknown> = Promise.resolve();

  return {
    accountKey: options.accountKey,
    folder,

    sync(photos) {
      // One sync at a time, in call order: a later catalog always wins over an earlier one.
      const next = syncing.then(() => reconcile(photos));
      syncing = next.catch(() => {});
      return next;
    },

    state: snapshot,

    whenIdle() {
      return new Promise<void>((resolveIdle) => {
        idleWaiters.push(resolveIdle);
        checkIdle();
      });
    },

    async image(kind, path) {
      if (closed || !isSafePhotoPath(path)) return null;
      await ready();
      const name = cacheFileName(kind, path);
      if (present.has(name)) {
        const cached = await readCached(join(folder, name));
        if (cached) return cached;
        present.delete(name);
      }
      // A photo the catalog does not reference, or any photo while no catalog is known: no request.
      if (referenced === null || !referenced.has(path)) return null;
      return fetchOnce(kind, path);
    },

    async close() {
      if (closed) return;
      closed = true;
      reporter.cancel();
      stop.abort();
      await Promise.allSettled([...inFlight.values()]);
      checkIdle();
    },
  };
}

async function forEachBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** `onState` calls at most every `everyMs`; a report skipped as too soon is sent when the time is up. */
function createReporter(everyMs: number, target: () => ((state: ImageSyncState) => void) | undefined, snapshot: () => ImageSyncState) {
  let lastReport = 0;
  let reportTimer: ReturnType<typeof setTimeout> | null = null;
  function report(force: boolean) {
    const onState = target();
    if (!onState) return;
    const now = Date.now();
    if (force || now - lastReport >= everyMs) {
      if (reportTimer) clearTimeout(reportTimer);
      reportTimer = null;
      lastReport = now;
      onState(snapshot());
    } else if (!reportTimer) {
      reportTimer = setTimeout(() => report(true), everyMs - (now - lastReport));
      reportTimer.unref?.();
    }
  }
  function cancel() {
    if (reportTimer) clearTimeout(reportTimer);
    reportTimer = null;
  }
  return { report, cancel };
}

/**
 * Fills `present` with the complete files of `folder` and deletes what unfinished writes left
 * (crash, power cut) there and beside the saved photo set: never a complete file.
 */
async function scanFolder(folder: string, imagesRoot: string, setFile: string, present: Set<string>): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  for (const name of await readdir(folder)) {
    if (CACHE_FILE.test(name)) present.add(name);
    else if (name.startsWith(ATOMIC_TEMP_PREFIX)) await rm(join(folder, name), { force: true });
  }
  const setTemp = `${ATOMIC_TEMP_PREFIX}${basename(setFile)}.`;
  for (const name of await readdir(imagesRoot)) {
    if (name.startsWith(setTemp)) await rm(join(imagesRoot, name), { force: true });
  }
}

/** The file's image, or null when it is gone, unreadable or not an image. */
async function readCached(file: string): Promise<CachedImage | null> {
  try {
    const bytes = await readFile(file);
    const contentType = sniffImageType(bytes);
    if (contentType) return { bytes, contentType };
  } catch {
    // Deleted or unreadable behind our back: the caller fetches it again.
  }
  return null;
}

/** The photo paths that may be fetched, and how many were refused. */
function safePaths(photos: readonly string[]): { paths: Set<string>; invalid: number } {
  const paths = new Set<string>();
  let invalid = 0;
  for (const photo of photos) {
    if (isSafePhotoPath(photo)) paths.add(photo);
    else invalid += 1;
  }
  return { paths, invalid };
}

/** Referenced paths whose thumbnail is not on disk, and files (either kind) of paths no longer referenced. */
function planSync(paths: Set<string>, present: Set<string>): { missing: string[]; stale: string[] } {
  const keep = new Set<string>();
  const missing: string[] = [];
  for (const path of paths) {
    const thumb = cacheFileName('thumb', path);
    keep.add(thumb).add(cacheFileName('full', path));
    if (!present.has(thumb)) missing.push(path);
  }
  return { missing, stale: [...present].filter((name) => !keep.has(name)) };
}
