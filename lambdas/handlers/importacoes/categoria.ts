import { MESSAGES } from '../../contract/messages.ts';
import { parseCategoriaInput } from '../../contract/schemas.ts';
import { httpHandler, idempotencyKeyOf, idempotencyScope, json, pathId, readJsonBody, validOr400 } from '../../http/index.ts';
import { importCategoria } from '../../services/importacoes.ts';

/**
 * POST /importacoes/{id}/categorias: 201 with a category an import's rows name, created as POST
 * /categorias does and listed under the import (its undo deletes it); honours `Idempotency-Key`.
 */
export const handler = httpHandler(async (event, actor) => {
  const id = pathId(event, MESSAGES.importacaoNaoEncontrada);
  const key = idempotencyKeyOf(event);
  const input = validOr400(parseCategoriaInput(readJsonBody(event)));
  const answer = await importCategoria(actor, id, input, key === undefined ? undefined : { routeKey: idempotencyScope(event, actor), key });
  return json(answer.status, answer.body);
});
