/**
 * Cognito's JSON API, called with `fetch` (no AWS SDK in the bundle): one POST per operation to
 * the user pool's endpoint (config.json's `cognitoEndpoint`; locally the server's `/cognito/`).
 */

/** A refused call: Cognito's `__type` (`NotAuthorizedException`, …) and message; `Network` when nothing answered. */
export class CognitoError extends Error {
  readonly type: string;
  constructor(type: string, message: string) {
    super(message);
    this.name = 'CognitoError';
    this.type = type;
  }
}

/** What a sign-in, a refresh or an answered challenge gives (a refresh carries no new RefreshToken). */
export interface AuthResult {
  AccessToken: string;
  ExpiresIn?: number;
  RefreshToken?: string;
}

/** InitiateAuth's and RespondToAuthChallenge's answer: tokens, or the next challenge. */
export interface AuthAnswer {
  AuthenticationResult?: AuthResult;
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
}

/**
 * Calls `AWSCognitoIdentityProviderService.<op>` at `endpoint`.
 * @throws CognitoError with the answer's `__type` (namespace dropped), or `Network`.
 */
export async function cognitoCall<T>(endpoint: string, op: string, body: object): Promise<T> {
  let res: Response;
  let data: { __type?: string; message?: string; Message?: string } | undefined;
  try {
    res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${op}` },
      body: JSON.stringify(body),
      // A RevokeToken sent while the page goes away still reaches Cognito.
      keepalive: op === 'RevokeToken',
    });
    data = (await res.json().catch(() => ({}))) as typeof data;
  } catch {
    throw new CognitoError('Network', 'Cognito did not answer');
  }
  if (!res.ok) throw new CognitoError((data?.__type ?? `HTTP${res.status}`).split('#').pop()!, data?.message ?? data?.Message ?? '');
  return data as T;
}
