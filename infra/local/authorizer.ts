/**
 * The laptop's JWT authorizer: what API Gateway's HTTP API JWT authorizer does, in the cloud,
 * before any function runs, here for the local pool (cognito-local). The local gateway
 * (adapter.ts) runs it on every route but an OPTIONS preflight, as API Gateway does with CORS.
 *
 * As API Gateway (developer guide, "Control access to HTTP APIs with JWT authorizers"):
 * - the token is the `Authorization` header, bare or after `Bearer `;
 * - RS256, signed by a key of the issuer's JWKS that the header's `kid` names (here the public
 *   key cognito-local ships and serves at `<issuer>/.well-known/jwks.json`); `alg: none`, HS256
 *   and every other algorithm are refused;
 * - `iss` exactly the issuer; `aud`, or when the token has none `client_id`, one of the audience
 *   (the app client id); `exp` after now, `nbf` and `iat` before now;
 * - NOT `token_use`: an ID token of the same client passes (lambdas/http/actor.ts refuses it);
 * - a failure is 401 `{"message":"Unauthorized"}` with `WWW-Authenticate`, API Gateway's own answer.
 * On success the function gets the claims in `requestContext.authorizer.jwt`, every value a string
 * (`gatewayClaims`), `scopes` null (no route asks for scopes).
 */
import { createRequire } from 'node:module';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { ledgerOf } from './sign-in-ledger.ts';

/** The issuer and audience an authorizer trusts (the HTTP API's `jwtConfiguration`). */
export interface JwtAuthorizerConfig {
  /** `http://127.0.0.1:PORT/<poolId>` locally (`https://cognito-idp.<region>.amazonaws.com/<poolId>` in the cloud). */
  issuer: string;
  /** The app client ids accepted in `aud` or `client_id`. */
  audience: readonly string[];
  /** The keys (default: the public key cognito-local ships, the one its JWKS serves). */
  jwks?: JSONWebKeySet;
  /**
   * True for a token the pool issued. Locally the signing key is public (it ships in
   * cognito-local's package), so a valid signature proves nothing: only tokens the local pool
   * handed out (sign-in-ledger.ts) pass. In the cloud the key is Cognito's own secret.
   */
  issued?: (token: string) => boolean;
}

/** The authorizer of a local pool: its issuer, its app client as the audience, only the tokens it issued. */
export const localAuthorizerConfig = (identity: { issuer: string; clientId: string; dir: string }): JwtAuthorizerConfig => ({
  issuer: identity.issuer,
  audience: [identity.clientId],
  issued: (token) => ledgerOf(identity.dir).issued(token),
});

/** `requestContext.authorizer` of a payload v2 event, as API Gateway's JWT authorizer fills it. */
export interface JwtAuthorizerContext {
  jwt: { claims: Record<string, string>; scopes: string[] | null };
}

export type Authorization = { ok: true; authorizer: JwtAuthorizerContext } | { ok: false; reason: string };

/** API Gateway's 401: its body, and the header it adds. */
export const UNAUTHORIZED = { status: 401, body: { message: 'Unauthorized' } } as const;
export const wwwAuthenticate = (reason: string): string =>
  reason === 'missing' ? 'Bearer' : 'Bearer error="invalid_token"';

/** The public key cognito-local signs with (shipped in its package; its JWKS serves it). */
export function cognitoLocalJwks(): JSONWebKeySet {
  const require = createRequire(import.meta.url);
  const { jwk } = require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: JSONWebKeySet['keys'][number] };
  return { keys: [jwk] };
}

/**
 * One claim as API Gateway passes it: strings as they are, numbers and booleans as their text,
 * arrays as `[a b]` (space-separated in brackets: `cognito:groups` is `"[admin member]"`),
 * objects as `map[k:v]` (Go's rendering, keys sorted).
 */
export function flattenClaim(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map(flattenClaim).join(' ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${entries.map(([k, v]) => `${k}:${flattenClaim(v)}`).join(' ')}]`;
  }
  return String(value);
}

/** The claims of a verified token as the function receives them: every value a string. */
export function gatewayClaims(payload: JWTPayload): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, flattenClaim(v)]));
}

/** The token of an `Authorization` header: bare, or after `Bearer `. */
function tokenOf(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
  return token === '' ? undefined : token;
}

/** An authorizer for one issuer and audience: `authorize(authorizationHeader)`. */
export function createJwtAuthorizer(config: JwtAuthorizerConfig): (authorization: string | undefined) => Promise<Authorization> {
  const keys = createLocalJWKSet(config.jwks ?? cognitoLocalJwks());
  const audience = new Set(config.audience);
  return async (authorization) => {
    const token = tokenOf(authorization);
    if (!token) return { ok: false, reason: 'missing' };
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(
        token,
        (header, jws) => {
          // The kid must name a key of the JWKS (jose would take the only key without one).
          if (!header.kid) throw new Error('the token has no kid');
          return keys(header, jws);
        },
        { algorithms: ['RS256'], issuer: config.issuer, requiredClaims: ['exp'] },
      ));
    } catch (err) {
      return { ok: false, reason: (err as Error).message };
    }
    const aud = payload.aud === undefined ? undefined : Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    const audienceOk = aud ? aud.some((a) => audience.has(a)) : typeof payload.client_id === 'string' && audience.has(payload.client_id);
    if (!audienceOk) return { ok: false, reason: 'the token does not have a valid audience' };
    if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000) return { ok: false, reason: 'the token was issued in the future' };
    if (config.issued && !config.issued(token)) return { ok: false, reason: 'the token was not issued by this pool' };
    return { ok: true, authorizer: { jwt: { claims: gatewayClaims(payload), scopes: null } } };
  };
}
