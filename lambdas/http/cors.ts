/**
 * CORS as the handlers answer it, from the route table's one CORS constant. In the cloud API
 * Gateway answers preflight itself from the same constant; locally `preflight` does.
 */
import { CORS, corsOriginsOf, methodsForPath, pathOfRouteKey } from '../routes.ts';
import { header, requestPath, type HttpEvent } from './request.ts';
import type { Reply } from './response.ts';

/** The allowed origins from `CORS_ORIGINS` (comma-separated; none by default). */
export function corsOrigins(): string[] {
  return corsOriginsOf(process.env.CORS_ORIGINS);
}

/**
 * CORS headers for a response: the allow headers only for an allowed Origin, and, whenever an
 * allow-list is set, `Vary: Origin` on every answer (a cache must not hand one origin's answer,
 * or a no-origin answer, to another).
 */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  const allowed = corsOrigins();
  if (allowed.length === 0) return {};
  if (!origin || !allowed.includes(origin)) return { vary: 'origin' };
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': CORS.exposeHeaders.join(', '), vary: 'origin' };
}

/** The answer to OPTIONS: 204 with the path's methods in `Allow`, and for an allowed origin the CORS rules. */
export function preflight(event: HttpEvent): Reply {
  const known = methodsForPath(pathOfRouteKey(event.routeKey) ?? requestPath(event));
  const allow = known.length > 0 ? [...known, 'OPTIONS'].join(', ') : CORS.allowMethods.join(', ');
  const origin = header(event, 'origin');
  if (!origin || !corsOrigins().includes(origin)) return { status: 204, headers: { allow } };
  return {
    status: 204,
    headers: {
      allow,
      'access-control-allow-methods': CORS.allowMethods.join(', '),
      'access-control-allow-headers': CORS.allowHeaders.join(', '),
      'access-control-max-age': String(CORS.maxAgeSeconds),
    },
  };
}
