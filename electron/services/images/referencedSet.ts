import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../files/atomicWrite';
import { isSafePhotoPath } from './photoPath';

// The photo paths the last synced catalog references, saved per account so that a restart fetches
// only those (./cache.ts). Unknown (null) while none is saved or the file is damaged.

const referencedSetSchema = z.object({
  version: z.literal(1),
  photos: z.array(z.string().refine(isSafePhotoPath, 'not a safe photo path')),
});

export interface ReferencedSetStore {
  /** The saved set, or null (unknown) when there is none or it is damaged. */
  load(): Promise<Set<string> | null>;
  /** Writes the set unless it is the one last saved or loaded. */
  save(paths: Set<string>): Promise<void>;
}

export function createReferencedSetStore(setFile: string, log: (line: string) => void): ReferencedSetStore {
  /** The set as last saved, to skip rewriting an unchanged one at every sync. */
  let savedSet: string | null = null;
  return {
    async load() {
      let text: string;
      try {
        text = await readFile(setFile, 'utf8');
      } catch {
        return null;
      }
      try {
        const parsed = referencedSetSchema.safeParse(JSON.parse(text));
        if (parsed.success) {
          savedSet = text;
          return new Set(parsed.data.photos);
        }
      } catch {
        // not JSON: below
      }
      log(`images: the saved photo list ${setFile} is damaged; no photo is fetched until the next catalog sync`);
      return null;
    },
    async save(paths) {
      const text = JSON.stringify({ version: 1, photos: [...paths] });
      if (text === savedSet) return;
      await writeFileAtomic(setFile, text, { mode: 0o600 });
      savedSet = text;
    },
  };
}
