import type { BridgeEvent } from '../../../shared/bridge';
import { createImageCache, type ImageCache, type ImageCacheOptions } from './cache';

/** The account whose photos are cached: the image URL names the tenant (spec 4.2 `account`). */
export interface ImageAccount {
  accountKey: string;
  tenant: string;
  /** Host root of the image storage. */
  imagesUrl: string;
}

export interface AccountImagesOptions {
  dataDir: string;
  /** The core's event channel: progress goes out as `{ type: 'images', state }`. */
  emit: (event: BridgeEvent) => void;
  log?: (line: string) => void;
  /** Overrides for tests (fetch, concurrency, …). */
  cache?: Partial<Omit<ImageCacheOptions, 'accountKey' | 'tenant' | 'imagesUrl' | 'dataDir' | 'onState'>>;
}

/** The current account's image cache; switching account stops the previous one's fetching. */
export interface AccountImages {
  /** Makes this account current (same account → same cache); null when there is none to cache for. */
  use(account: ImageAccount | null): ImageCache | null;
  readonly current: ImageCache | null;
  close(): Promise<void>;
}

export function createAccountImages(options: AccountImagesOptions): AccountImages {
  let current: { account: ImageAccount; cache: ImageCache } | null = null;
  const closing = new Set<Promise<void>>();

  const retire = (cache: ImageCache) => {
    const done = cache.close().finally(() => closing.delete(done));
    closing.add(done);
  };

  return {
    use(account) {
      if (
        current &&
        account &&
        current.account.accountKey === account.accountKey &&
        current.account.tenant === account.tenant &&
        current.account.imagesUrl === account.imagesUrl
      ) {
        return current.cache;
      }
      if (current) retire(current.cache);
      current = null;
      // Without a tenant there is no image URL (spec 4.2): nothing to fetch or serve.
      if (!account || account.tenant === '') return null;
      const cache: ImageCache = createImageCache({
        ...options.cache,
        ...account,
        dataDir: options.dataDir,
        log: options.log,
        // A retired account's late progress must not reach the renderer as the current one's.
        onState: (state) => {
          if (current?.cache === cache) options.emit({ type: 'images', state });
        },
      });
      current = { account, cache };
      return cache;
    },
    get current() {
      return current?.cache ?? null;
    },
    async close() {
      if (current) retire(current.cache);
      current = null;
      await Promise.all([...closing]);
    },
  };
}
