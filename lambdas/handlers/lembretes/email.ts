import { parseEmailDiario } from '../../contract/schemas.ts';
import { httpHandler, json, readJsonBody, validOr400 } from '../../http/index.ts';
import { setEmailDiario } from '../../services/lembretes.ts';

/** PUT /lembretes/email `{ativo}`: the caller's morning e-mail on or off; 200 with their settings. */
export const handler = httpHandler(async (event, actor) => {
  const { ativo } = validOr400(parseEmailDiario(readJsonBody(event)));
  return json(200, await setEmailDiario(actor, ativo));
});
