/**
 * The client list as a work tool: which clients show (the name filter, category chips, "Só VIP")
 * in which order, and their totals, all from the URL query so a view can be bookmarked, sent, and
 * walked with Back/Forward. Built for 50,000 clients: the sort keys are computed once per data
 * load, each order once per data load (then cached), and one pass over an order filters and sums.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Cliente } from '@contract';
import { fold, isVip } from './format.ts';

/** The sorts the list offers; '' is the API's order (by id: order of creation). */
export const ORDENS = ['', 'nome', 'nome-desc', 'valor-desc', 'valor', 'categoria', 'alteracao'] as const;
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
}

/** URL query names. */
const Q = { q: 'q', ordem: 'ordem', categorias: 'categoria', vip: 'vip' } as const;

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
  };
}

/** The URL query of a view (only what differs from the default: `/clientes` is the whole list). */
export function viewSearch(view: View): URLSearchParams {
  const s = new URLSearchParams();
  if (view.q) s.set(Q.q, view.q);
  if (view.ordem) s.set(Q.ordem, view.ordem);
  if (view.categorias.length) s.set(Q.categorias, [...view.categorias].sort((a, b) => a - b).join(','));
  if (view.vip) s.set(Q.vip, '1');
  return s;
}

/** `/clientes?…` for a view (the category cards and the home's chart link here). */
export const viewHref = (base: string, view: Partial<View>): string => {
  const s = viewSearch({ q: '', ordem: '', categorias: [], vip: false, ...view }).toString();
  return s ? `${base}?${s}` : base;
};

/**
 * A text's sort key for a plain `<` comparison that orders as pt-BR people expect: case and
 * accents aside ("Álvaro" beside "Alvaro"), numbers by value ("Loja 2" before "Loja 10").
 */
export const sortKey = (text: string): string =>
  fold(text).replace(/\d+/g, (d) => {
    const digits = d.replace(/^0+(?=\d)/, '');
    return String.fromCharCode(48 + Math.min(digits.length, 40)) + digits;
  });

const collator = new Intl.Collator('pt-BR', { numeric: true });

/** The list, prepared once per data load. */
export interface Prepared {
  items: readonly Cliente[];
  folded: string[];
  cents: Float64Array;
  vip: Uint8Array;
  /** Orders already computed, by sort. */
  orders: Map<Ordem, Int32Array>;
}

export function prepare(items: readonly Cliente[]): Prepared {
  const n = items.length;
  const folded = new Array<string>(n);
  const cents = new Float64Array(n);
  const vip = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = items[i]!;
    folded[i] = fold(c.nome);
    cents[i] = Math.round(c.valorContrato * 100);
    vip[i] = isVip(c.valorContrato) ? 1 : 0;
  }
  return { items, folded, cents, vip, orders: new Map() };
}

const byText = (keys: string[], names: readonly string[]) => (a: number, b: number) => {
  const ka = keys[a]!;
  const kb = keys[b]!;
  if (ka !== kb) return ka < kb ? -1 : 1;
  // Same key: accents and case decide ("Alvaro" before "Álvaro"), then the id.
  return collator.compare(names[a]!, names[b]!) || a - b;
};

/** The indices of the list in a sort's order (computed once per data load and sort). */
export function orderOf(p: Prepared, ordem: Ordem): Int32Array {
  const cached = p.orders.get(ordem);
  if (cached) return cached;
  const n = p.items.length;
  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  const names = ordem === 'nome' || ordem === 'categoria' ? p.items.map((c) => c.nome) : [];
  let order: Int32Array;
  switch (ordem) {
    case '':
      order = idx;
      break;
    case 'nome':
      order = idx.sort(byText(names.map(sortKey), names));
      break;
    case 'nome-desc':
      order = orderOf(p, 'nome').slice().reverse();
      break;
    case 'valor':
    case 'valor-desc': {
      const sign = ordem === 'valor' ? 1 : -1;
      order = idx.sort((a, b) => sign * (p.cents[a]! - p.cents[b]!) || a - b);
      break;
    }
    case 'categoria': {
      // Category (pt-BR), clients without one last; then the name.
      const keys = p.items.map((c, i) => (c.categoria ? `0${sortKey(c.categoria.descricao)}` : '1') + '\u0000' + sortKey(names[i]!));
      order = idx.sort(byText(keys, names));
      break;
    }
    case 'alteracao': {
      // Newest change first; records without one (from before the audit fields) by id, newest first.
      const at = p.items.map((c) => c.atualizadoEm ?? '');
      order = idx.sort((a, b) => (at[a]! === at[b]! ? p.items[b]!.id - p.items[a]!.id : at[a]! < at[b]! ? 1 : -1));
      break;
    }
  }
  p.orders.set(ordem, order);
  return order;
}

/** What a view shows, with its totals (from the same pass). */
export interface Shown {
  items: Cliente[];
  clientes: number;
  /** Sum of the contracts in BRL (summed in cents: exact). */
  soma: number;
  vips: number;
}

/** The clients a view shows, in its order, and their totals: one pass over the ordered list. */
export function applyView(p: Prepared, view: View): Shown {
  const order = orderOf(p, view.ordem);
  const q = fold(view.q);
  const cats = view.categorias.length ? new Set(view.categorias) : null;
  const items: Cliente[] = [];
  let cents = 0;
  let vips = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    if (view.vip && !p.vip[i]) continue;
    const c = p.items[i]!;
    if (cats && !cats.has(c.categoria?.id ?? SEM_CATEGORIA)) continue;
    if (q && !p.folded[i]!.includes(q)) continue;
    items.push(c);
    cents += p.cents[i]!;
    vips += p.vip[i]!;
  }
  return { items, clientes: items.length, soma: cents / 100, vips };
}

/**
 * The URL query as state: each change is a history entry (Back and Forward walk through views).
 * useLocation and useNavigate only: react-router's useSearchParams would add its code to the
 * initial JavaScript (the libraries share one chunk).
 */
export function useQueryState(): [URLSearchParams, (next: URLSearchParams) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams) => {
      const s = next.toString();
      void navigate({ search: s ? `?${s}` : '' });
    },
    [navigate],
  );
  return [params, set];
}
