import { useStore } from 'zustand';
import { catalogStore, type CatalogState } from '../data/catalog/catalogStore';

/** Reads the catalog store (data/catalog/catalogStore.ts) from a component: the smallest piece needed. */
export function useCatalog<T>(selector: (state: CatalogState) => T): T {
  return useStore(catalogStore, selector);
}
