/**
 * The client list's view in the URL query (sort, category chips, "Só VIP", the name filter), so
 * a view can be bookmarked, sent and walked with Back/Forward; small on purpose: the category
 * cards and the home's chart link to views without loading the list's code (clientes-view.ts).
 */

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
