import { httpHandler, json } from '../../http/index.ts';
import { listClientes } from '../../services/clientes.ts';

/** GET /produtos: every client, sorted by id. */
export const handler = httpHandler(async (_event, actor) => json(200, await listClientes(actor)));
