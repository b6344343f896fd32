import { httpHandler, json } from '../../http/index.ts';
import { getResumo } from '../../services/resumo.ts';

/** GET /resumo: the portfolio's totals (one Query of the totals the writes keep). */
export const handler = httpHandler(async (_event, actor) => json(200, await getResumo(actor)));
