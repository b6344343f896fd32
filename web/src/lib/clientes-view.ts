/**
 * The client list as a work tool: which clients show (the name filter, category chips, "Só VIP")
 * in which order, and their totals, all from the URL query so a view can be bookmarked, sent, and
 * walked with Back/Forward. Built for 50,000 clients: the sort keys are computed once per data
 * load, each order once per data load (then cached), and one pass over an order filters and sums.
 */
import type { Cliente } from '@contract';
import { SEM_CATEGORIA, type Ordem, type View } from './clientes-url.ts';
import { isVip } from './format.ts';
import { fold, numericKey, sortKey } from './sort-key.ts';

/** The list, prepared once per data load. */
export interface Prepared {
  items: readonly Cliente[];
  /** The names folded (the name sort's keys). */
  folded: string[];
  /** What the filter searches, folded: the name, and the e-mail and CNPJ/CPF. */
  searched: string[];
  cents: Float64Array;
  vip: Uint8Array;
  /** Orders already computed, by sort. */
  orders: Map<Ordem, Int32Array>;
}

export function prepare(items: readonly Cliente[]): Prepared {
  const n = items.length;
  const folded = new Array<string>(n);
  const searched = new Array<string>(n);
  const cents = new Float64Array(n);
  const vip = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = items[i]!;
    folded[i] = fold(c.nome);
    // A line break between them, so a query never spans two.
    searched[i] = c.email || c.documento ? `${folded[i]}\n${fold(c.email ?? '')}\n${c.documento?.toLowerCase() ?? ''}` : folded[i]!;
    cents[i] = Math.round(c.valorContrato * 100);
    vip[i] = isVip(c.valorContrato) ? 1 : 0;
  }
  return { items, folded, searched, cents, vip, orders: new Map() };
}

const collator = new Intl.Collator('pt-BR', { numeric: true });

/**
 * The indices ordered by their texts' keys (accents, case and numbers folded: plain `<`), ties by
 * the name (pt-BR: "Alvaro" before "Álvaro"; the same name, common in a big portfolio, skips the
 * collator), then by list order.
 */
function byKeys(keys: readonly string[], names: readonly string[]): Int32Array {
  const order = new Int32Array(keys.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return order.sort((a, b) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    if (ka !== kb) return ka < kb ? -1 : 1;
    const na = names[a]!;
    const nb = names[b]!;
    return na === nb ? a - b : collator.compare(na, nb) || a - b;
  });
}

/** The indices of the list in a sort's order (computed once per data load and sort). */
export function orderOf(p: Prepared, ordem: Ordem): Int32Array {
  const cached = p.orders.get(ordem);
  if (cached) return cached;
  const n = p.items.length;
  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  let order: Int32Array;
  switch (ordem) {
    case '':
      order = idx;
      break;
    case 'nome':
      order = byKeys(p.folded.map(numericKey), p.items.map((c) => c.nome));
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
      // Category (pt-BR; the same name: by id), clients without one last; within one, the name
      // order. No string keys per client: the name order (computed in idle time, see
      // ListaClientes) is walked once into one bucket per category, so this costs one pass.
      const byName = orderOf(p, 'nome');
      const cats = new Map<number, { key: string; members: number[] }>();
      const none: number[] = [];
      for (let k = 0; k < n; k++) {
        const i = byName[k]!;
        const c = p.items[i]!.categoria;
        if (!c) {
          none.push(i);
          continue;
        }
        let bucket = cats.get(c.id);
        if (!bucket) cats.set(c.id, (bucket = { key: sortKey(c.descricao), members: [] }));
        bucket.members.push(i);
      }
      const ranked = [...cats].sort(([ia, a], [ib, b]) => (a.key < b.key ? -1 : a.key > b.key ? 1 : ia - ib));
      let k = 0;
      for (const [, bucket] of ranked) for (const i of bucket.members) idx[k++] = i;
      for (const i of none) idx[k++] = i;
      order = idx;
      break;
    }
    case 'alteracao': {
      // Newest change first; records without one (from before the audit fields) last, by id,
      // newest first. Numbers, not ISO strings, in the comparisons.
      const at = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const t = p.items[i]!.atualizadoEm;
        at[i] = t ? Date.parse(t) : -Infinity;
      }
      order = idx.sort((a, b) => at[b]! - at[a]! || p.items[b]!.id - p.items[a]!.id);
      break;
    }
    case 'proxima': {
      // The soonest next tarefa first (overdue ones lead); clients without one last, by name.
      const at = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const q = p.items[i]!.proximaTarefa?.quando;
        at[i] = q ? Date.parse(q) : Infinity;
      }
      const byName = orderOf(p, 'nome');
      const rank = new Int32Array(n);
      for (let k = 0; k < n; k++) rank[byName[k]!] = k;
      order = idx.sort((a, b) => (at[a] === at[b] ? rank[a]! - rank[b]! : at[a]! < at[b]! ? -1 : 1));
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
  // A query with digits also matches a CNPJ/CPF without its punctuation (`12.345.678`).
  const bare = /\d/.test(q) ? q.replace(/[\s./-]/g, '') : q;
  const cats = view.categorias.length ? new Set(view.categorias) : null;
  const items: Cliente[] = [];
  let cents = 0;
  let vips = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    if (view.vip && !p.vip[i]) continue;
    const c = p.items[i]!;
    if (view.semProxima && c.proximaTarefa) continue;
    if (cats && !cats.has(c.categoria?.id ?? SEM_CATEGORIA)) continue;
    if (q && !p.searched[i]!.includes(q) && !p.searched[i]!.includes(bare)) continue;
    items.push(c);
    cents += p.cents[i]!;
    vips += p.vip[i]!;
  }
  return { items, clientes: items.length, soma: cents / 100, vips };
}

