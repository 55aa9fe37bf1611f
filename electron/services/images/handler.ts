import type { BridgeInput, BridgeOutput } from '../../../shared/bridge';
import { ServiceError } from '../dispatcher';
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
        message: 'No account is set up, so photos cannot be fetched: choose the demo venue or enter an account in Settings.',
      });
    }
    try {
      return await cache.sync(input.photos);
    } catch (error) {
      throw new ServiceError({
        kind: 'internal',
        message: 'Photos could not be saved on this terminal (is the disk full or read-only?).',
        detail: `${cache.folder}: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };
}
