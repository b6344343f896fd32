import { httpHandler, json } from '../../http/index.ts';
import { listCategorias } from '../../services/categorias.ts';

/** GET /categorias: every record, sorted by id. */
export const handler = httpHandler(async (_event, actor) => json(200, await listCategorias(actor)));
