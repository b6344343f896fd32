import { parseProdutoUpdate } from '../../contract/schemas.ts';
import { httpHandler, json, readJsonBody, validOr400 } from '../../http.ts';
import { updateProduto } from '../../services/produtos.ts';

/** PUT /produtos: replaces the record whose id is in the body (never creates); optional `versao` check. */
export const handler = httpHandler(async (event) =>
  json(200, await updateProduto(validOr400(parseProdutoUpdate(readJsonBody(event))))),
);
