import { httpHandler, noContent } from '../../http/index.ts';
import { revokeCalendario } from '../../services/lembretes.ts';

/** DELETE /lembretes/calendario: the feed URL stops at once; 204. */
export const handler = httpHandler(async (_event, actor) => {
  await revokeCalendario(actor);
  return noContent();
});
