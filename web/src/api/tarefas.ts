/**
 * The tarefas API: the agenda's pages (GET /tarefas by `quando`), the counts of the badge and the
 * home (GET /tarefas/resumo), the team (GET /equipe) and the writes. Paths double as SWR keys; every
 * key starts with TAREFAS_PATH so one write can make them all read again (isTarefasKey).
 */
import type { PaginaTarefas, StatusTarefa, Tarefa, TipoTarefa } from '@contract';
import { apiRequest, createOnce } from './http.ts';

export const TAREFAS_PATH = '/tarefas';
export const EQUIPE_PATH = '/equipe';

/** What a list of tarefas asks for (each absent filter: all). */
export interface TarefasQuery {
  cliente?: number;
  /** An e-mail, or `me`. */
  responsavel?: string;
  status?: StatusTarefa;
  tipo?: TipoTarefa;
  /** Days in the company's time zone (`YYYY-MM-DD`), both inclusive. */
  desde?: string;
  ate?: string;
  limit?: number;
}

/** `/tarefas?…` of a query (the first page; cursorPageKey adds the next ones' cursor). */
export function tarefasPath(q: TarefasQuery): string {
  const s = new URLSearchParams();
  if (q.cliente !== undefined) s.set('cliente', String(q.cliente));
  if (q.responsavel) s.set('responsavel', q.responsavel);
  if (q.status) s.set('status', q.status);
  if (q.tipo) s.set('tipo', q.tipo);
  if (q.desde) s.set('desde', q.desde);
  if (q.ate) s.set('ate', q.ate);
  if (q.limit !== undefined) s.set('limit', String(q.limit));
  const text = s.toString();
  return text ? `${TAREFAS_PATH}?${text}` : TAREFAS_PATH;
}

/** GET /tarefas/resumo: one person's counts (`me` or an e-mail), or the team's (none). */
export const resumoTarefasPath = (responsavel?: string): string =>
  responsavel ? `${TAREFAS_PATH}/resumo?responsavel=${encodeURIComponent(responsavel)}` : `${TAREFAS_PATH}/resumo`;

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
