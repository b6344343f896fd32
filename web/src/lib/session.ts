/**
 * The signed-in session: the runtime configuration (`/config.json`), Cognito's tokens
 * and their renewal. The access token lives in memory only; the refresh token in sessionStorage,
 * or localStorage with 'Manter conectado'. The app shell holds this module; the sign-in pages
 * (lazy) call `establish` with the tokens they obtain.
 */
import { useSyncExternalStore } from 'react';
import type { CognitoWebConfig, WebConfig } from '@contract';
import { ADMIN_GROUP, CONFIG_URL, SESSION_STORAGE_KEY, TOKEN_RENEW_MARGIN, TOKEN_RENEW_RETRY } from '../config.ts';
import { cognitoCall, CognitoError, type AuthAnswer, type AuthResult } from './cognito.ts';
import { rememberVisitor } from './inicio.ts';
import { removeAllToasts } from './toast.tsx';

/** `/config.json` (the contract's WebConfig): with sign-in on, and either way. */
export type CognitoConfig = CognitoWebConfig;
export type AuthConfig = WebConfig;

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

/**
 * Reads `/config.json` (served `no-cache`: revalidated on every load). The default cache mode
 * takes over the page's `<link rel="preload">` of it (index.html): a request sent beside the scripts.
 * @throws when it is unreadable or holds no configuration.
 */
export async function loadAuthConfig(): Promise<AuthConfig> {
  const res = await fetch(CONFIG_URL);
  const c = (await res.json()) as Omit<Partial<CognitoConfig>, 'auth'> & { auth?: string };
  if (res.ok && c.auth === 'off') return { auth: 'off' };
  if (res.ok && c.auth === 'cognito' && c.clientId && c.cognitoEndpoint) return c as CognitoConfig;
  throw new Error(`${CONFIG_URL} holds no sign-in configuration`);
}

let session: Session = { status: 'loading' };
let config: CognitoConfig | undefined;
let access: { token: string; renewAt: number; user: User } | undefined;
let refresh: string | undefined;
let remember = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let renewing: Promise<string | undefined> | undefined;
/** Bumped whenever a session starts over or ends: an answer that arrives for an older one is dropped. */
let run = 0;
/** Bumped whenever a session ends: the app's SWR cache is replaced (providers.tsx). */
let generation = 0;
let listening = false;
const listeners = new Set<() => void>();

function set(next: Session): void {
  session = next;
  // What the next load of `/` should be prerendered as: a visitor's, or the portfolio's (a kept
  // session that could not resume for want of network is still someone's).
  if (next.status === 'anonymous' && next.reason !== 'network') rememberVisitor(true);
  else if (next.status === 'signedIn' || next.status === 'off') rememberVisitor(false);
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
/** The user pool's configuration (undefined with sign-in off or before config.json arrived). */
export const cognitoConfig = (): CognitoConfig | undefined => config;

/**
 * Keeps the refresh token where 'Manter conectado' says and nowhere else; none: wipes it. The
 * kept copy is only ever replaced, never removed first: another tab of a kept session reads a
 * removal as Sair.
 */
function keep(token: string | undefined): void {
  try {
    const [mine, other] = remember ? [localStorage, sessionStorage] : [sessionStorage, localStorage];
    other.removeItem(SESSION_STORAGE_KEY);
    if (token) mine.setItem(SESSION_STORAGE_KEY, token);
    else mine.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage turned off: the session lasts as long as the page.
  }
}

function kept(): [token: string, remember: boolean] | undefined {
  try {
    const l = localStorage.getItem(SESSION_STORAGE_KEY);
    const s = sessionStorage.getItem(SESSION_STORAGE_KEY);
    return l ? [l, true] : s ? [s, false] : undefined;
  } catch {
    return undefined;
  }
}

/** A JWT's payload (Cognito signed it; the API verifies it: the web only reads it). */
function claimsOf(jwt: string): { exp: number; iat: number; username?: string; 'cognito:groups'?: string[] } {
  const b64 = (jwt.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))));
}

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
  keep(refresh);
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
    try {
      const answer = await cognitoCall<AuthAnswer>(config!.cognitoEndpoint, 'InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: config!.clientId,
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
 * every toast gone at once (one may name a client: "Acme" excluído).
 */
function end(reason?: 'expired'): void {
  run++;
  clearTimeout(timer);
  access = refresh = renewing = undefined;
  keep(undefined);
  removeAllToasts();
  generation++;
  set({ status: 'anonymous', reason });
}

/** A session the API refused twice: over ("Sua sessão expirou. Entre novamente." on /entrar). */
export const expire = (): void => end('expired');

/** Sair: ends the session here at once, and revokes its refresh token at Cognito. */
export function signOut(): void {
  const token = refresh;
  const c = config;
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
  access = refresh = renewing = config = undefined;
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
  config = c;
  if (!listening) {
    listening = true;
    // Sair in another tab of a kept session ('Manter conectado') signs this one out too.
    addEventListener('storage', (e) => {
      if (e.key === SESSION_STORAGE_KEY && !e.newValue && remember && access) end();
    });
  }
  const k = kept();
  if (!k) return set({ status: 'anonymous' });
  [refresh, remember] = k;
  await renew();
}
