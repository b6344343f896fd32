import { MESSAGES } from '../../contract/messages.ts';
import { httpHandler, json, pathId } from '../../http/index.ts';
import { restoreImportacao } from '../../services/importacoes.ts';

/** POST /importacoes/{id}/restaurar: one restore step of an undone import; 200 with how many came back and how many are left. */
export const handler = httpHandler(async (event, actor) => json(200, await restoreImportacao(actor, pathId(event, MESSAGES.importacaoNaoEncontrada))));
