import Dexie, { type DexieOptions, type Table } from 'dexie';

// Catalog generations of either service (docs/decisions.md "Catalog generations", "One sync engine
// for venue and shop"): each sync builds a database of its own; a pointer database records which
// one is current. Switching is one transaction on `generations`; a generation that is not current
// is never read and is deleted whole. The venue (catalog/generations.ts) and the shop
// (shop/shopGenerations.ts) differ only by their GenerationKind: database names and schema.

/** `building` → `current` → `retired`, or `building` → `failed`; only `current` is ever read. */
export type GenerationState = 'building' | 'current' | 'retired' | 'failed';

/** A row of a pointer database's `generations` store, as both services keep it. */
export interface GenerationPointerRow<Store extends string = string, Resource extends string = string> {
  /** Auto-incremented: a number is never handed out twice, even after its row is deleted. */
  n: number;
  state: GenerationState;
  startedAt: string;
  /** When the sync that built it succeeded (ISO): "last sync". Null while building or after a failure. */
  syncedAt: string | null;
  /** Records stored per store of the generation database. */
  counts: Partial<Record<Store, number>>;
  /** Pages fetched per resource: the next sync's estimate of its own length. */
  requests: Partial<Record<Resource, number>>;
}

/** A generation database: its `meta` store holds the seal, written last. */
export type SealedDb = Dexie & { meta: Table<{ key: 'sealed'; value: number }, 'sealed'> };

/** What tells one service's generations from the other's. */
export interface GenerationKind<Db extends Dexie> {
  /** How log lines and errors name it: `generation`, `shop generation`. */
  what: string;
  /** Log lines start with it: `sync`, `shop sync`. */
  label: string;
  dbName(accountKey: string, n: number): string;
  /** The generation number of a database name of this account, or null when it is not one. */
  generationOf(accountKey: string, name: string): number | null;
  open(accountKey: string, n: number, options?: DexieOptions): Db;
}

/** An open current generation: its database and when it was synced. */
export interface OpenGenerationOf<Db, Row extends GenerationPointerRow> {
  n: number;
  db: Db;
  syncedAt: string;
  counts: Row['counts'];
  requests: Row['requests'];
}

type PointerDb = Dexie & { generations: unknown };

/** The generation functions of one service, over its pointer database's `generations` store. */
export function generationsOf<Row extends GenerationPointerRow, Db extends Dexie>(kind: GenerationKind<Db>) {
  const rows = (pointer: PointerDb) => pointer.generations as Table<GenerationPointerRow, number>;

  /** The generation shown, or null before the first successful sync. */
  function readCurrent(pointer: PointerDb): Promise<Row | null> {
    return rows(pointer)
      .where('state')
      .equals('current')
      .last()
      .then((row) => (row as Row | undefined) ?? null);
  }

  /** Registers a new generation as `building` and returns its number (never handed out before). */
  function begin(pointer: PointerDb, startedAt: Date): Promise<number> {
    return rows(pointer).add({ state: 'building', startedAt: startedAt.toISOString(), syncedAt: null, counts: {}, requests: {} } as GenerationPointerRow);
  }

  /**
   * Makes generation `n` current and the previous one retired, in one transaction: a crash leaves
   * either the old pointer or the new one, never none. Returns the numbers of the retired ones.
   */
  function switchTo(pointer: PointerDb, n: number, result: { syncedAt: Date; counts: Row['counts']; requests: Row['requests'] }): Promise<number[]> {
    const table = rows(pointer);
    return pointer.transaction('rw', table, async () => {
      const row = await table.get(n);
      // Someone else (another window's start-up clean-up) gave up on it: never point at a database
      // that may be half deleted.
      if (row?.state !== 'building') throw new Error(`${kind.what} ${n} is ${row?.state ?? 'gone'}, not building`);
      const previous = await table.where('state').equals('current').toArray();
      for (const old of previous) await table.update(old.n, { state: 'retired' });
      await table.update(n, { state: 'current', syncedAt: result.syncedAt.toISOString(), counts: result.counts, requests: result.requests });
      return previous.map((old) => old.n);
    });
  }

  async function markFailed(pointer: PointerDb, n: number): Promise<void> {
    await rows(pointer).where('n').equals(n).modify({ state: 'failed' });
  }

  /** Deletes a generation's database, then its row (a row without a database is harmless). */
  async function remove(pointer: PointerDb, accountKey: string, n: number): Promise<void> {
    await Dexie.delete(kind.dbName(accountKey, n));
    await rows(pointer).delete(n);
  }

  /**
   * Deletes every generation of the account except the current one: failed and retired ones, ones a
   * closed app left `building`, and databases of this account with no row at all. Run at start-up,
   * before any sync, and after switching. Returns the numbers deleted.
   */
  async function cleanUp(pointer: PointerDb, accountKey: string, log: (line: string) => void = () => {}): Promise<number[]> {
    const current = await readCurrent(pointer);
    const doomed = new Set<number>();
    for (const row of await rows(pointer).toArray()) if (row.n !== current?.n) doomed.add(row.n);
    try {
      for (const name of await Dexie.getDatabaseNames()) {
        const n = kind.generationOf(accountKey, name);
        if (n !== null && n !== current?.n) doomed.add(n);
      }
    } catch (error) {
      // Listing databases is a convenience; the rows above name every generation we created.
      log(`${kind.label}: could not list databases: ${String(error)}`);
    }
    const deleted: number[] = [];
    for (const n of [...doomed].sort((a, b) => a - b)) {
      try {
        await remove(pointer, accountKey, n);
        deleted.push(n);
      } catch (error) {
        log(`${kind.label}: could not delete generation ${n}: ${String(error)}`);
      }
    }
    return deleted;
  }

  /** Opens the current generation for reading, or null before the first sync. The caller closes `db`. */
  async function openCurrent(
    pointer: PointerDb,
    accountKey: string,
    open: (accountKey: string, n: number) => Db = kind.open,
  ): Promise<OpenGenerationOf<Db, Row> | null> {
    const row = await readCurrent(pointer);
    if (row === null || row.syncedAt === null) return null;
    const db = open(accountKey, row.n);
    await db.open();
    // The seal is written before a generation becomes current: without it the database was lost
    // or damaged outside the app. Show nothing rather than a wrong copy; the next sync rebuilds it
    // and the start-up clean-up removes this one.
    if ((await (db as unknown as SealedDb).meta.get('sealed'))?.value !== row.n) {
      db.close();
      await markFailed(pointer, row.n);
      return null;
    }
    return { n: row.n, db, syncedAt: row.syncedAt, counts: row.counts, requests: row.requests };
  }

  return { kind, readCurrent, begin, switchTo, markFailed, remove, cleanUp, openCurrent };
}

export type Generations<Row extends GenerationPointerRow, Db extends Dexie> = ReturnType<typeof generationsOf<Row, Db>>;
