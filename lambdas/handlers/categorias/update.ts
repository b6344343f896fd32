import { parseCategoriaUpdate } from '../../contract/schemas.ts';
import { httpHandler, json, readJsonBody, validOr400 } from '../../http/index.ts';
import { updateCategoria } from '../../services/categorias.ts';

/** PUT /categorias: replaces the record whose id is in the body (never creates); optional `versao` check. */
export const handler = httpHandler(async (event, actor) =>
  json(200, await updateCategoria(actor, validOr400(parseCategoriaUpdate(readJsonBody(event))))),
);
