import { httpHandler, json } from '../../http/index.ts';
import { resumoTarefas } from '../../services/tarefas.ts';
import { responsavelParam } from './query.ts';

/** GET /tarefas/resumo: overdue and today's pending tarefas of `?responsavel=` (`me`, an e-mail; absent: the team). */
export const handler = httpHandler(async (event, actor) => json(200, await resumoTarefas(actor, responsavelParam(event))));
