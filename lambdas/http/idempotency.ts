/** The `Idempotency-Key` header, and the handler of an idempotent create. */
import { IDEMPOTENCY_KEY_PATTERN, LIMITS } from '../contract/limits.ts';
import { MESSAGES } from '../contract/messages.ts';
import type { ParseResult } from '../contract/schemas.ts';
import type { Actor } from '../contract/types.ts';
import { BadRequestError } from '../errors.ts';
import { routeOfKey } from '../routes.ts';
import { httpHandler, type LambdaHandler } from './handler.ts';
import { readJsonBody, validOr400, header, type HttpEvent } from './request.ts';
import { json } from './response.ts';

/**
 * The `Idempotency-Key` header, as the route's row says (`idempotencyKey` in routes.ts, which the
 * OpenAPI document publishes): undefined when absent where it is optional, 400 when absent where
 * it is required; 400 when empty, too long or not visible ASCII.
 */
export function idempotencyKeyOf(event: HttpEvent): string | undefined {
  const key = header(event, 'idempotency-key');
  if (key === undefined) {
    if (routeOfKey(event.routeKey)?.idempotencyKey === 'required') throw new BadRequestError(MESSAGES.idempotenciaChaveObrigatoria);
    return undefined;
  }
  if (key.length > LIMITS.idempotencyKeyMaxLength || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new BadRequestError(MESSAGES.idempotenciaChaveInvalida(LIMITS.idempotencyKeyMaxLength));
  }
  return key;
}

/**
 * The handler of a POST that creates: the optional `Idempotency-Key` (checked before the body),
 * the validated body, then `create` for the actor with the key scoped to the route; answers what
 * it returns (201, or a replayed first answer).
 */
export function creating<I, T>(
  parse: (body: unknown) => ParseResult<I>,
  create: (actor: Actor, input: I, idempotency?: { routeKey: string; key: string }) => Promise<{ status: number; body: T }>,
): LambdaHandler {
  return httpHandler(async (event, actor) => {
    const key = idempotencyKeyOf(event);
    const input = validOr400(parse(readJsonBody(event)));
    const answer = await create(actor, input, key === undefined ? undefined : { routeKey: event.routeKey, key });
    return json(answer.status, answer.body);
  });
}
