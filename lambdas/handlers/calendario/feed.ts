import { publicHandler, textReply } from '../../http/index.ts';
import { calendarioFeed } from '../../services/lembretes.ts';

/**
 * GET /calendario/{segredo}: the public calendar feed (no JWT: the secret in the URL opens it),
 * the person's pending tarefas as iCalendar events; 404 for a wrong, revoked or replaced secret.
 */
export const handler = publicHandler(async (event) =>
  textReply(200, await calendarioFeed(event.pathParameters?.segredo ?? ''), 'text/calendar; charset=utf-8', {
    'content-disposition': 'inline; filename="clientela.ics"',
  }),
);
