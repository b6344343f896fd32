import { httpHandler, json } from '../../http/index.ts';
import { listEquipe } from '../../services/tarefas.ts';

/** GET /equipe: the enabled users, by e-mail (who may be a tarefa's `responsavel`); empty in the open mode. */
export const handler = httpHandler(async (_event, actor) => json(200, await listEquipe(actor)));
