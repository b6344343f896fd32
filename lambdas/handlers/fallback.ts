import { MESSAGES } from '../contract/messages.ts';
import { MethodNotAllowedError, NotFoundError } from '../errors.ts';
import { httpHandler, requestPath, requireSignInMode } from '../http/index.ts';
import { isSignInOnly, routesForPath } from '../routes.ts';

/**
 * `$default`: everything no route matched. A path the route table knows with another method is
 * a 405 with `Allow`; anything else a JSON 404. The users API's paths in the open mode (where
 * `-c auth=off` deploys none of their routes) answer as their handlers would: 404 "O login está
 * desativado.". OPTIONS preflight is answered by httpHandler.
 */
export const handler = httpHandler(async (event) => {
  const rows = routesForPath(requestPath(event));
  if (rows.length === 0) throw new NotFoundError(MESSAGES.rotaNaoEncontrada);
  if (rows.every(isSignInOnly)) requireSignInMode();
  const methods = rows.map((r) => r.method);
  const method = event.requestContext.http.method;
  throw new MethodNotAllowedError(MESSAGES.metodoNaoPermitido(method, methods), [...methods, 'OPTIONS']);
});
