import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { Categoria, Cliente, Restaurado, Tipo } from '@contract';
import { purgeFromLixeira, restoreFromLixeira } from '../api/lixeira.ts';
import { categorias, clientes } from './resources.ts';
import { isTarefaReadKey } from './tarefas.ts';
import { isTarefasKey } from '../api/tarefas.ts';

/** The whole list a record of each kind lives in (its SWR key); tarefas are read by page, never as one list. */
const LIST_OF: Record<Tipo, string | undefined> = { produto: clientes.path, categoria: categorias.path, tarefa: undefined };

type Listed = Cliente | Categoria;
const byId = (a: Listed, b: Listed) => a.id - b.id;

/** The trash's writes, bound to the app's SWR cache: a restored record goes back into its list, where it was (by id). */
export function useLixeiraActions() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      async restore(tipo: Tipo, id: number): Promise<Restaurado> {
        const restored = await restoreFromLixeira(tipo, id);
        const key = LIST_OF[tipo];
        if (key !== undefined) {
          const registro = restored.registro as Listed;
          await mutate<Listed[]>(key, (list) => (list ? [...list.filter((r) => r.id !== id), registro].sort(byId) : list), { revalidate: false });
        }
        // A tarefa back: its lists, counts and its client's next tarefa read again; a client back: its tarefas in the agenda.
        if (tipo === 'tarefa') void mutate(isTarefaReadKey);
        else if (tipo === 'produto') void mutate(isTarefasKey);
        return restored;
      },
      purge: purgeFromLixeira,
    }),
    [mutate],
  );
}
