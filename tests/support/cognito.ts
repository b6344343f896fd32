/**
 * Helpers for tests that sign in against the local user pool (infra/local/user-pool.ts): Cognito's
 * JSON API as the web calls it (through the local server's /cognito/ proxy, or cognito-local
 * directly), a sign-in that returns the tokens, and an admin SDK client as the users handlers use.
 */
import { createRequire } from 'node:module';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { localCognitoClientConfig, type LocalIdentity } from '../../infra/local/user-pool.ts';
import { totpCode } from '../../infra/local/totp.ts';
import { unspentTotpCode } from './totp.ts';

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

/**
 * Signs in with USER_PASSWORD_AUTH and returns the tokens; with `totpSecret`, a SOFTWARE_TOKEN_MFA
 * challenge is answered with a code the pool has not taken yet (fails on any other challenge or an error).
 */
export async function signIn(url: string, clientId: string, email: string, password: string, totpSecret?: string): Promise<Tokens> {
  let res = await callCognito<{ AuthenticationResult?: Tokens; ChallengeName?: string; Session?: string }>(url, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  if (res.body.ChallengeName === 'SOFTWARE_TOKEN_MFA' && totpSecret) {
    res = await callCognito(url, 'RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: res.body.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: await unspentTotpCode(totpSecret, `${clientId} ${email.toLowerCase()}`) },
    });
  }
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

/** The 6-digit TOTP code of a secret, as an authenticator app shows it (the local runtime's own). */
export { totpCode } from '../../infra/local/totp.ts';

/** Turns TOTP on for the user of `accessToken` through `url` (Minha conta's calls); returns the secret. */
export async function enableTotp(url: string, accessToken: string): Promise<string> {
  const associated = await callCognito<{ SecretCode?: string }>(url, 'AssociateSoftwareToken', { AccessToken: accessToken });
  const secret = associated.body.SecretCode;
  if (!secret) throw new Error(`AssociateSoftwareToken: ${associated.status} ${JSON.stringify(associated.body)}`);
  const verified = await callCognito(url, 'VerifySoftwareToken', { AccessToken: accessToken, UserCode: totpCode(secret), FriendlyDeviceName: 'Clientela' });
  if (verified.status !== 200) throw new Error(`VerifySoftwareToken: ${verified.status} ${JSON.stringify(verified.body)}`);
  const set = await callCognito(url, 'SetUserMFAPreference', { AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
  if (set.status !== 200) throw new Error(`SetUserMFAPreference: ${set.status} ${JSON.stringify(set.body)}`);
  return secret;
}
