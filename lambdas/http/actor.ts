/**
 * Who is calling: the one place that turns the JWT authorizer's claims into the Actor every
 * service receives (httpHandler calls `actorOf` for every request but the preflight).
 *
 * API Gateway's JWT authorizer has checked the signature (RS256, the pool's JWKS), `iss`, `aud`
 * or `client_id`, `exp`, `nbf` and `iat` before the function runs, and passes the claims in
 * `requestContext.authorizer.jwt.claims`, every value flattened to a string (`exp: "1700000000"`,
 * `cognito:groups: "[admin member]"`). It does not check `token_use`: an ID token of the same
 * client passes it, so this layer refuses anything but an access token. It also checks the issuer
 * and client again against the function's own environment (defence in depth: the local key ships
 * in an npm package, so deployed code trusts its own pool only, even if a route lost its
 * authorizer).
 *
 * Environment: AUTH_MODE (`cognito` | `off`, always set: the stack sets it on every function, the
 * local runtime and the tests set it too), AUTH_ISSUER and AUTH_CLIENT_ID (required with `cognito`).
 */
import { ADMIN_GROUP } from '../contract/auth.ts';
import { MESSAGES } from '../contract/messages.ts';
import type { Actor } from '../contract/types.ts';
import { NotFoundError, UnauthorizedError } from '../errors.ts';
import type { HttpEvent } from './request.ts';

/** Everyone, in the open mode: the spec has no roles, so everything stays open. */
export const ANONYMOUS_ACTOR: Readonly<Actor> = Object.freeze({ sub: 'anonimo', email: 'anônimo', admin: true, anonymous: true });

export type AuthMode = 'cognito' | 'off';

/**
 * AUTH_MODE, read on every request (tests set it per file). Unset, or any value but `cognito` or
 * `off`, is a misconfiguration: it fails the request (500) rather than open the data (`off`
 * makes everyone the anonymous administrator, so it must be asked for, never defaulted to).
 */
export function authMode(): AuthMode {
  const mode = process.env.AUTH_MODE?.trim();
  if (!mode) throw new Error('AUTH_MODE is not set: it must be "cognito" or "off"');
  if (mode !== 'cognito' && mode !== 'off') throw new Error(`AUTH_MODE must be "cognito" or "off", not "${mode}"`);
  return mode;
}

/** The claims API Gateway's JWT authorizer passed (payload v2), or undefined when none. */
export function claimsOf(event: HttpEvent): Record<string, unknown> | undefined {
  const authorizer = (event.requestContext as { authorizer?: { jwt?: { claims?: unknown } } } | undefined)?.authorizer;
  const claims = authorizer?.jwt?.claims;
  return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : undefined;
}

/**
 * The groups of a `cognito:groups` claim: API Gateway passes the token's array as one string in
 * brackets, separated by spaces (`"[admin member]"`; Cognito group names hold no white space).
 * An array (a REST API's authorizer, a direct call) is read as is.
 */
export function groupsOf(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.filter((g): g is string => typeof g === 'string');
  if (typeof claim !== 'string') return [];
  const inner = claim.trim().replace(/^\[/, '').replace(/\]$/, '');
  return inner.split(/\s+/).filter((g) => g !== '');
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function required(name: 'AUTH_ISSUER' | 'AUTH_CLIENT_ID'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: AUTH_MODE=cognito needs the pool's issuer and the app client id`);
  return value;
}

/**
 * The actor of a request. AUTH_MODE=off: the anonymous actor. AUTH_MODE=cognito: the claims
 * must be there and be those of an access token (401 `{"mensagem"}` otherwise) from this pool's
 * issuer and this app client; the e-mail is the `username` claim (the user name is the e-mail).
 */
export function actorOf(event: HttpEvent): Actor {
  if (authMode() === 'off') return ANONYMOUS_ACTOR;
  const issuer = required('AUTH_ISSUER');
  const clientId = required('AUTH_CLIENT_ID');
  const claims = claimsOf(event);
  if (!claims) throw new UnauthorizedError(MESSAGES.sessaoInvalida);
  if (claims.token_use !== 'access') throw new UnauthorizedError(MESSAGES.tokenNaoDeAcesso);
  if (claims.iss !== issuer || claims.client_id !== clientId) throw new UnauthorizedError(MESSAGES.sessaoInvalida);
  const sub = text(claims.sub);
  const email = text(claims.username);
  if (!sub || !email) throw new UnauthorizedError(MESSAGES.sessaoInvalida);
  return { sub, email, admin: groupsOf(claims['cognito:groups']).includes(ADMIN_GROUP) };
}

/** For routes that exist only with sign-in (the users API): 404 `{"mensagem"}` in the open mode. */
export function requireSignInMode(): void {
  if (authMode() !== 'cognito') throw new NotFoundError(MESSAGES.loginDesativado);
}
