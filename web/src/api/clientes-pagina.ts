/**
 * The paged client list (GET /produtos/pagina): the request path of a view, and the pages of a
 * view read one after the other (the streaming CSV export). The list pages' hooks build on it
 * (features/clientes/paged.ts).
 */
import type { OrdemLista, PaginaClientes } from '@contract';
import { apiRequest } from './http.ts';
import { pageAfter } from '../lib/paging.ts';

export const PAGINA_PATH = '/produtos/pagina';

/** The largest page the route serves. */
export const PAGINA_MAX = 100;

/** A view as the paged route takes it. */
export interface PagedView {
  /** `proxima`: by the next tarefa's `quando`, clients without one last. */
  ordem: OrdemLista | 'proxima';
  desc: boolean;
  /** One category id, or 0 for the clients without one; absent: all. */
  categoria?: number | undefined;
  vip: boolean;
  /** Only the clients without a next tarefa. */
  semProximaTarefa?: boolean;
  /** Search: each word is the prefix of a word of the name, the e-mail or the CPF/CNPJ. */
  q: string;
  /** Contracts ending in this period (ISO dates), soonest first. */
  fimDe?: string | undefined;
  fimAte?: string | undefined;
  /** Each client with its notes (the export); the cards leave them out. */
  observacoes?: boolean;
}

/** `/produtos/pagina?…` for a view's first page of `limit` clients (only what differs from the route's defaults). */
export function paginaPath(view: PagedView, limit: number): string {
  const s = new URLSearchParams();
  s.set('limit', String(limit));
  if (view.fimDe === undefined && view.fimAte === undefined) {
    if (view.ordem !== 'nome') s.set('ordem', view.ordem);
    if (view.desc) s.set('direcao', 'desc');
  }
  if (view.categoria !== undefined) s.set('categoria', String(view.categoria));
  if (view.vip) s.set('vip', '1');
  if (view.semProximaTarefa) s.set('semProximaTarefa', '1');
  if (view.q) s.set('q', view.q);
  if (view.fimDe !== undefined) s.set('fimDe', view.fimDe);
  if (view.fimAte !== undefined) s.set('fimAte', view.fimAte);
  if (view.observacoes) s.set('observacoes', '1');
  return `${PAGINA_PATH}?${s.toString()}`;
}

/**
 * Every page of a view, read one at a time (only one page is held): stops after the last one,
 * or before the next request once `signal` is aborted.
 */
export async function* readPages(view: PagedView, signal?: AbortSignal, limit = PAGINA_MAX): AsyncGenerator<PaginaClientes> {
  const first = paginaPath(view, limit);
  let path: string | null = first;
  while (path !== null) {
    if (signal?.aborted) return;
    const page: PaginaClientes = await apiRequest<PaginaClientes>(path, signal ? { signal } : {});
    yield page;
    path = page.cursor === null ? null : pageAfter(first, page.cursor);
  }
}
