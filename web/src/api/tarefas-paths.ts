/**
 * The tarefas' read paths (the lists and the counts), apart from the rest of the tarefas API: the
 * navbar's badge reads the counts on every page and the home its today's list, so the app shell
 * and the home carry only these.
 */
import type { StatusTarefa, TipoTarefa } from '@contract';

export const TAREFAS_PATH = '/tarefas';

/** GET /tarefas/resumo: one person's counts (`me` or an e-mail), or the team's (none). */
export const resumoTarefasPath = (responsavel?: string): string =>
  responsavel ? `${TAREFAS_PATH}/resumo?responsavel=${encodeURIComponent(responsavel)}` : `${TAREFAS_PATH}/resumo`;

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
  /** Only the team's pending tarefas whose responsavel is no longer an active user (sign-in only). */
  semResponsavelAtivo?: boolean;
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
  if (q.semResponsavelAtivo) s.set('semResponsavelAtivo', '1');
  if (q.limit !== undefined) s.set('limit', String(q.limit));
  const text = s.toString();
  return text ? `${TAREFAS_PATH}?${text}` : TAREFAS_PATH;
}

