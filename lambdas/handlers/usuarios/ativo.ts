import { parseUsuarioAtivo } from '../../contract/schemas.ts';
import { httpHandler, json, readJsonBody, validOr400 } from '../../http/index.ts';
import { pathEmail } from './path.ts';
import { usuariosFor } from '../../services/usuarios.ts';

/** PUT /usuarios/{email}/ativo: enables or disables the user (disabling signs them out); 200 with the user. */
export const handler = httpHandler(async (event, actor) => {
  const usuarios = await usuariosFor(actor);
  const username = pathEmail(event);
  const { ativo } = validOr400(parseUsuarioAtivo(readJsonBody(event)));
  return json(200, await usuarios.setAtivo(username, ativo));
});
