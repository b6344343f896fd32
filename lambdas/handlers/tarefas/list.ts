import { httpHandler, json } from '../../http/index.ts';
import { listTarefas } from '../../services/tarefas.ts';
import { tarefasQueryOf } from './query.ts';

/**
 * GET /tarefas: a page of tarefas by `quando` (`?cliente=&responsavel=&status=&tipo=&desde=&ate=
 * &limit=&cursor=&semResponsavelAtivo=1`; days in the company's time zone), and the next page's cursor.
 */
export const handler = httpHandler(async (event, actor) => json(200, await listTarefas(actor, tarefasQueryOf(event))));
