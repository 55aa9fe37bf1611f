import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { createBridgeClient, pickBridgeApi } from '../../bridge';
import { openShopDb, openShopGenerationDb, type ShopCatalogDb } from '../../data/shop/shopDb';
import { readCurrentShopGeneration } from '../../data/shop/shopGenerations';
import { useShopAccountKey } from './shopContext';

// The shop's current catalog generation for the till: the account comes from the shop terminal (or getAppInfo), the
// current generation from the shop's pointer database (renderer/src/data/shop), watched live, so
// the till moves to a new generation as soon as a sync switches to it.

export type ShopCatalogState =
  | { status: 'loading' }
  /** No complete sync yet (or the window is not a shop's). */
  | { status: 'none'; accountKey: string | null }
  | { status: 'ready'; accountKey: string; n: number; syncedAt: string; db: ShopCatalogDb };

/** The page's own question, for a till outside a shop terminal (ShopContext gives the account there). */
function askShopAccountKey(): Promise<string | null> {
  return createBridgeClient(pickBridgeApi())
    .getAppInfo({})
    .then((info) => (info.kind === 'shop' ? info.accountKey : null))
    .catch(() => null);
}

export function useShopCatalog(): ShopCatalogState {
  // The shop terminal's account (a switch remounts the terminal): never a previous account's.
  const terminalAccount = useShopAccountKey();
  const [asked, setAsked] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (terminalAccount !== null) return undefined;
    let live = true;
    void askShopAccountKey().then((key) => live && setAsked(key));
    return () => {
      live = false;
    };
  }, [terminalAccount]);
  const accountKey = terminalAccount ?? asked;
  const [pointer, setPointer] = useState<ReturnType<typeof openShopDb> | null>(null);
  useEffect(() => {
    if (!accountKey) return undefined;
    const db = openShopDb(accountKey);
    setPointer(db);
    return () => db.close();
  }, [accountKey]);
  const current = useLiveQuery(async () => (pointer === null ? undefined : ((await readCurrentShopGeneration(pointer)) ?? null)), [pointer]);
  const n = current?.n ?? null;
  const [opened, setOpened] = useState<{ n: number; db: ShopCatalogDb } | null>(null);
  useEffect(() => {
    if (!accountKey || n === null) return undefined;
    const db = openShopGenerationDb(accountKey, n);
    setOpened({ n, db });
    return () => db.close();
  }, [accountKey, n]);

  if (accountKey === undefined) return { status: 'loading' };
  if (accountKey === null) return { status: 'none', accountKey: null };
  if (current === undefined) return { status: 'loading' };
  if (current === null || current.syncedAt === null) return { status: 'none', accountKey };
  if (opened === null || opened.n !== current.n) return { status: 'loading' };
  return { status: 'ready', accountKey, n: current.n, syncedAt: current.syncedAt, db: opened.db };
}
