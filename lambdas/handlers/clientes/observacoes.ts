import { httpHandler, json, pageOf } from '../../http/index.ts';
import { listObservacoes } from '../../services/clientes.ts';

/** GET /observacoes: the clients' notes, by id, paged by size (`?cursor=`): what an export adds to the list. */
export const handler = httpHandler(async (event, actor) => json(200, await listObservacoes(actor, pageOf(event))));
