/**
 * Where the refresh token is kept: sessionStorage, or localStorage with 'Manter conectado', and
 * nowhere else, under `key` (config.ts's SESSION_STORAGE_KEY, which the session passes); and what
 * an access token says (its claims). The access token itself lives in the session's memory only.
 */

/**
 * Keeps `token` where `remember` says and nowhere else; none: wipes it. The kept copy is only
 * ever replaced, never removed first: another tab of a kept session reads a removal as Sair.
 */
export function keepRefreshToken(key: string, token: string | undefined, remember: boolean): void {
  try {
    const [mine, other] = remember ? [localStorage, sessionStorage] : [sessionStorage, localStorage];
    other.removeItem(key);
    if (token) mine.setItem(key, token);
    else mine.removeItem(key);
  } catch {
    // Storage turned off: the session lasts as long as the page.
  }
}

/** The kept refresh token and whether it was kept with 'Manter conectado'; undefined: none. */
export function keptRefreshToken(key: string): [token: string, remember: boolean] | undefined {
  try {
    const l = localStorage.getItem(key);
    const s = sessionStorage.getItem(key);
    return l ? [l, true] : s ? [s, false] : undefined;
  } catch {
    return undefined;
  }
}

let removedElsewhere: (() => void) | undefined;

/** Calls `onRemoved` when another tab removes the kept token (its Sair); one watcher, installed once. */
export function watchRemovalElsewhere(key: string, onRemoved: () => void): void {
  if (!removedElsewhere) {
    addEventListener('storage', (e) => {
      if (e.key === key && !e.newValue) removedElsewhere?.();
    });
  }
  removedElsewhere = onRemoved;
}

/** An access token's claims (Cognito signed it; the API verifies it: the web only reads it). */
export function claimsOf(jwt: string): { exp: number; iat: number; username?: string; 'cognito:groups'?: string[] } {
  const b64 = (jwt.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))));
}
