import { useMemo } from 'react';
import useSWR, { useSWRConfig, type ScopedMutator } from 'swr';
import type { Categoria, CategoriaInput, Update } from '@contract';
import { apiRequest, createOnce } from '../../../lib/api-client.ts';
import { useFreshRecord } from '../../../lib/hooks.ts';
import { PRODUTOS_KEY } from '../../clientes/api/keys.ts';

/** SWR keys: the API paths themselves. */
export const CATEGORIAS_KEY = '/categorias';
export const categoriaKey = (id: string | number) => `/categorias/${id}`;

/** Every category (the list page and the client forms' dropdown). */
export const useCategorias = () => useSWR<Categoria[]>(CATEGORIAS_KEY);

/** One category for its edit or delete page, read fresh on every visit (the `versao` an edit sends back). */
export const useCategoria = (id: string | undefined) => useFreshRecord<Categoria>(id ? categoriaKey(id) : null);

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/**
 * The category writes, bound to the app's SWR cache: each one updates the cached lists so a
 * list never shows stale data.
 */
export function useCategoriaActions() {
  const { mutate } = useSWRConfig();
  return useMemo(() => categoriaActions(mutate), [mutate]);
}

/** The writes for a given cache's mutate (exported for the hook above). */
export function categoriaActions(mutate: ScopedMutator) {
  return {
    /** POST /categorias with an idempotency key; the list cache gets the new record. */
    async create(input: CategoriaInput, idempotencyKey: string): Promise<Categoria> {
      const created = await createOnce<Categoria>(CATEGORIAS_KEY, input, idempotencyKey);
      await mutate<Categoria[]>(
        CATEGORIAS_KEY,
        (list) => (list ? [...list.filter((c) => c.id !== created.id), created].sort(byId) : list),
        { revalidate: false },
      );
      return created;
    },

    /** PUT /categorias (id and the loaded `versao` in the body); caches follow the server's answer. */
    async update(body: Update<CategoriaInput>): Promise<Categoria> {
      const updated = await apiRequest<Categoria>(CATEGORIAS_KEY, { method: 'PUT', body });
      await mutate<Categoria[]>(CATEGORIAS_KEY, (list) => list?.map((c) => (c.id === updated.id ? updated : c)), { revalidate: false });
      // Clients embed the category's descricao: their list must be read again.
      void mutate(PRODUTOS_KEY);
      return updated;
    },

    /** DELETE /categorias/{id}; the list cache drops it. */
    async remove(id: number): Promise<void> {
      await apiRequest<void>(categoriaKey(id), { method: 'DELETE' });
      await mutate<Categoria[]>(CATEGORIAS_KEY, (list) => list?.filter((c) => c.id !== id), { revalidate: false });
    },

    /** After a failed write the cached list may be stale (409): read it again. */
    refresh: () => void mutate(CATEGORIAS_KEY),
  };
}
