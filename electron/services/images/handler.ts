import { coded, type BridgeInput, type BridgeOutput } from '../../../shared/bridge';
import { ServiceError } from '../bridge/dispatcher';
import type { ImageCache } from './cache';

/**
 * The `syncImages` bridge operation: hands the current catalog's photo paths to the current
 * account's cache, which answers with the state at once and fetches in the background.
 */
export function syncImagesHandler(images: (() => ImageCache | null) | undefined) {
  return async (input: BridgeInput<'syncImages'>): Promise<BridgeOutput<'syncImages'>> => {
    const cache = images?.() ?? null;
    if (!cache) {
      throw new ServiceError({
        kind: 'unauthorised',
        ...coded('photos-no-account'),
      });
    }
    try {
      return await cache.sync(input.photos);
    } catch (error) {
      throw new ServiceError({
        kind: 'internal',
        ...coded('photos-cannot-save'),
        detail: `${cache.folder}: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };
}
