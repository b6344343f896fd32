import { MESSAGES } from '../../contract/messages.ts';
import { httpHandler, json, pageOf, pathId } from '../../http/index.ts';
import { historicoTarefa } from '../../services/tarefas.ts';

/** GET /tarefas/{id}/historico: the tarefa's history, newest first, paged (`?limit=&cursor=`); 404 when it never existed. */
export const handler = httpHandler(async (event, actor) =>
  json(200, await historicoTarefa(actor, pathId(event, MESSAGES.tarefaNaoEncontrada), pageOf(event))),
);
