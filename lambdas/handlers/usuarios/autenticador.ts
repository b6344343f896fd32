import { httpHandler, noContent } from '../../http/index.ts';
import { pathEmail } from './path.ts';
import { usuariosFor } from '../../services/usuarios.ts';

/** DELETE /usuarios/{email}/autenticador: turns the person's authenticator app off (Redefinir autenticador); 204. */
export const handler = httpHandler(async (event, actor) => {
  const usuarios = await usuariosFor(actor);
  await usuarios.resetAuthenticator(pathEmail(event));
  return noContent();
});
