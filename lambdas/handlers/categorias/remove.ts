import { httpHandler, noContent, pathId } from '../../http/index.ts';
import { MESSAGES } from '../../contract/messages.ts';
import { removeCategoria } from '../../services/categorias.ts';

/** DELETE /categorias/{id}: 204 with no body (404 when missing). */
export const handler = httpHandler(async (event, actor) => {
  await removeCategoria(actor, pathId(event, MESSAGES.categoriaNaoEncontrada));
  return noContent();
});
