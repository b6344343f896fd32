import { MESSAGES } from '../../contract/messages.ts';
import { httpHandler, json, pageOf, pathId } from '../../http/index.ts';
import { historicoCategoria } from '../../services/categorias.ts';

/** GET /categorias/{id}/historico: the category's history, newest first, paged (`?limit=&cursor=`); 404 when it never existed. */
export const handler = httpHandler(async (event, actor) =>
  json(200, await historicoCategoria(actor, pathId(event, MESSAGES.categoriaNaoEncontrada), pageOf(event))),
);
