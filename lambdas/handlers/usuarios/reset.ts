import { httpHandler, noContent } from '../../http/index.ts';
import { pathEmail } from './path.ts';
import { usuariosFor } from '../../services/usuarios.ts';

/** POST /usuarios/{email}/senha: resets the password (Cognito e-mails a code to set a new one); 204. */
export const handler = httpHandler(async (event, actor) => {
  const usuarios = await usuariosFor(actor);
  await usuarios.resetPassword(pathEmail(event));
  return noContent();
});
