import { parseClienteInput } from '../../contract/schemas.ts';
import { httpHandler, idempotencyKeyOf, json, readJsonBody, validOr400 } from '../../http/index.ts';
import { createCliente } from '../../services/clientes.ts';
import { idempotencyClaim } from '../../services/idempotency.ts';

/** POST /produtos: 201 with the created client; honours `Idempotency-Key` (scoped to this route). */
export const handler = httpHandler(async (event) => {
  const key = idempotencyKeyOf(event);
  const input = validOr400(parseClienteInput(readJsonBody(event)));
  const claim = key === undefined ? undefined : idempotencyClaim(event.routeKey, key, input);
  const created = await createCliente(input, claim);
  return json(created.status, created.body);
});
