import { MESSAGES } from '../../contract/messages.ts';
import { httpHandler, noContent, pathId } from '../../http/index.ts';
import { removeTarefa } from '../../services/tarefas.ts';

/** DELETE /tarefas/{id}: 204 with no body, the tarefa in the trash (403 for someone else's, 404 when missing). */
export const handler = httpHandler(async (event, actor) => {
  await removeTarefa(actor, pathId(event, MESSAGES.tarefaNaoEncontrada));
  return noContent();
});
