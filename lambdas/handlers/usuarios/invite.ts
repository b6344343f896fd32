import { parseUsuarioInput } from '../../contract/schemas.ts';
import { httpHandler, json, readJsonBody, validOr400 } from '../../http/index.ts';
import { usuariosFor } from '../../services/usuarios.ts';

/** POST /usuarios: invites a person (Cognito e-mails the temporary password); 201 with the user. */
export const handler = httpHandler(async (event, actor) => {
  const usuarios = await usuariosFor(actor);
  return json(201, await usuarios.invite(validOr400(parseUsuarioInput(readJsonBody(event)))));
});
