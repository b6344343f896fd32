import { parseUsuarioAdmin } from '../../contract/schemas.ts';
import { httpHandler, json, readJsonBody, validOr400 } from '../../http/index.ts';
import { pathEmail } from './path.ts';
import { usuariosFor } from '../../services/usuarios.ts';

/** PUT /usuarios/{email}/admin: makes the user an administrator or a member; 200 with the user. */
export const handler = httpHandler(async (event, actor) => {
  const usuarios = await usuariosFor(actor);
  const username = pathEmail(event);
  const { admin } = validOr400(parseUsuarioAdmin(readJsonBody(event)));
  return json(200, await usuarios.setAdmin(username, admin));
});
