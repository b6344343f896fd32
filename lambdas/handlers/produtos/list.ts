import { httpHandler, json } from '../../http.ts';
import { listProdutos } from '../../services/produtos.ts';

/** GET /produtos: every record, sorted by id. */
export const handler = httpHandler(async () => json(200, await listProdutos()));
