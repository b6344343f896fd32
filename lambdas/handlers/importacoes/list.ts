import { httpHandler, json, pageOf } from '../../http/index.ts';
import { listImportacoes } from '../../services/importacoes.ts';

/** GET /importacoes: the caller's imports (an administrator's: everyone's), newest first, paged (`?limit=&cursor=`). */
export const handler = httpHandler(async (event, actor) => json(200, await listImportacoes(actor, pageOf(event))));
