import { MESSAGES } from '../../contract/messages.ts';
import { httpHandler, json, pageOf, pathId } from '../../http/index.ts';
import { historicoCliente } from '../../services/clientes.ts';

/** GET /produtos/{id}/historico: the client's history, newest first, paged (`?limit=&cursor=`); 404 when it never existed. */
export const handler = httpHandler(async (event, actor) =>
  json(200, await historicoCliente(actor, pathId(event, MESSAGES.produtoNaoEncontrado), pageOf(event))),
);
