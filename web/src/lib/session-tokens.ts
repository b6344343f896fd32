/**
 * The signed-in session's tokens: the access token (in memory only) and its renewal, the refresh
 * token kept (token-store.ts), Sair here and in the other tabs of a kept session. A chunk of its
 * own, loaded by the session (session.ts) only when config.json says sign-in is on; the sign-in
 * pages call `establish` (through session.ts) with the tokens they obtain.
 *
 * Everything of the app shell comes in through `host` (`connect`), never by a static import: the
 * bundler would otherwise move every shell module this one shares into a chunk of their own,
 * which every page then loads.
 */
import { cognitoCall, CognitoError, type AuthAnswer, type AuthResult } from '../api/cognito-client.ts';
import type { CognitoConfig } from './auth-config.ts';
import type { Session, User } from './session-state.ts';
import { claimsOf, keepRefreshToken, keptRefreshToken, watchRemovalElsewhere } from './token-store.ts';

/** What the app shell's session gives this module: its state (session-state.ts), the user pool, and config.ts's settings. */
export interface SessionHost {
  currentRun(): number;
  currentSession(): Session;
  setSession(next: Session): void;
  endSession(reason?: 'expired'): void;
  cognitoConfig(): CognitoConfig | undefined;
  settings: { adminGroup: string; renewMargin: number; renewRetry: number; storageKey: string };
}

let host: SessionHost;

/** Called once, by session.ts, when it loads this module. */
export function connect(h: SessionHost): void {
  host = h;
}

let access: { token: string; renewAt: number; user: User } | undefined;
let refresh: string | undefined;
let remember = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let renewing: Promise<string | undefined> | undefined;

function schedule(ms: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => void renew(), ms);
}

/**
 * Signs in (or renews) with Cognito's answer: the access token in memory, the refresh token kept
 * (a renewal carries none: the old one stays), the renewal timed before the token expires.
 * `keepSignedIn`: 'Manter conectado' (localStorage instead of sessionStorage).
 */
export function establish(result: AuthResult, keepSignedIn = remember): void {
  const c = claimsOf(result.AccessToken);
  // The lifetime, counted on this device's clock (which may be off from Cognito's).
  const life = (result.ExpiresIn ?? c.exp - c.iat) * 1000;
  const renewIn = Math.max(life - host.settings.renewMargin, life / 2);
  const email = c.username ?? '';
  const admin = (c['cognito:groups'] ?? []).includes(host.settings.adminGroup);
  const was = access?.user;
  const user = was?.email === email && was.admin === admin ? was : { email, admin };
  access = { token: result.AccessToken, renewAt: Date.now() + renewIn, user };
  refresh = result.RefreshToken ?? refresh;
  remember = keepSignedIn;
  keepRefreshToken(host.settings.storageKey, refresh, remember);
  schedule(renewIn);
  const session = host.currentSession();
  if (session.status !== 'signedIn' || session.user !== user) host.setSession({ status: 'signedIn', user });
}

/**
 * The refusals of a refresh token that end the session: revoked, expired or disabled
 * (NotAuthorizedException), the user deleted (UserNotFoundException). Anything else may pass.
 */
const SESSION_OVER: ReadonlySet<string> = new Set(['NotAuthorizedException', 'UserNotFoundException']);

/** One renewal at a time; the new access token, or undefined (Cognito out of reach for now, or the session ended). */
function renew(): Promise<string | undefined> {
  return (renewing ??= (async () => {
    const mine = host.currentRun();
    const config = host.cognitoConfig()!;
    try {
      const answer = await cognitoCall<AuthAnswer>(config.cognitoEndpoint, 'InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: config.clientId,
        AuthParameters: { REFRESH_TOKEN: refresh },
      });
      if (mine !== host.currentRun()) return undefined;
      establish(answer.AuthenticationResult!);
      return access!.token;
    } catch (err) {
      if (mine !== host.currentRun()) return undefined;
      if (err instanceof CognitoError && SESSION_OVER.has(err.type)) {
        end('expired');
        return undefined;
      }
      // Offline, throttled (TooManyRequests) or a Cognito fault (InternalError, a 5xx): the
      // session (and the kept token) stays; the next try comes soon.
      schedule(host.settings.renewRetry);
      if (!access) host.setSession({ status: 'anonymous', reason: 'network' });
      return undefined;
    } finally {
      if (mine === host.currentRun()) renewing = undefined;
    }
  })());
}

/** Drops the tokens held in memory and the renewal's timer (a session that starts over). */
export function reset(): void {
  clearTimeout(timer);
  access = refresh = renewing = undefined;
}

/**
 * Ends the session here: tokens out of memory and storage, a new data cache for the app, and
 * whatever follows a session told (every toast goes at once: one may name a client).
 */
function end(reason?: 'expired'): void {
  reset();
  keepRefreshToken(host.settings.storageKey, undefined, remember);
  host.endSession(reason);
}

/** A session the API refused twice: over ("Sua sessão expirou. Entre novamente." on /entrar). */
export const expire = (): void => end('expired');

/** Sair: ends the session here at once, and revokes its refresh token at Cognito. */
export function signOut(): void {
  const token = refresh;
  const c = host.cognitoConfig();
  end();
  if (token && c) void cognitoCall(c.cognitoEndpoint, 'RevokeToken', { Token: token, ClientId: c.clientId }).catch(() => undefined);
}

/** The access token for an API call, renewed first when its time has come; undefined when signed out. */
export async function accessToken(): Promise<string | undefined> {
  if (access && Date.now() >= access.renewAt) await renew();
  return access?.token;
}

/**
 * After the API refused `used` (401): the token to retry with, after one renewal shared by every
 * call that was refused meanwhile; undefined when there is none (no network, or the session ended).
 */
export async function tokenAfterRefusal(used: string): Promise<string | undefined> {
  if (!access) return undefined;
  return access.token !== used ? access.token : renew();
}

/** With sign-in on: watches Sair in the other tabs, then resumes a kept session with its refresh token (or nobody is signed in). */
export async function resume(): Promise<void> {
  // Sair in another tab of a kept session ('Manter conectado') signs this one out too.
  watchRemovalElsewhere(host.settings.storageKey, () => {
    if (remember && access) end();
  });
  const k = keptRefreshToken(host.settings.storageKey);
  if (!k) return host.setSession({ status: 'anonymous' });
  [refresh, remember] = k;
  await renew();
}
