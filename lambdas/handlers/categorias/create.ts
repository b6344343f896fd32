import { parseCategoriaInput } from '../../contract/schemas.ts';
import { httpHandler, idempotencyKeyOf, json, readJsonBody, validOr400 } from '../../http/index.ts';
import { createCategoria } from '../../services/categorias.ts';
import { idempotencyClaim } from '../../services/idempotency.ts';

/** POST /categorias: 201 with the created record; honours `Idempotency-Key` (scoped to this route). */
export const handler = httpHandler(async (event) => {
  const key = idempotencyKeyOf(event);
  const input = validOr400(parseCategoriaInput(readJsonBody(event)));
  const claim = key === undefined ? undefined : idempotencyClaim(event.routeKey, key, input);
  const created = await createCategoria(input, claim);
  return json(created.status, created.body);
});
