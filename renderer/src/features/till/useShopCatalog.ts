import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { openShopDb, openShopGenerationDb, type ShopCatalogDb } from '../../data/shop/shopDb';
import { readCurrentShopGeneration } from '../../data/shop/shopGenerations';
import { useShopAccountKey } from '../../session/shopContext';
import { useOpenWhileMounted } from '../../ui/useOpenWhileMounted';

// The shop's current catalog generation for the till: the account comes from the shop terminal, the
// current generation from the shop's pointer database (renderer/src/data/shop), watched live, so
// the till moves to a new generation as soon as a sync switches to it.

export type ShopCatalogState =
  | { status: 'loading' }
  /** No complete sync yet (or the window is not a shop's). */
  | { status: 'none'; accountKey: string | null }
  | { status: 'ready'; accountKey: string; n: number; syncedAt: string; db: ShopCatalogDb };

export function useShopCatalog(): ShopCatalogState {
  // The shop terminal's account (a switch remounts the terminal): never a previous account's.
  const accountKey = useShopAccountKey();
  // Each database is open while shown with its account (and generation), closed when it changes.
  const openPointer = useMemo(() => (accountKey ? () => openShopDb(accountKey) : null), [accountKey]);
  const pointer = useOpenWhileMounted(openPointer);
  const current = useLiveQuery(async () => (pointer === null ? undefined : ((await readCurrentShopGeneration(pointer)) ?? null)), [pointer]);
  const n = current?.n ?? null;
  const openGeneration = useMemo(
    () =>
      accountKey && n !== null
        ? () => {
            const db = openShopGenerationDb(accountKey, n);
            return { n, db, close: () => db.close() };
          }
        : null,
    [accountKey, n],
  );
  const opened = useOpenWhileMounted(openGeneration);

  if (accountKey === null) return { status: 'none', accountKey: null };
  if (current === undefined) return { status: 'loading' };
  if (current === null || current.syncedAt === null) return { status: 'none', accountKey };
  if (opened === null || opened.n !== current.n) return { status: 'loading' };
  return { status: 'ready', accountKey, n: current.n, syncedAt: current.syncedAt, db: opened.db };
}
