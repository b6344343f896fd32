import { parseExistentes } from '../../contract/schemas.ts';
import { httpHandler, json, readJsonBody, validOr400 } from '../../http/index.ts';
import { existingClientes } from '../../services/listagem.ts';

/**
 * POST /produtos/existentes: the stored clients having one of the names or CPFs/CNPJs of the body
 * (`{nomes, documentos}`), as the list returns them: the CSV import's review at any size.
 */
export const handler = httpHandler(async (event, actor) => json(200, await existingClientes(actor, validOr400(parseExistentes(readJsonBody(event))))));
