import { MESSAGES } from '../../contract/messages.ts';
import { httpHandler, json, pathId } from '../../http/index.ts';
import { getTarefa } from '../../services/tarefas.ts';

/** GET /tarefas/{id}: one tarefa (400 for an invalid id, 404 when missing or in the trash). */
export const handler = httpHandler(async (event, actor) => json(200, await getTarefa(actor, pathId(event, MESSAGES.tarefaNaoEncontrada))));
