/**
 * The first pages the paged list read ahead (features/clientes/read-ahead.ts), one store per SWR
 * cache: a session's cache ends with its session, and these pages with it. A page is only good
 * while no write has been answered since its read began (`writeCount`); the oldest go first past
 * LIST_PREFETCH.kept.
 */
import type { PaginaClientes } from '@contract';
import { writeCount } from '../../api/http.ts';
import { LIST_PREFETCH } from '../../config.ts';

interface Kept {
  page: PaginaClientes;
  /** The write count when its read began. */
  writes: number;
}

/** Pages by their path (`/produtos/pagina?…`, the SWR key of the view's first page), oldest first. */
export type ReadAheadStore = Map<string, Kept>;

const stores = new WeakMap<object, ReadAheadStore>();

/** The store of an SWR cache. */
export function readAheadStore(cache: object): ReadAheadStore {
  let store = stores.get(cache);
  if (!store) {
    store = new Map();
    stores.set(cache, store);
  }
  return store;
}

/** The page read ahead for `path`, if it is still good. */
export function keptPage(store: ReadAheadStore, path: string): PaginaClientes | undefined {
  const kept = store.get(path);
  return kept && kept.writes === writeCount() ? kept.page : undefined;
}

/** Keeps a page whose read began at write count `writes` (dropped if a write was answered since). */
export function keepPage(store: ReadAheadStore, path: string, page: PaginaClientes, writes: number): void {
  const now = writeCount();
  for (const [key, kept] of store) if (kept.writes !== now) store.delete(key);
  if (writes !== now) return;
  store.delete(path);
  store.set(path, { page, writes });
  for (const key of store.keys()) {
    if (store.size <= LIST_PREFETCH.kept) break;
    store.delete(key);
  }
}
