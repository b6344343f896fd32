import { useMemo } from 'react';
import useSWR, { useSWRConfig, type ScopedMutator } from 'swr';
import type { CategoriaRef, Produto, Update } from '@contract';
import { apiRequest, createOnce } from '../../../lib/api-client.ts';
import { useFreshRecord } from '../../../lib/hooks.ts';
import { PRODUTOS_KEY, produtoKey } from './keys.ts';

export { PRODUTOS_KEY, produtoKey };

/** What the web sends for a client: the spec's shape, the category embedded (or null). */
export interface ProdutoBody {
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: number;
  categoria: CategoriaRef | null;
}

/** Every client. */
export const useProdutos = () => useSWR<Produto[]>(PRODUTOS_KEY);

/** One client for its edit or delete page, read fresh on every visit (the `versao` an edit sends back). */
export const useProduto = (id: string | undefined) => useFreshRecord<Produto>(id ? produtoKey(id) : null);

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/**
 * The client writes, bound to the app's SWR cache: each one updates the cached list so it
 * never shows stale data.
 */
export function useProdutoActions() {
  const { mutate } = useSWRConfig();
  return useMemo(() => produtoActions(mutate), [mutate]);
}

/** The writes for a given cache's mutate (exported for the hook above). */
export function produtoActions(mutate: ScopedMutator) {
  return {
    /** POST /produtos with an idempotency key; the list cache gets the new record. */
    async create(body: ProdutoBody, idempotencyKey: string): Promise<Produto> {
      const created = await createOnce<Produto>(PRODUTOS_KEY, body, idempotencyKey);
      await mutate<Produto[]>(
        PRODUTOS_KEY,
        (list) => (list ? [...list.filter((p) => p.id !== created.id), created].sort(byId) : list),
        { revalidate: false },
      );
      return created;
    },

    /** PUT /produtos (id and the loaded `versao` in the body); caches follow the server's answer. */
    async update(body: Update<ProdutoBody>): Promise<Produto> {
      const updated = await apiRequest<Produto>(PRODUTOS_KEY, { method: 'PUT', body });
      await mutate<Produto[]>(PRODUTOS_KEY, (list) => list?.map((p) => (p.id === updated.id ? updated : p)), { revalidate: false });
      return updated;
    },

    /** DELETE /produtos/{id}; the list cache drops it. */
    async remove(id: number): Promise<void> {
      await apiRequest<void>(produtoKey(id), { method: 'DELETE' });
      await mutate<Produto[]>(PRODUTOS_KEY, (list) => list?.filter((p) => p.id !== id), { revalidate: false });
    },

    /** After a failed write the cached list may be stale (409): read it again. */
    refresh: () => void mutate(PRODUTOS_KEY),
  };
}
