import { parseProdutoInput } from '../../contract/schemas.ts';
import { httpHandler, idempotencyKeyOf, json, readJsonBody, validOr400 } from '../../http.ts';
import { idempotencyClaim } from '../../services/idempotency.ts';
import { createProduto } from '../../services/produtos.ts';

/** POST /produtos: 201 with the created record; honours `Idempotency-Key` (scoped to this route). */
export const handler = httpHandler(async (event) => {
  const key = idempotencyKeyOf(event);
  const input = validOr400(parseProdutoInput(readJsonBody(event)));
  const claim = key === undefined ? undefined : idempotencyClaim(event.routeKey, key, input);
  const created = await createProduto(input, claim);
  return json(created.status, created.body);
});
