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

export interface ReadAheadStore {
  /** Pages by their path (`/produtos/pagina?…`, the SWR key of the view's first page), oldest first. */
  pages: Map<string, Kept>;
  /** The paths being read now (never read twice at once, never more than LIST_PREFETCH.concurrency). */
  out: Set<string>;
  /** Called when a read ends (a slot is free) or a hold is released. */
  waiting: (() => void)[];
  /** Holds in force (an export running): no read ahead starts meanwhile. */
  held: number;
}

const stores = new WeakMap<object, ReadAheadStore>();

/** The store of an SWR cache. */
export function readAheadStore(cache: object): ReadAheadStore {
  let store = stores.get(cache);
  if (!store) {
    store = { pages: new Map(), out: new Set(), waiting: [], held: 0 };
    stores.set(cache, store);
  }
  return store;
}

/** The page read ahead for `path`, if it is still good. */
export function keptPage(store: ReadAheadStore, path: string): PaginaClientes | undefined {
  const kept = store.pages.get(path);
  return kept && kept.writes === writeCount() ? kept.page : undefined;
}

/** Keeps a page whose read began at write count `writes` (dropped if a write was answered since). */
export function keepPage(store: ReadAheadStore, path: string, page: PaginaClientes, writes: number): void {
  const { pages } = store;
  const now = writeCount();
  for (const [key, kept] of pages) if (kept.writes !== now) pages.delete(key);
  if (writes !== now) return;
  pages.delete(path);
  pages.set(path, { page, writes });
  for (const key of pages.keys()) {
    if (pages.size <= LIST_PREFETCH.kept) break;
    pages.delete(key);
  }
}

/**
 * Holds reading ahead while the person's own heavy read runs (an export reads the same server and
 * the same table): no read ahead starts until the returned release is called; those out finish.
 */
export function holdReadAhead(store: ReadAheadStore): () => void {
  store.held++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    store.held--;
    for (const wake of store.waiting.splice(0)) wake();
  };
}
