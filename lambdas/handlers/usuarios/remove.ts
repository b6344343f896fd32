import { httpHandler, noContent } from '../../http/index.ts';
import { pathEmail } from './path.ts';
import { usuariosFor } from '../../services/usuarios.ts';

/** DELETE /usuarios/{email}: deletes the user; 204. */
export const handler = httpHandler(async (event, actor) => {
  const usuarios = await usuariosFor(actor);
  await usuarios.remove(pathEmail(event));
  return noContent();
});
