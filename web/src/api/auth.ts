/**
 * The sign-in pages' Cognito calls (the app shell's session.ts holds only the renewal): sign-in
 * and each challenge Cognito can answer with, the forgotten password, and the account's own
 * password and TOTP, which go with the user's access token.
 */
import { userNameOf } from '@contract';
import { cognitoCall, CognitoError, type AuthAnswer } from './cognito-client.ts';
import { cognitoConfig } from '../lib/auth-config.ts';
import { accessToken, establish } from '../lib/session.ts';

function call<T>(op: string, body: object): Promise<T> {
  return cognitoCall<T>(cognitoConfig()!.cognitoEndpoint, op, { ClientId: cognitoConfig()!.clientId, ...body });
}

/** The challenges a pool of this app can ask for. */
export type ChallengeName = 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA' | 'MFA_SETUP';
const CHALLENGES: readonly string[] = ['NEW_PASSWORD_REQUIRED', 'SOFTWARE_TOKEN_MFA', 'MFA_SETUP'];

/** A challenge to answer, with what answering it needs. */
export interface Challenge {
  name: ChallengeName;
  session: string;
  username: string;
  remember: boolean;
}

/** Signed in (the session holds the tokens), or the next challenge. */
function next(answer: AuthAnswer, username: string, remember: boolean): Challenge | undefined {
  if (answer.AuthenticationResult) {
    establish(answer.AuthenticationResult, remember);
    return undefined;
  }
  const name = answer.ChallengeName ?? '';
  if (!CHALLENGES.includes(name) || !answer.Session) throw new CognitoError('UnsupportedChallenge', name);
  return { name: name as ChallengeName, session: answer.Session, username, remember };
}

/** USER_PASSWORD_AUTH with the e-mail as the user name. */
export async function signIn(email: string, password: string, remember: boolean): Promise<Challenge | undefined> {
  const username = userNameOf(email);
  const answer = await call<AuthAnswer>('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } });
  return next(answer, username, remember);
}

/** Answers a challenge (NEW_PASSWORD: `{ NEW_PASSWORD }`, TOTP: `{ SOFTWARE_TOKEN_MFA_CODE }`, MFA setup: `{}`). */
export async function respond(c: Challenge, responses: Record<string, string>, session = c.session): Promise<Challenge | undefined> {
  const answer = await call<AuthAnswer>('RespondToAuthChallenge', {
    ChallengeName: c.name,
    Session: session,
    ChallengeResponses: { USERNAME: c.username, ...responses },
  });
  return next(answer, c.username, c.remember);
}

/** MFA_SETUP: a TOTP secret for the challenge's session (and the session to go on with). */
export const associateForChallenge = (c: Challenge) => call<{ SecretCode: string; Session: string }>('AssociateSoftwareToken', { Session: c.session, ClientId: undefined });

/** MFA_SETUP: the first code of the authenticator; then the challenge is answered. */
export async function verifyForChallenge(c: Challenge, session: string, code: string): Promise<Challenge | undefined> {
  const verified = await call<{ Session: string }>('VerifySoftwareToken', { Session: session, UserCode: code, FriendlyDeviceName: 'Clientela', ClientId: undefined });
  return respond(c, {}, verified.Session);
}

/** Sends the password-reset code; the masked destination ("a***@empresa.com.br"). */
export async function forgotPassword(email: string): Promise<string> {
  const answer = await call<{ CodeDeliveryDetails?: { Destination?: string } }>('ForgotPassword', { Username: userNameOf(email) });
  return answer.CodeDeliveryDetails?.Destination ?? email;
}

/** Sets a new password with the code sent by `forgotPassword`. */
export const confirmForgotPassword = (email: string, code: string, password: string) =>
  call('ConfirmForgotPassword', { Username: userNameOf(email), ConfirmationCode: code, Password: password });

/** A call on the signed-in user's own account (no ClientId: these take the access token). */
async function own<T>(op: string, body: object = {}): Promise<T> {
  return call<T>(op, { ClientId: undefined, AccessToken: await accessToken(), ...body });
}

export const changePassword = (current: string, proposed: string) => own('ChangePassword', { PreviousPassword: current, ProposedPassword: proposed });

/** The SWR key of totpEnabled (Minha conta, and /entrar leading an administrator without it there). */
export const TOTP_KEY = 'cognito:totp';

/** Whether the user has TOTP on. */
export async function totpEnabled(): Promise<boolean> {
  const user = await own<{ UserMFASettingList?: string[]; PreferredMfaSetting?: string }>('GetUser');
  return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') || user.PreferredMfaSetting === 'SOFTWARE_TOKEN_MFA';
}

/** A new TOTP secret for the user (not in force until verified). */
export const associateTotp = () => own<{ SecretCode: string }>('AssociateSoftwareToken').then((a) => a.SecretCode);

/** Verifies the authenticator's first code and turns TOTP on as the preferred second factor. */
export async function enableTotp(code: string): Promise<void> {
  await own('VerifySoftwareToken', { UserCode: code, FriendlyDeviceName: 'Clientela' });
  await own('SetUserMFAPreference', { SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
}

/**
 * Asks Cognito to check the signed-in person's password again (USER_PASSWORD_AUTH) before a change
 * that weakens the account. @throws CognitoError NotAuthorizedException for a wrong one. With TOTP
 * on, a right one is answered with the code's challenge, left unanswered; tokens, if any come, are
 * revoked at once (the session keeps its own).
 */
export async function confirmPassword(email: string, password: string): Promise<void> {
  const answer = await call<AuthAnswer>('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: userNameOf(email), PASSWORD: password } });
  const extra = answer.AuthenticationResult?.RefreshToken;
  if (extra) void call('RevokeToken', { Token: extra }).catch(() => undefined);
}

export const disableTotp = () => own('SetUserMFAPreference', { SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } });
