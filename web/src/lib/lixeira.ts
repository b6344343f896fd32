import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { Categoria, Cliente, Restaurado, Tipo } from '@contract';
import { apiRequest } from './api-client.ts';
import { categorias, clientes } from './resources.ts';

/** The trash's list (GET /lixeira, paged). */
export const LIXEIRA_PATH = '/lixeira';

/** The list a record of each kind lives in (its SWR key). */
const LIST_OF: Record<Tipo, string> = { produto: clientes.path, categoria: categorias.path };

type Listed = Cliente | Categoria;
const byId = (a: Listed, b: Listed) => a.id - b.id;

/** The trash's writes, bound to the app's SWR cache: a restored record goes back into its list, where it was (by id). */
export function useLixeiraActions() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      async restore(tipo: Tipo, id: number): Promise<Restaurado> {
        const restored = await apiRequest<Restaurado>(`${LIXEIRA_PATH}/${tipo}/${id}/restaurar`, { method: 'POST' });
        await mutate<Listed[]>(LIST_OF[tipo], (list) => (list ? [...list.filter((r) => r.id !== id), restored.registro].sort(byId) : list), {
          revalidate: false,
        });
        return restored;
      },
      purge: (tipo: Tipo, id: number) => apiRequest<void>(`${LIXEIRA_PATH}/${tipo}/${id}`, { method: 'DELETE' }),
    }),
    [mutate],
  );
}
