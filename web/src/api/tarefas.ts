/**
 * The tarefas API: the agenda's pages (GET /tarefas by `quando`), the counts of the badge and the
 * home (GET /tarefas/resumo), the team (GET /equipe) and the writes. Paths double as SWR keys; every
 * key starts with TAREFAS_PATH so one write can make them all read again (isTarefasKey).
 */
import type { PaginaTarefas, Tarefa, TipoTarefa } from '@contract';
import { apiRequest, createOnce } from './http.ts';

import { TAREFAS_PATH, tarefasPath, type TarefasQuery } from './tarefas-paths.ts';

export { resumoTarefasPath, TAREFAS_PATH, tarefasPath, type TarefasQuery } from './tarefas-paths.ts';
export const EQUIPE_PATH = '/equipe';

export const tarefaPath = (id: number | string): string => `${TAREFAS_PATH}/${id}`;

/** True for every plain SWR key of the tarefas (lists, counts, one tarefa). */
export const isTarefasKey = (key: unknown): boolean =>
  typeof key === 'string' && (key === TAREFAS_PATH || key.startsWith(`${TAREFAS_PATH}?`) || key.startsWith(`${TAREFAS_PATH}/`));

/** What the web sends to create a tarefa (`concluida` with a past `quando`: *Registrar interação*). */
export interface TarefaBody {
  cliente: number;
  tipo: TipoTarefa;
  descricao: string;
  /** ISO 8601 with the company zone's offset. */
  quando: string;
  duracaoMin?: number | null;
  responsavel?: string;
  concluida?: boolean;
  resultado?: string | null;
}

/** A change of some fields; `versao` as loaded (409 when someone changed it meanwhile). */
export type TarefaChange = Partial<Omit<TarefaBody, 'cliente'>> & { versao: number };

export const createTarefa = (body: TarefaBody, idempotencyKey: string): Promise<Tarefa> => createOnce<Tarefa>(TAREFAS_PATH, body, idempotencyKey);
export const updateTarefa = (id: number, change: TarefaChange): Promise<Tarefa> => apiRequest<Tarefa>(tarefaPath(id), { method: 'PUT', body: change });
export const removeTarefa = (id: number): Promise<void> => apiRequest<void>(tarefaPath(id), { method: 'DELETE' });

/** Every page of a query, one after another (the export); `signal` stops between pages. */
export async function* readTarefaPages(q: TarefasQuery, signal?: AbortSignal): AsyncGenerator<PaginaTarefas> {
  const first = tarefasPath(q);
  let cursor: string | null = null;
  do {
    if (signal?.aborted) return;
    const path: string = cursor === null ? first : `${first}${first.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;
    const page: PaginaTarefas = await apiRequest<PaginaTarefas>(path, signal ? { signal } : {});
    yield page;
    cursor = page.cursor;
  } while (cursor !== null);
}
