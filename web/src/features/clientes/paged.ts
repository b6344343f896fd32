/**
 * The client lists above LIST_PAGED_ABOVE clients: a view read a page at a time from the paged
 * route, the next page loaded as the user scrolls, at most LIST_PAGED_MAX_LOADED cards held.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useSWRConfig, type Cache } from 'swr';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
import type { Cliente, PaginaClientes, Totais } from '@contract';
import type { View } from '../../lib/clientes-url.ts';
import { PAGINA_MAX, paginaPath, type PagedView } from '../../api/clientes-pagina.ts';
import { cursorPageKey } from '../../lib/paging.ts';
import { LIST_PAGE_SIZE, LIST_PAGED_MAX_LOADED, LIST_PRELOAD_MARGIN } from '../../config.ts';
import { keptPage, readAheadStore } from './read-ahead-store.ts';

// Shared with the import's review, which reads by name above the same count.
export { tooLarge, usePagedList } from '../../lib/paging.ts';


/**
 * The list's view as the paged route takes it. The route has no order of creation (the list's
 * default order): the name order stands in. It filters by one category: the last chip pressed.
 */
export function pagedViewOf(view: View): PagedView {
  // The route does not combine a search with the next tarefa's order or filter: the search wins.
  const proxima = view.q === '';
  const base = { q: view.q, vip: view.vip, categoria: view.categorias.at(-1), ...(view.semProxima && proxima ? { semProximaTarefa: true } : {}) };
  switch (view.ordem) {
    case '':
    case 'nome':
      return { ...base, ordem: 'nome', desc: false };
    case 'nome-desc':
      return { ...base, ordem: 'nome', desc: true };
    case 'valor':
      return { ...base, ordem: 'valor', desc: false };
    case 'valor-desc':
      return { ...base, ordem: 'valor', desc: true };
    case 'categoria':
      return { ...base, ordem: 'categoria', desc: false };
    case 'alteracao':
      return { ...base, ordem: 'alteracao', desc: true };
    case 'proxima':
      return proxima ? { ...base, ordem: 'proxima', desc: false } : { ...base, ordem: 'nome', desc: false };
  }
}

export interface PagedList {
  itens: Cliente[];
  /** The view's exact totals (from the first page). */
  totais: Totais | undefined;
  isLoading: boolean;
  error: unknown;
  /** More pages to load, below the memory bound. */
  more: boolean;
  /** Stopped at the memory bound with more to show. */
  capped: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
  /** The view's own first page is in (not the previous view's cards, nor a page read ahead). */
  settled: boolean;
}

/**
 * Pages cached from an earlier visit are read again once on mount: a client written meanwhile
 * (created, edited, deleted, restored) updates the whole list's cache, not these pages.
 */
function useFreshOnMount(cached: boolean, mutate: () => Promise<unknown>) {
  const atMount = useRef(cached);
  const revalidate = useRef(mutate);
  useEffect(() => {
    if (atMount.current) void revalidate.current();
  }, []);
}

/** The totals of a view's first page as the list read it (in the SWR cache), or undefined. */
export function cachedTotais(cache: Cache, view: PagedView, pageSize = LIST_PAGE_SIZE): Totais | undefined {
  const pages = cache.get(unstable_serialize(cursorPageKey(paginaPath(view, pageSize))))?.data as PaginaClientes[] | undefined;
  return pages?.[0]?.totais;
}

/**
 * A view's pages (`view` null: none read). A first page read ahead (features/clientes/read-ahead.ts)
 * shows at once while the view's pages are read as usual.
 */
export function usePagedClientes(view: PagedView | null, pageSize = LIST_PAGE_SIZE): PagedList {
  const first = view ? paginaPath(view, pageSize) : null;
  const key = useMemo(() => cursorPageKey(first), [first]);
  const { cache } = useSWRConfig();
  const cached = first !== null && cache.get(unstable_serialize(key))?.data !== undefined;
  const ahead = first !== null && !cached ? keptPage(readAheadStore(cache), first) : undefined;
  // The previous view's cards stay while the next view's first page loads (no flash of a
  // spinner), unless a page read ahead can show instead.
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<PaginaClientes>(key, {
    revalidateFirstPage: false,
    revalidateAll: false,
    keepPreviousData: ahead === undefined,
    ...(ahead ? { fallbackData: [ahead] } : {}),
  });
  useFreshOnMount(cached, mutate);
  const itens = data?.flatMap((p) => p.itens) ?? [];
  const hasNext = data !== undefined && data.at(-1)?.cursor != null;
  const capped = hasNext && itens.length >= LIST_PAGED_MAX_LOADED;
  const loadingMore = size > 0 && data !== undefined && data[size - 1] === undefined;
  return {
    itens,
    totais: data?.[0]?.totais,
    isLoading,
    error,
    more: hasNext && !capped,
    capped,
    loadingMore,
    loadMore: () => void setSize((s) => s + 1),
    retry: () => void mutate(),
    settled: cached,
  };
}

/** A sentinel's ref: `onReach` runs when it comes within the preload margin of the viewport (and again on each `dep` change while it stays there). */
export function useSentinel(enabled: boolean, onReach: () => void, dep: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  const reach = useRef(onReach);
  useEffect(() => {
    reach.current = onReach;
  });
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) reach.current();
    }, { rootMargin: `0px 0px ${LIST_PRELOAD_MARGIN} 0px` });
    io.observe(el);
    return () => io.disconnect();
  }, [enabled, dep]);
  return ref;
}

/** An ISO date `days` after `iso` (negative: before). */
const shiftIso = (iso: string, days: number): string => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface PeriodList {
  itens: Cliente[];
  /** Every contract of the period read (false: stopped at LIST_PAGED_MAX_LOADED). */
  complete: boolean;
  isLoading: boolean;
  error: unknown;
  retry: () => void;
}

/**
 * The contracts ending from `overdue` days ago to `dias` days ahead (the renewals), from the
 * contract-end index in pages of PAGINA_MAX, read one after the other up to LIST_PAGED_MAX_LOADED
 * (the period has no totals on the server: the count is of what was read). `dias` null: none read.
 */
export function usePeriodClientes(dias: number | null, today: string, overdue: number): PeriodList {
  const first = dias === null ? null : paginaPath({ ordem: 'nome', desc: false, vip: false, q: '', fimDe: shiftIso(today, -overdue), fimAte: shiftIso(today, dias) }, PAGINA_MAX);
  const key = useMemo(() => cursorPageKey(first), [first]);
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<PaginaClientes>(key, { revalidateFirstPage: false, revalidateAll: false });
  useFreshOnMount(data !== undefined, mutate);
  const itens = useMemo(() => data?.flatMap((p) => p.itens) ?? [], [data]);
  const last = data?.at(-1);
  const hasNext = last !== undefined && last.cursor !== null;
  const wantMore = hasNext && itens.length < LIST_PAGED_MAX_LOADED && data?.length === size;
  useEffect(() => {
    if (wantMore) void setSize((s) => s + 1);
  }, [wantMore, setSize]);
  return { itens, complete: data !== undefined && !hasNext, isLoading: isLoading || wantMore, error, retry: () => void mutate() };
}
