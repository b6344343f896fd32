import { httpHandler, json } from '../../http/index.ts';
import { getLembretes } from '../../services/lembretes.ts';

/** GET /lembretes: the caller's calendar feed (on or off) and morning e-mail (on or off). */
export const handler = httpHandler(async (_event, actor) => json(200, await getLembretes(actor)));
