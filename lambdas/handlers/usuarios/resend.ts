import { httpHandler, noContent } from '../../http/index.ts';
import { pathEmail } from './path.ts';
import { usuariosFor } from '../../services/usuarios.ts';

/** POST /usuarios/{email}/convite: sends the invitation again with a new temporary password; 204. */
export const handler = httpHandler(async (event, actor) => {
  const usuarios = await usuariosFor(actor);
  await usuarios.resendInvitation(pathEmail(event));
  return noContent();
});
