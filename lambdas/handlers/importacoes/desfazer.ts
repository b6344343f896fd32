import { MESSAGES } from '../../contract/messages.ts';
import { httpHandler, json, pathId } from '../../http/index.ts';
import { undoImportacao } from '../../services/importacoes.ts';

/** POST /importacoes/{id}/desfazer: one undo step; 200 with how many records it deleted and how many are left. */
export const handler = httpHandler(async (event, actor) => json(200, await undoImportacao(actor, pathId(event, MESSAGES.importacaoNaoEncontrada))));
