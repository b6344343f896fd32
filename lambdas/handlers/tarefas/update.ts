import { MESSAGES } from '../../contract/messages.ts';
import { parseTarefaUpdate } from '../../contract/schemas.ts';
import { httpHandler, json, pathId, readJsonBody, validOr400 } from '../../http/index.ts';
import { updateTarefa } from '../../services/tarefas.ts';

/** PUT /tarefas/{id}: changes the fields the body sends (never creates); optional `versao` check. */
export const handler = httpHandler(async (event, actor) => {
  const id = pathId(event, MESSAGES.tarefaNaoEncontrada);
  return json(200, await updateTarefa(actor, id, validOr400(parseTarefaUpdate(readJsonBody(event)))));
});
