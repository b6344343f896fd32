import { httpHandler, json, pathId } from '../../http.ts';
import { MESSAGES } from '../../contract/messages.ts';
import { getProduto } from '../../services/produtos.ts';

/** GET /produtos/{id}: one record (400 for an invalid id, 404 when missing). */
export const handler = httpHandler(async (event) => json(200, await getProduto(pathId(event, MESSAGES.produtoNaoEncontrado))));
