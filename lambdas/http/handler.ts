/**
 * The wrapper of every handler: the origin check, OPTIONS preflight, the actor (who is calling),
 * thrown errors → replies, rendering, Lambda's response cap, and the one log line.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '../contract/limits.ts';
import { MESSAGES } from '../contract/messages.ts';
import type { Actor } from '../contract/types.ts';
import { ForbiddenError } from '../errors.ts';
import { isPublic, isSignInOnly, ORIGIN_VERIFY, routeOfKey } from '../routes.ts';
import { actorOf, requireSignInMode } from './actor.ts';
import { preflight } from './cors.ts';
import { errorReply } from './errors.ts';
import { logRequest } from './log.ts';
import { header, type HttpEvent } from './request.ts';
import { json, render, resultBytes, type HttpResult, type Reply } from './response.ts';

/** A Lambda handler of the HTTP API (payload v2). */
export type LambdaHandler = (event: HttpEvent) => Promise<HttpResult>;

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Refuses (403) a request without the origin-verify header CloudFront adds, when the functions'
 * environment names its value: the execute-api URL then can't bypass CloudFront. During a
 * rotation the previous value is accepted too, while CloudFront's update spreads to every edge.
 * Compared in constant time (over digests, so the length leaks nothing either). Unset (local): off.
 */
function checkOrigin(event: HttpEvent): void {
  const expected = process.env[ORIGIN_VERIFY.env];
  if (!expected) return;
  const sent = header(event, ORIGIN_VERIFY.header);
  if (sent === undefined) throw new ForbiddenError(MESSAGES.origemNaoAutorizada);
  const accepted = [expected, process.env[ORIGIN_VERIFY.previousEnv]].filter((v): v is string => !!v);
  // Both compared every time: which one matched takes no less time than a miss.
  const matches = accepted.map((value) => timingSafeEqual(digest(sent), digest(value)));
  if (!matches.includes(true)) throw new ForbiddenError(MESSAGES.origemNaoAutorizada);
}

/** What a handler's logic gets: the event, and who is calling (to pass to its service). */
export type HandlerLogic = (event: HttpEvent, actor: Actor) => Promise<Reply>;

export interface HandlerOptions {
  /**
   * The message of the 413 a route answers when its answer would pass Lambda's response cap (a
   * list whose paged form exists: it says what to use); without one, that is a 500.
   */
  tooLarge?: string;
}

/**
 * Wraps a handler's logic: checks the origin, answers OPTIONS preflight, reads the actor from
 * the authorizer's claims (401 when they are not an access token of this pool), maps thrown
 * errors to replies, renders JSON with compression and CORS, enforces Lambda's response cap and
 * logs one line. A route its row declares sign-in only (the users API) answers 404 `{"mensagem"}`
 * in the open mode.
 */
export function httpHandler(logic: HandlerLogic, options: HandlerOptions = {}): LambdaHandler {
  return (event) =>
    serve(event, options, (method) => {
      if (method === 'OPTIONS') return Promise.resolve(preflight(event));
      const actor = actorOf(event);
      const route = routeOfKey(event.routeKey);
      if (route && isSignInOnly(route)) requireSignInMode();
      return logic(event, actor);
    });
}

/** What every route does around its answer: the origin check first, thrown errors as replies, then `finish`. */
async function serve(event: HttpEvent, options: HandlerOptions, answer: (method: string) => Promise<Reply>): Promise<HttpResult> {
  const started = performance.now();
  const method = event.requestContext?.http?.method ?? 'UNKNOWN';
  let reply: Reply;
  let cause: unknown;
  try {
    checkOrigin(event);
    reply = await answer(method);
  } catch (err) {
    reply = errorReply(err);
    cause = err;
  }
  return finish(reply, cause, event, method, started, options);
}

/** Renders a reply, enforces Lambda's response cap and logs the request's one line (no path: a feed URL holds a secret). */
function finish(reply: Reply, cause: unknown, event: HttpEvent, method: string, started: number, options: HandlerOptions): HttpResult {
  let result = render(reply, event);
  const bytes = resultBytes(result);
  if (bytes > LIMITS.responseBytes) {
    cause = new Error(`Response of ${bytes} bytes exceeds the ${LIMITS.responseBytes}-byte cap`);
    result = render(options.tooLarge ? json(413, { mensagem: options.tooLarge }) : json(500, { mensagem: MESSAGES.respostaGrande }), event);
  }
  logRequest({
    method,
    routeKey: event.routeKey,
    status: result.statusCode ?? 200,
    durationMs: Math.round((performance.now() - started) * 100) / 100,
    requestId: event.requestContext?.requestId,
    cause,
  });
  return result;
}

/**
 * Wraps the logic of the one route without a JWT (its row is marked `public`: no authorizer in
 * the cloud or locally): the origin check, errors, rendering and the log line as every route, but
 * no actor: the logic proves who it serves itself (the calendar feed's secret). Sign-in only: 404
 * in the open mode. A row not marked public is a wiring mistake, refused with a 500.
 */
export function publicHandler(logic: (event: HttpEvent) => Promise<Reply>, options: HandlerOptions = {}): LambdaHandler {
  return (event) =>
    serve(event, options, () => {
      const route = routeOfKey(event.routeKey);
      if (!route || !isPublic(route)) throw new Error(`${event.routeKey} is not a public route: use httpHandler`);
      requireSignInMode();
      return logic(event);
    });
}
