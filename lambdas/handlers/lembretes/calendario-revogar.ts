import { httpHandler, json } from '../../http/index.ts';
import { revokeCalendario } from '../../services/lembretes.ts';

/** DELETE /lembretes/calendario: the feed URL stops at once; 200 with the caller's settings. */
export const handler = httpHandler(async (_event, actor) => json(200, await revokeCalendario(actor)));
