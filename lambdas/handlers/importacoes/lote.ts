import { LIMITS } from '../../contract/limits.ts';
import { MESSAGES } from '../../contract/messages.ts';
import { parseImportacaoLote } from '../../contract/schemas.ts';
import { httpHandler, idempotencyKeyOf, idempotencyScope, json, pathId, readJsonBody, validOr400 } from '../../http/index.ts';
import { importLote } from '../../services/importacoes.ts';

/**
 * POST /importacoes/{id}/lotes: 200 with the created and failed lines. Its row in the route table
 * requires the `Idempotency-Key` (a batch sent again never creates twice), so `idempotencyKeyOf`
 * answers 400 without one; the route has its own body limit. `fim`: the file's last batch (the import is concluded).
 */
export const handler = httpHandler(async (event, actor) => {
  const id = pathId(event, MESSAGES.importacaoNaoEncontrada);
  const key = idempotencyKeyOf(event);
  if (key === undefined) throw new Error(`${event.routeKey}: the route table must require the Idempotency-Key`);
  const { linhas, fim } = validOr400(parseImportacaoLote(readJsonBody(event, LIMITS.importacao.bodyBytes)));
  return json(200, await importLote(actor, id, linhas, { routeKey: idempotencyScope(event, actor), key }, fim === true));
});
