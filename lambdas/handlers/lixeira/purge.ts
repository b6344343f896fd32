import { MESSAGES } from '../../contract/messages.ts';
import { httpHandler, noContent, pathId, pathTipo } from '../../http/index.ts';
import { purgeFor } from '../../services/lixeira.ts';

/** DELETE /lixeira/{tipo}/{id}: removes the record and its history for good (administrators; 403 for others, before validation). */
export const handler = httpHandler(async (event, actor) => {
  const purge = await purgeFor(actor);
  await purge(pathTipo(event), pathId(event, MESSAGES.naoEstaNaLixeira));
  return noContent();
});
