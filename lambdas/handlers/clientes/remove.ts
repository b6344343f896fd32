import { MESSAGES } from '../../contract/messages.ts';
import { httpHandler, noContent, pathId } from '../../http/index.ts';
import { removeCliente } from '../../services/clientes.ts';

/** DELETE /produtos/{id}: 204 with no body (404 when missing). */
export const handler = httpHandler(async (event, actor) => {
  await removeCliente(actor, pathId(event, MESSAGES.produtoNaoEncontrado));
  return noContent();
});
