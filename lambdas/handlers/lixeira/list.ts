import { httpHandler, json, pageOf } from '../../http/index.ts';
import { listLixeira } from '../../services/lixeira.ts';

/** GET /lixeira: the deleted records, newest first, paged (`?limit=&cursor=`). */
export const handler = httpHandler(async (event, actor) => json(200, await listLixeira(actor, pageOf(event))));
