import { MESSAGES } from '../../contract/messages.ts';
import { httpHandler, json, pathId, pathTipo } from '../../http/index.ts';
import { restoreFromLixeira } from '../../services/lixeira.ts';

/** POST /lixeira/{tipo}/{id}/restaurar: the record back with the same id; 404 when it is not in the trash, 409 when its name is taken. */
export const handler = httpHandler(async (event, actor) =>
  json(200, await restoreFromLixeira(actor, pathTipo(event), pathId(event, MESSAGES.naoEstaNaLixeira))),
);
