/**
 * A view of the paged list from the spec's whole list (GET /produtos) instead of its pages: the
 * same clients in the same order, since the order is the index's own sort keys
 * (lambdas/contract/list-order.ts) compared as DynamoDB compares them. It serves the views an
 * index view defines: no search, no next-tarefa order or filter, no contract period.
 */
import { bucketsInOrder, compareUtf8, isVipValue, sortKeyOf, type CategoriaRef, type Cliente, type IndexSort } from '@contract';
import type { PagedView } from '../../api/clientes-pagina.ts';

/** Whether `wholeViewOf` gives this view exactly as its pages would. */
export const wholeListServes = (view: PagedView): boolean =>
  view.q === '' && view.ordem !== 'proxima' && !view.semProximaTarefa && view.fimDe === undefined && view.fimAte === undefined;

/** The category bucket of a client (0: "Sem categoria"), as the index keeps it. */
const bucketOf = (c: Cliente): number => c.categoria?.id ?? 0;

/** The clients of `view` (one `wholeListServes`) in its order. */
export function wholeViewOf(clientes: readonly Cliente[], view: PagedView): Cliente[] {
  if (view.ordem === 'proxima') throw new Error('The next-tarefa order is not an index view.');
  const members = clientes.filter((c) => (view.categoria === undefined || bucketOf(c) === view.categoria) && (!view.vip || isVipValue(c.valorContrato)));
  const sort: IndexSort = view.ordem === 'categoria' ? 'nome' : view.ordem;
  const sign = view.desc ? -1 : 1;
  const keyed = members.map((c) => ({ c, k: sortKeyOf(c, sort) })).sort((a, b) => sign * compareUtf8(a.k, b.k));
  if (view.ordem !== 'categoria' || view.categoria !== undefined) return keyed.map((x) => x.c);
  // The category order: each category's clients by name in turn, the categories by name.
  const categorias = new Map<number, CategoriaRef>();
  for (const c of members) if (c.categoria) categorias.set(c.categoria.id, c.categoria);
  const rank = new Map(bucketsInOrder(categorias.values(), view.desc).map((b, i) => [b, i]));
  return keyed.sort((a, b) => rank.get(bucketOf(a.c))! - rank.get(bucketOf(b.c))! || sign * compareUtf8(a.k, b.k)).map((x) => x.c);
}
