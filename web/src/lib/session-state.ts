/**
 * The session's state as the whole app reads it: who is signed in (or that sign-in is off), its
 * listeners, and the data cache's generation. The app shell holds this module; the tokens and
 * their renewal (session-tokens.ts) load only with sign-in on.
 */
import { useSyncExternalStore } from 'react';

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

/** The session now (outside React). */
export const currentSession = (): Session => session;

export function setSession(next: Session): void {
  session = next;
  for (const l of changeListeners) l(next);
  for (const l of listeners) l();
}

/** The current run; `newRun` starts another (every answer of the older one is then dropped). */
export const currentRun = (): number => run;
export const newRun = (): number => ++run;

/** A session ends here: a new run, whatever follows a session told, a new data cache, nobody signed in. */
export function endSession(reason?: 'expired'): void {
  run++;
  for (const l of endListeners) l();
  generation++;
  setSession({ status: 'anonymous', reason });
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
