import { MESSAGES } from '../../contract/messages.ts';
import { httpHandler, json, pathId } from '../../http/index.ts';
import { getCliente } from '../../services/clientes.ts';

/** GET /produtos/{id}: one client (400 for an invalid id, 404 when missing). */
export const handler = httpHandler(async (event, actor) =>
  json(200, await getCliente(actor, pathId(event, MESSAGES.produtoNaoEncontrado))),
);
