import { httpHandler, json } from '../../http/index.ts';
import { usuariosFor } from '../../services/usuarios.ts';

/** GET /usuarios: every user, sorted by e-mail (administrators only). */
export const handler = httpHandler(async (_event, actor) => json(200, await (await usuariosFor(actor)).list()));
