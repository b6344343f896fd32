import { httpHandler, noContent, pathId } from '../../http.ts';
import { MESSAGES } from '../../contract/messages.ts';
import { removeProduto } from '../../services/produtos.ts';

/** DELETE /produtos/{id}: 204 with no body (404 when missing). */
export const handler = httpHandler(async (event) => {
  await removeProduto(pathId(event, MESSAGES.produtoNaoEncontrado));
  return noContent();
});
