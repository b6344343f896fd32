/**
 * What follows the session, wired once by the app shell (providers.tsx imports this module): the
 * session itself knows nothing of toasts or of the home's cookie.
 */
import { rememberVisitor } from '../lib/inicio.ts';
import { onSessionChange, onSessionEnd } from '../lib/session.ts';
import { removeAllToasts } from '../lib/toast.tsx';

// A session that ends takes every toast down at once: one may name a client ("Acme" excluído).
onSessionEnd(removeAllToasts);

// What the next load of `/` should be prerendered as: a visitor's, or the portfolio's (a kept
// session that could not resume for want of network is still someone's).
onSessionChange((next) => {
  if (next.status === 'anonymous' && next.reason !== 'network') rememberVisitor(true);
  else if (next.status === 'signedIn' || next.status === 'off') rememberVisitor(false);
});
