/**
 * Helpers for tests that sign in against the local user pool (infra/local/user-pool.ts): Cognito's
 * JSON API as the web calls it (through the local server's /cognito/ proxy, or cognito-local
 * directly), a sign-in that returns the tokens, and an admin SDK client as the users handlers use.
 */
import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { localCognitoClientConfig, type LocalIdentity } from '../../infra/local/user-pool.ts';

export interface CognitoResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T & { __type?: string; message?: string };
}

/** One call of Cognito's JSON API (`op` = `InitiateAuth`, …) at `url` (`http://…/cognito/`). */
export async function callCognito<T = Record<string, unknown>>(
  url: string,
  op: string,
  body: unknown,
): Promise<CognitoResponse<T>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text || '{}') as CognitoResponse<T>['body'] };
}

export interface Tokens {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn?: number;
}

/** Signs in with USER_PASSWORD_AUTH and returns the tokens (fails on a challenge or an error). */
export async function signIn(url: string, clientId: string, email: string, password: string): Promise<Tokens> {
  const res = await callCognito<{ AuthenticationResult?: Tokens; ChallengeName?: string }>(url, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  if (!res.body.AuthenticationResult) {
    throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.AuthenticationResult;
}

/** An SDK client on cognito-local itself (admin calls, as the users handlers make them). */
export function adminClient(identity: LocalIdentity): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient(localCognitoClientConfig(identity.endpoint));
}

/** The payload of a JWT, unverified (for assertions on claims). */
export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * Answers the first sign-in of an invited user (NEW_PASSWORD_REQUIRED with the temporary
 * password from the outbox) through `url` and returns the tokens of the new session.
 */
export async function firstSignIn(url: string, clientId: string, email: string, temporary: string, password: string): Promise<Tokens> {
  const challenge = await callCognito<{ ChallengeName?: string; Session?: string }>(url, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: email, PASSWORD: temporary },
  });
  if (challenge.body.ChallengeName !== 'NEW_PASSWORD_REQUIRED') {
    throw new Error(`first sign-in of ${email}: expected NEW_PASSWORD_REQUIRED, got ${challenge.status} ${JSON.stringify(challenge.body)}`);
  }
  const done = await callCognito<{ AuthenticationResult?: Tokens }>(url, 'RespondToAuthChallenge', {
    ClientId: clientId,
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: challenge.body.Session,
    ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
  });
  if (!done.body.AuthenticationResult) throw new Error(`new password of ${email}: ${done.status} ${JSON.stringify(done.body)}`);
  return done.body.AuthenticationResult;
}

/** cognito-local's signing key, shipped in its package (why a local token must never open a deployed API). */
export async function cognitoLocalPrivateKey(): Promise<CryptoKey> {
  const require = createRequire(import.meta.url);
  const { jwk } = require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK };
  return (await importJWK(jwk, 'RS256')) as CryptoKey;
}

/**
 * A token signed like cognito-local's (RS256, kid `CognitoLocal`, its shipped private key unless
 * `key` is given) with exactly `payload` (no defaults: the test says every claim).
 */
export async function forgeToken(
  payload: JWTPayload,
  options: { key?: CryptoKey | Uint8Array; alg?: string; kid?: string | null } = {},
): Promise<string> {
  const alg = options.alg ?? 'RS256';
  const kid = options.kid === undefined ? 'CognitoLocal' : options.kid;
  return new SignJWT(payload)
    .setProtectedHeader({ alg, ...(kid === null ? {} : { kid }) })
    .sign(options.key ?? (await cognitoLocalPrivateKey()));
}

/** An unsigned token (`alg: none`), as an attacker would send one. */
export function unsignedToken(payload: JWTPayload): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

/** The claims of an access token of `identity`'s pool as cognito-local makes them (for forging variants). */
export function accessClaims(identity: Pick<LocalIdentity, 'issuer' | 'clientId'>, username: string, groups: string[] = []): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: `sub-${username}`,
    client_id: identity.clientId,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    username,
    iss: identity.issuer,
    iat: now,
    auth_time: now,
    exp: now + 3600,
    ...(groups.length ? { 'cognito:groups': groups } : {}),
  };
}

/** A base32 secret (RFC 4648, as Cognito's `SecretCode`) as bytes. */
function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(ch);
    if (value < 0) throw new Error(`not base32: ${ch}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The 6-digit TOTP code of `secret` at `at` (RFC 6238: HMAC-SHA1, 30-second steps), as an authenticator app shows it. */
export function totpCode(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
