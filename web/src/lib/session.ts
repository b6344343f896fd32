/**
 * The signed-in session: who is signed in, the access token (in memory only) and its renewal, Sair
 * here and in the other tabs of a kept session. The configuration (auth-config.ts) and where the
 * refresh token is kept (token-store.ts) live apart; what else follows a session (the toasts, the
 * home's cookie) subscribes to its changes. The app shell holds this module; the sign-in pages
 * (lazy) call `establish` with the tokens they obtain.
 */
import { useSyncExternalStore } from 'react';
import { ADMIN_GROUP, TOKEN_RENEW_MARGIN, TOKEN_RENEW_RETRY } from '../config.ts';
import { cognitoCall, CognitoError, type AuthAnswer, type AuthResult } from '../api/cognito-client.ts';
import { cognitoConfig, loadAuthConfig, setCognitoConfig, type AuthConfig } from './auth-config.ts';
import { claimsOf, keepRefreshToken, keptRefreshToken, watchRemovalElsewhere } from './token-store.ts';

/** Who is signed in: the access token's `username` (the e-mail) and whether they are in the admin group. */
export interface User {
  email: string;
  admin: boolean;
}

export type Session =
  | { status: 'loading' }
  /** Sign-in off: the spec's open mode. */
  | { status: 'off' }
  /** `/config.json` could not be read. */
  | { status: 'failed' }
  /** Nobody signed in; `reason` says why a session ended ('expired') or could not resume ('network'). */
  | { status: 'anonymous'; reason?: 'expired' | 'network' | undefined }
  | { status: 'signedIn'; user: User };

let session: Session = { status: 'loading' };
let access: { token: string; renewAt: number; user: User } | undefined;
let refresh: string | undefined;
let remember = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let renewing: Promise<string | undefined> | undefined;
/** Bumped whenever a session starts over or ends: an answer that arrives for an older one is dropped. */
let run = 0;
/** Bumped whenever a session ends: the app's SWR cache is replaced (providers.tsx). */
let generation = 0;
const listeners = new Set<() => void>();
const changeListeners = new Set<(next: Session) => void>();
const endListeners = new Set<() => void>();

/** Calls `listener` with every new session state (before React hears of it). */
export function onSessionChange(listener: (next: Session) => void): () => void {
  changeListeners.add(listener);
  return () => void changeListeners.delete(listener);
}

/** Calls `listener` whenever a session ends here (Sair, expired, Sair in another tab). */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => void endListeners.delete(listener);
}

function set(next: Session): void {
  session = next;
  for (const l of changeListeners) l(next);
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** What a page prerendered at build time shows (and hydrates with): nobody is known yet. */
const PRERENDERED: Session = { status: 'loading' };

/** The session, as React state (`loading` in the prerendered HTML and while hydrating it). */
export const useSession = (): Session => useSyncExternalStore(subscribe, () => session, () => PRERENDERED);
/** Changes each time a session ends (the key of the app's data cache). */
export const useSessionGeneration = (): number => useSyncExternalStore(subscribe, () => generation, () => 0);

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
  const renewIn = Math.max(life - TOKEN_RENEW_MARGIN, life / 2);
  const email = c.username ?? '';
  const admin = (c['cognito:groups'] ?? []).includes(ADMIN_GROUP);
  const was = access?.user;
  const user = was?.email === email && was.admin === admin ? was : { email, admin };
  access = { token: result.AccessToken, renewAt: Date.now() + renewIn, user };
  refresh = result.RefreshToken ?? refresh;
  remember = keepSignedIn;
  keepRefreshToken(refresh, remember);
  schedule(renewIn);
  if (session.status !== 'signedIn' || session.user !== user) set({ status: 'signedIn', user });
}

/**
 * The refusals of a refresh token that end the session: revoked, expired or disabled
 * (NotAuthorizedException), the user deleted (UserNotFoundException). Anything else may pass.
 */
const SESSION_OVER: ReadonlySet<string> = new Set(['NotAuthorizedException', 'UserNotFoundException']);

/** One renewal at a time; the new access token, or undefined (Cognito out of reach for now, or the session ended). */
function renew(): Promise<string | undefined> {
  return (renewing ??= (async () => {
    const mine = run;
    const config = cognitoConfig()!;
    try {
      const answer = await cognitoCall<AuthAnswer>(config.cognitoEndpoint, 'InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: config.clientId,
        AuthParameters: { REFRESH_TOKEN: refresh },
      });
      if (mine !== run) return undefined;
      establish(answer.AuthenticationResult!);
      return access!.token;
    } catch (err) {
      if (mine !== run) return undefined;
      if (err instanceof CognitoError && SESSION_OVER.has(err.type)) {
        end('expired');
        return undefined;
      }
      // Offline, throttled (TooManyRequests) or a Cognito fault (InternalError, a 5xx): the
      // session (and the kept token) stays; the next try comes soon.
      schedule(TOKEN_RENEW_RETRY);
      if (!access) set({ status: 'anonymous', reason: 'network' });
      return undefined;
    } finally {
      if (mine === run) renewing = undefined;
    }
  })());
}

/**
 * Ends the session here: tokens out of memory and storage, a new data cache for the app, and
 * whatever follows a session told (every toast goes at once: one may name a client).
 */
function end(reason?: 'expired'): void {
  run++;
  clearTimeout(timer);
  access = refresh = renewing = undefined;
  keepRefreshToken(undefined, remember);
  for (const l of endListeners) l();
  generation++;
  set({ status: 'anonymous', reason });
}

/** A session the API refused twice: over ("Sua sessão expirou. Entre novamente." on /entrar). */
export const expire = (): void => end('expired');

/** Sair: ends the session here at once, and revokes its refresh token at Cognito. */
export function signOut(): void {
  const token = refresh;
  const c = cognitoConfig();
  end();
  if (token && c) void cognitoCall(c.cognitoEndpoint, 'RevokeToken', { Token: token, ClientId: c.clientId }).catch(() => undefined);
}

/** The access token for an API call, renewed first when its time has come; undefined with sign-in off or signed out. */
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

/**
 * Starts the session when the app starts: reads config.json (or takes `source`), then resumes
 * a kept session with its refresh token. Starting again drops the previous session (tests).
 */
export async function startSession(source: AuthConfig | Promise<AuthConfig> = loadAuthConfig()): Promise<void> {
  const mine = ++run;
  clearTimeout(timer);
  access = refresh = renewing = undefined;
  setCognitoConfig(undefined);
  set({ status: 'loading' });
  let c: AuthConfig;
  try {
    // A configuration given as it is (tests) applies at once.
    c = source instanceof Promise ? await source : source;
  } catch {
    if (mine === run) set({ status: 'failed' });
    return;
  }
  if (mine !== run) return;
  if (c.auth !== 'cognito') return set({ status: 'off' });
  setCognitoConfig(c);
  // Sair in another tab of a kept session ('Manter conectado') signs this one out too.
  watchRemovalElsewhere(() => {
    if (remember && access) end();
  });
  const k = keptRefreshToken();
  if (!k) return set({ status: 'anonymous' });
  [refresh, remember] = k;
  await renew();
}
