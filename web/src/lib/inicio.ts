/**
 * Which home a browser is served first. A visitor (sign-in on, nobody signed in) gets
 * a compact sign-in invitation with the hero in the first screen; whoever may read the portfolio
 * (signed in, or the open mode) gets its dashboard. The prerendered page must know which before
 * its first paint, or one of them shifts: the app remembers what it found in a cookie, the edge
 * (infra/cloudfront/spa-rewrite.js) reads it and serves that page (both are prerendered), and
 * hydration reads the same cookie. Without the cookie (a first visit) the dashboard's space is
 * reserved, and the home fits the block to what it holds once known (pages/Home.tsx).
 */
import { HOME_COOKIE } from '../config.ts';

export type HomeLayout = 'visitante' | 'carteira';

const VISITANTE: HomeLayout = 'visitante';
/** A year: the hint outlives the browser's session (a kept sign-in lasts up to 30 days). */
const MAX_AGE_SECONDS = 365 * 24 * 3600;

let prerendering: HomeLayout = 'carteira';

/** The layout being prerendered at build time (web/src/prerender.tsx). */
export function prerenderAs(layout: HomeLayout): void {
  prerendering = layout;
}

const visitorCookie = (): boolean => document.cookie.split(';').some((c) => c.trim() === `${HOME_COOKIE}=${VISITANTE}`);

/**
 * The cookie as the edge read it: taken when the app starts, before the session (which rewrites
 * it) is found, so hydration renders what was prerendered even when a lazy part hydrates later.
 */
const served: HomeLayout | undefined = typeof document === 'undefined' ? undefined : visitorCookie() ? VISITANTE : 'carteira';

/** The layout this page was served with (at build time, the file being prerendered). */
export function servedLayout(): HomeLayout {
  return served ?? prerendering;
}

/** Remembers, for the next load of `/`, whether this browser has a visitor (no personal data: one word). */
export function rememberVisitor(visitor: boolean): void {
  if (typeof document === 'undefined' || visitorCookie() === visitor) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const value = visitor ? `${VISITANTE}; Max-Age=${MAX_AGE_SECONDS}` : '; Max-Age=0';
  document.cookie = `${HOME_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
}
