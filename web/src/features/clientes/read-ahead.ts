/**
 * Reading ahead on the paged list: once a view's first page shows and the user pauses
 * (LIST_PREFETCH.delayMs), the first page of each view one click away is read in idle time, a
 * few at a time at low priority, into the read-ahead store; that click then shows its cards at
 * once (and reads them again behind them: usePagedClientes). It starts no more reads once the
 * view changes, the tab is hidden or a read fails, nor while an export runs (one already out is
 * let finish and kept: the server did the work, and the page is as good as one read later), never
 * runs on a data-saving or 2G connection, and starts again from nothing after any write (what it
 * read may have changed).
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import { unstable_serialize } from 'swr/infinite';
import type { PaginaClientes } from '@contract';
import { apiRequest, onWrite, writeCount } from '../../api/http.ts';
import { paginaPath } from '../../api/clientes-pagina.ts';
import { ORDENS, SEM_CATEGORIA, type Ordem, type View } from '../../lib/clientes-url.ts';
import { cursorPageKey } from '../../lib/paging.ts';
import { sortKey } from '../../lib/sort-key.ts';
import { LIST_PAGE_SIZE, LIST_PREFETCH } from '../../config.ts';
import { pagedViewOf } from './paged.ts';
import { keepPage, keptPage, readAheadStore, type ReadAheadStore } from './read-ahead-store.ts';
import type { Used } from './components/ListTools.tsx';

/** The same sort the other way round. */
const FLIP: Partial<Record<Ordem, Ordem>> = { nome: 'nome-desc', 'nome-desc': 'nome', valor: 'valor-desc', 'valor-desc': 'valor' };

/**
 * The views one click from `view`, likeliest first: the current sort's other direction, the other
 * sorts (in the select's order), "Só VIP" and "Sem próxima tarefa" toggled, then each category
 * chip (in the chips' order, then "Sem categoria"), pressed alone or released.
 */
export function nearViews(view: View, used: Used): View[] {
  const ordem: Ordem = view.ordem === '' ? 'nome' : view.ordem;
  const flip = FLIP[ordem];
  const out: View[] = [];
  if (flip) out.push({ ...view, ordem: flip });
  for (const o of ORDENS) if (o !== '' && o !== ordem && o !== flip) out.push({ ...view, ordem: o });
  out.push({ ...view, vip: !view.vip });
  out.push({ ...view, semProxima: !view.semProxima });
  const pressed = view.categorias.at(-1);
  const chips = [...used.byId].sort(([a, x], [b, y]) => {
    const [kx, ky] = [sortKey(x), sortKey(y)];
    return kx < ky ? -1 : kx > ky ? 1 : a - b;
  });
  const ids = chips.map(([id]) => id);
  if (used.none) ids.push(SEM_CATEGORIA);
  for (const id of ids) out.push({ ...view, categorias: id === pressed ? [] : [id] });
  return out;
}

/**
 * The first-page paths to read ahead from `view`: distinct, not the view's own, at most
 * LIST_PREFETCH.perView; none from a search (each of its reads reads every match of the search
 * again: docs/architecture.md).
 */
export function nearPaths(view: View, used: Used): string[] {
  if (view.q) return [];
  const own = paginaPath(pagedViewOf(view), LIST_PAGE_SIZE);
  const paths = new Set(nearViews(view, used).map((v) => paginaPath(pagedViewOf(v), LIST_PAGE_SIZE)));
  paths.delete(own);
  return [...paths].slice(0, LIST_PREFETCH.perView);
}

/** A data-saving or 2G connection: nothing is read ahead. */
export function savingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return connection?.saveData === true || connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g';
}

/** Resolves when the main thread is idle (or `signal` aborts). */
function idle(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      signal.removeEventListener('abort', cancel);
      resolve();
    };
    let cancel: () => void;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(done, { timeout: 2_000 });
      cancel = () => (cancelIdleCallback(id), resolve());
    } else {
      const id = setTimeout(done, 0);
      cancel = () => (clearTimeout(id), resolve());
    }
    signal.addEventListener('abort', cancel, { once: true });
  });
}

const readPage = (path: string) => apiRequest<PaginaClientes>(path, { priority: 'low' });

/**
 * Reads `paths` in order, LIST_PREFETCH.concurrency at a time, each begun in idle time, into
 * `store`; skips those `have` (already cached or kept); begins none after the first failure or
 * once `signal` aborts.
 */
export async function readAhead(store: ReadAheadStore, paths: readonly string[], have: (path: string) => boolean, signal: AbortSignal, read = readPage): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    for (;;) {
      if (signal.aborted || failed) return;
      // The slots are the store's: reads left out by an earlier view count. A hold (an export) waits too.
      if (store.out.size >= LIST_PREFETCH.concurrency || store.held > 0) {
        await new Promise<void>((resolve) => store.waiting.push(resolve));
        continue;
      }
      while (next < paths.length && (have(paths[next]!) || store.out.has(paths[next]!))) next++;
      const path = paths[next++];
      if (path === undefined) return;
      store.out.add(path);
      try {
        await idle(signal);
        while (store.held > 0 && !signal.aborted) await new Promise<void>((resolve) => store.waiting.push(resolve));
        if (signal.aborted || failed) return;
        const writes = writeCount();
        keepPage(store, path, await read(path), writes);
      } catch {
        // A read ahead is only a shortcut: a failing server is not asked again until the view changes.
        failed = true;
      } finally {
        store.out.delete(path);
        for (const wake of store.waiting.splice(0)) wake();
      }
    }
  };
  await Promise.all(Array.from({ length: LIST_PREFETCH.concurrency }, worker));
}

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};
const tabVisible = () => document.visibilityState !== 'hidden';

/**
 * Reads ahead the views one click from `view` once its own first page is shown (`ready`), the
 * user has paused, and the tab is visible; a write empties the store and starts it again.
 */
export function useReadAhead(view: View, used: Used, ready: boolean): void {
  const { cache } = useSWRConfig();
  const store = readAheadStore(cache);
  const visible = useSyncExternalStore(subscribeVisibility, tabVisible, () => true);
  const [writes, setWrites] = useState(writeCount);
  useEffect(
    () =>
      onWrite(() => {
        store.pages.clear();
        setWrites(writeCount());
      }),
    [store],
  );
  const list = useMemo(() => nearPaths(view, used).join('\n'), [view, used]);
  useEffect(() => {
    if (!ready || !visible || !list || savingData()) return;
    const paths = list.split('\n');
    const have = (path: string) => keptPage(store, path) !== undefined || cache.get(unstable_serialize(cursorPageKey(path)))?.data !== undefined;
    const stop = new AbortController();
    const timer = setTimeout(() => void readAhead(store, paths, have, stop.signal), LIST_PREFETCH.delayMs);
    return () => {
      clearTimeout(timer);
      stop.abort();
    };
  }, [ready, visible, list, writes, store, cache]);
}
