import { httpHandler, json } from '../../http/index.ts';
import { createCalendario } from '../../services/lembretes.ts';

/** POST /lembretes/calendario: a new private feed URL (201, shown once); the previous one stops at once. */
export const handler = httpHandler(async (_event, actor) => json(201, await createCalendario(actor)));
