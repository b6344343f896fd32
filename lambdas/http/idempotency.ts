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
 * What a key is scoped to: its route and, with sign-in, its caller (the token's `sub`), so a key
 * belongs to who sent it: another person replaying it with the same body creates their own
 * record instead of receiving the first caller's answer. In the open mode there is one caller
 * and the scope is the route alone, as keys were stored before.
 */
export const idempotencyScope = (event: HttpEvent, actor: Actor): string => (actor.anonymous ? event.routeKey : `${event.routeKey}#${actor.sub}`);

/**
 * The handler of a POST that creates: the optional `Idempotency-Key` (checked before the body),
 * the validated body, then `create` for the actor with the key scoped to the route and the caller; answers what
 * it returns (201, or a replayed first answer).
 */
export function creating<I, T>(
  parse: (body: unknown) => ParseResult<I>,
  create: (actor: Actor, input: I, idempotency?: { routeKey: string; key: string }) => Promise<{ status: number; body: T }>,
): LambdaHandler {
  return httpHandler(async (event, actor) => {
    const key = idempotencyKeyOf(event);
    const input = validOr400(parse(readJsonBody(event)));
    const answer = await create(actor, input, key === undefined ? undefined : { routeKey: idempotencyScope(event, actor), key });
    return json(answer.status, answer.body);
  });
}
