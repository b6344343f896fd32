/**
 * Helpers for tests that sign in against the local user pool (infra/local/cognito.ts): Cognito's
 * JSON API as the web calls it (through the local server's /cognito/ proxy, or cognito-local
 * directly), a sign-in that returns the tokens, and an admin SDK client as the users handlers use.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { localCognitoClientConfig, type LocalIdentity } from '../../infra/local/cognito.ts';

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
