/** What a handler needs of the HTTP layer (request, errors, cors, encoding, response, log live beside). */
export { httpHandler, publicHandler, type HandlerLogic, type LambdaHandler } from './handler.ts';
export { creating, idempotencyKeyOf, idempotencyScope } from './idempotency.ts';
export { pageOf, pathId, pathTipo, readJsonBody, requestPath, validOr400, type HttpEvent } from './request.ts';
export { json, noContent, textReply, type HttpResult, type Reply } from './response.ts';
export type { Actor } from '../contract/types.ts';
export { requireSignInMode } from './actor.ts';
