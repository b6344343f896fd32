/**
 * The session: sign-in off (the spec's open mode), or who is signed in. It starts when the app
 * starts: config.json (auth-config.ts), then, with sign-in on only, the tokens' module
 * (session-tokens.ts, a chunk of its own: the open mode never loads it) resumes a kept session.
 * The state lives in session-state.ts; what else follows a session (the toasts, the home's cookie)
 * subscribes to its changes.
 */
import { ADMIN_GROUP, SESSION_STORAGE_KEY, TOKEN_RENEW_MARGIN, TOKEN_RENEW_RETRY } from '../config.ts';
import type { AuthResult } from '../api/cognito-client.ts';
import { cognitoConfig, loadAuthConfig, setCognitoConfig, type AuthConfig } from './auth-config.ts';
import { currentRun, currentSession, endSession, newRun, setSession } from './session-state.ts';

export type { Session, User } from './session-state.ts';
export { onSessionChange, onSessionEnd, useSession, useSessionGeneration } from './session-state.ts';

type Tokens = typeof import('./session-tokens.ts');
/** The tokens' module, once sign-in is known to be on (a session is signed in only through it). */
let tokens: Tokens | undefined;

/** The access token for an API call, renewed first when its time has come; undefined with sign-in off or signed out. */
export const accessToken = async (): Promise<string | undefined> => tokens?.accessToken();

/** After the API refused `used` (401): the token to retry with (session-tokens.ts), or undefined. */
export const tokenAfterRefusal = async (used: string): Promise<string | undefined> => tokens?.tokenAfterRefusal(used);

/** A session the API refused twice: over ("Sua sessão expirou. Entre novamente." on /entrar). */
export const expire = (): void => tokens?.expire();

/** Sair: ends the session here at once, and revokes its refresh token at Cognito. */
export const signOut = (): void => tokens?.signOut();

/** Signs in with Cognito's answer (the sign-in pages, which exist only with sign-in on: the tokens' module is in). */
export const establish = (result: AuthResult, keepSignedIn?: boolean): void => tokens?.establish(result, keepSignedIn);

/**
 * Starts the session when the app starts: reads config.json (or takes `source`), then resumes
 * a kept session with its refresh token. Starting again drops the previous session (tests).
 */
export async function startSession(source: AuthConfig | Promise<AuthConfig> = loadAuthConfig()): Promise<void> {
  const mine = newRun();
  tokens?.reset();
  setCognitoConfig(undefined);
  setSession({ status: 'loading' });
  let c: AuthConfig;
  try {
    // A configuration given as it is (tests) applies at once.
    c = source instanceof Promise ? await source : source;
  } catch {
    if (mine === currentRun()) setSession({ status: 'failed' });
    return;
  }
  if (mine !== currentRun()) return;
  if (c.auth !== 'cognito') return setSession({ status: 'off' });
  setCognitoConfig(c);
  if (!tokens) {
    try {
      tokens = await import('./session-tokens.ts');
      tokens.connect({
        currentRun,
        currentSession,
        setSession,
        endSession,
        cognitoConfig,
        settings: { adminGroup: ADMIN_GROUP, renewMargin: TOKEN_RENEW_MARGIN, renewRetry: TOKEN_RENEW_RETRY, storageKey: SESSION_STORAGE_KEY },
      });
    } catch {
      // The chunk could not load (offline): as if config.json could not be read.
      if (mine === currentRun()) setSession({ status: 'failed' });
      return;
    }
    if (mine !== currentRun()) return;
  }
  await tokens.resume();
}
