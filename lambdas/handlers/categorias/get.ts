import { httpHandler, json, pathId } from '../../http/index.ts';
import { MESSAGES } from '../../contract/messages.ts';
import { getCategoria } from '../../services/categorias.ts';

/** GET /categorias/{id}: one record (400 for an invalid id, 404 when missing). */
export const handler = httpHandler(async (event, actor) =>
  json(200, await getCategoria(actor, pathId(event, MESSAGES.categoriaNaoEncontrada))),
);
