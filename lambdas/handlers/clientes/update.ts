import { parseClienteUpdate } from '../../contract/schemas.ts';
import { httpHandler, json, readJsonBody, validOr400 } from '../../http/index.ts';
import { updateCliente } from '../../services/clientes.ts';

/** PUT /produtos: replaces the client whose id is in the body (never creates); optional `versao` check. */
export const handler = httpHandler(async (event, actor) =>
  json(200, await updateCliente(actor, validOr400(parseClienteUpdate(readJsonBody(event))))),
);
