/**
 * What the reminders read of the tarefas: a person's pending tarefas by `quando`, with their
 * client's name, from the agenda index's per-person pending partition (store/tarefas.ts), the
 * tarefas of clients in the trash left out as the agenda leaves them out.
 */
import * as tarefas from '../store/tarefas.ts';

/** A pending tarefa as the reminders show it: its type, time and client's name, nothing else. */
export interface TarefaAgenda {
  id: number;
  tipo: string;
  /** UTC ISO instant. */
  quando: string;
  duracaoMin?: number;
  cliente: { id: number; nome: string };
  atualizadoEm?: string;
}

/** A person's pending tarefas by `quando`, the earliest first: up to `limit`, those before `ate` when given. */
export type AgendaPessoal = (email: string, options: { ate?: Date; limit: number }) => Promise<TarefaAgenda[]>;

/** The person's pending tarefas: one Query of their index partition, then the records and the clients' names in batches. */
export const agendaPessoal: AgendaPessoal = async (email, { ate, limit }) => {
  // The sort keys are `quando` + separator + id: every key of the instant `ate` sorts after it.
  const { hits } = await tarefas.collectAgenda(tarefas.AGENDA_LPK.pessoa(false, email), ate ? { to: ate.toISOString() } : {}, limit);
  if (hits.length === 0) return [];
  const [records, nomes] = await Promise.all([tarefas.readTarefasOf(hits), tarefas.liveClientes(hits.map((h) => h.cliente))]);
  return hits.flatMap((h) => {
    const t = records.get(h.id);
    const nome = nomes.get(h.cliente);
    if (!t || t.concluida || nome === undefined) return [];
    return [
      {
        id: t.id,
        tipo: t.tipo,
        quando: t.quando,
        ...(t.duracaoMin ? { duracaoMin: t.duracaoMin } : {}),
        cliente: { id: h.cliente, nome },
        ...(t.atualizadoEm ? { atualizadoEm: t.atualizadoEm } : {}),
      },
    ];
  });
};
