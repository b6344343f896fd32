import { MESSAGES } from '../contract/messages.ts';
import { MethodNotAllowedError, NotFoundError } from '../errors.ts';
import { httpHandler, requestPath } from '../http/index.ts';
import { methodsForPath } from '../routes.ts';

/**
 * `$default`: everything no route matched. A path the route table knows with another method is
 * a 405 with `Allow`; anything else a JSON 404. OPTIONS preflight is answered by httpHandler.
 */
export const handler = httpHandler(async (event) => {
  const methods = methodsForPath(requestPath(event));
  if (methods.length === 0) throw new NotFoundError(MESSAGES.rotaNaoEncontrada);
  const method = event.requestContext.http.method;
  throw new MethodNotAllowedError(MESSAGES.metodoNaoPermitido(method, methods), [...methods, 'OPTIONS']);
});
