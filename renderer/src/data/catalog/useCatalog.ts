import { useStore } from 'zustand';
import { catalogStore, type CatalogState } from './catalogStore';

/** Reads the catalog store (data/catalogStore.ts) from a component: the smallest piece needed. */
export function useCatalog<T>(selector: (state: CatalogState) => T): T {
  return useStore(catalogStore, selector);
}
