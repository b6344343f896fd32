/**
 * The client list's view in the URL query (sort, category chips, "Só VIP", the name filter), so
 * a view can be bookmarked, sent and walked with Back/Forward; small on purpose: the category
 * cards and the home's chart link to views without loading the list's code (clientes-view.ts).
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** The sorts the list offers; '' is the API's order (by id: order of creation). */
export const ORDENS = ['', 'nome', 'nome-desc', 'valor-desc', 'valor', 'categoria', 'alteracao', 'proxima'] as const;
export type Ordem = (typeof ORDENS)[number];

/** The chip of the clients without a category. */
export const SEM_CATEGORIA = 0;

export interface View {
  /** The applied name filter ('Buscar'). */
  q: string;
  ordem: Ordem;
  /** Category ids of the pressed chips (SEM_CATEGORIA: the clients without one); none: all. */
  categorias: number[];
  vip: boolean;
  /** Only the clients without a pending tarefa ("Sem próxima tarefa"). */
  semProxima?: boolean;
}

/** URL query names. */
const Q = { q: 'q', ordem: 'ordem', categorias: 'categoria', vip: 'vip', semProxima: 'semProximaTarefa' } as const;

/** The view a URL query describes (unknown values are ignored). */
export function parseView(search: URLSearchParams): View {
  const ordem = search.get(Q.ordem) ?? '';
  const categorias = [
    ...new Set(
      search
        .getAll(Q.categorias)
        .flatMap((v) => v.split(','))
        .filter((v) => /^\d{1,16}$/.test(v))
        .map(Number),
    ),
  ].sort((a, b) => a - b);
  return {
    q: (search.get(Q.q) ?? '').trim(),
    ordem: (ORDENS as readonly string[]).includes(ordem) ? (ordem as Ordem) : '',
    categorias,
    vip: search.get(Q.vip) === '1',
    // Only when asked for: a view without it reads as it always did.
    ...(search.get(Q.semProxima) === '1' ? { semProxima: true } : {}),
  };
}

/** The URL query of a view (only what differs from the default: `/clientes` is the whole list). */
export function viewSearch(view: View): URLSearchParams {
  const s = new URLSearchParams();
  if (view.q) s.set(Q.q, view.q);
  if (view.ordem) s.set(Q.ordem, view.ordem);
  if (view.categorias.length) s.set(Q.categorias, [...view.categorias].sort((a, b) => a - b).join(','));
  if (view.vip) s.set(Q.vip, '1');
  if (view.semProxima) s.set(Q.semProxima, '1');
  return s;
}

/** `/clientes?…` for a view (the category cards and the home's chart link here). */
export const viewHref = (base: string, view: Partial<View>): string => {
  const s = viewSearch({ q: '', ordem: '', categorias: [], vip: false, semProxima: false, ...view }).toString();
  return s ? `${base}?${s}` : base;
};

/** A change of the query, made from the latest one asked for. */
export type QueryUpdate = (current: URLSearchParams) => URLSearchParams;

/**
 * The URL query as state: each change is a history entry (Back and Forward walk through views).
 * A change builds on the query last asked for, not on the last render: a navigation renders in a
 * transition, and a second click before it lands (a chip, then the sort) must not undo the first.
 * useLocation and useNavigate only: react-router's useSearchParams would add its code to the
 * initial JavaScript (the libraries share one chunk).
 */
export function useQueryState(): [URLSearchParams, (update: QueryUpdate) => void] {
  const { search, state } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  // The queries asked for and not landed yet; the last one is what a change builds on.
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const at = pending.current.indexOf(search);
    // One of ours landed: those asked after it are still on their way. Anything else (Back,
    // Forward, a link) replaces them all.
    pending.current = at >= 0 ? pending.current.slice(at + 1) : [];
  }, [search]);
  const set = useCallback(
    (update: QueryUpdate) => {
      const s = update(new URLSearchParams(pending.current.at(-1) ?? search)).toString();
      const next = s ? `?${s}` : '';
      pending.current.push(next);
      // The page's state goes along (a view change is not leaving the page: the Desfazer bar stays).
      void navigate({ search: next }, { state });
    },
    [navigate, search, state],
  );
  return [params, set];
}
