import { httpHandler, json } from '../../http/index.ts';
import { listAtividades } from '../../services/resumo.ts';

/** GET /atividades: the latest changes, newest first. */
export const handler = httpHandler(async (_event, actor) => json(200, await listAtividades(actor)));
