import { MESSAGES } from '../../contract/messages.ts';
import { httpHandler, json } from '../../http/index.ts';
import { listClientes, PAGINA_PATH } from '../../services/clientes.ts';

/**
 * GET /produtos: every client, sorted by id (the spec's form), while the answer fits Lambda's
 * response cap; beyond it, 413 saying to use the paged form.
 */
export const handler = httpHandler(async (_event, actor) => json(200, await listClientes(actor)), { tooLarge: MESSAGES.listaGrande(PAGINA_PATH) });
