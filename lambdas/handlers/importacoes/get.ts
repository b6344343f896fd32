import { MESSAGES } from '../../contract/messages.ts';
import { httpHandler, json, pathId } from '../../http/index.ts';
import { getImportacao } from '../../services/importacoes.ts';

/** GET /importacoes/{id}: one import (its author or an administrator) with the lines of its file it created. */
export const handler = httpHandler(async (event, actor) => json(200, await getImportacao(actor, pathId(event, MESSAGES.importacaoNaoEncontrada))));
