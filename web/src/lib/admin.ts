import { useSession, type Session } from './session.ts';

/**
 * Whether the person may do what administrators do. With sign-in off there is nobody to ask, so
 * the caller says what the open mode means: `'admin'` where the API lets everyone act (the
 * Lixeira's delete for good), `'none'` where the thing exists only with sign-in (the Usuários
 * link and pages).
 */
export function isAdmin(session: Session, openMode: 'admin' | 'none'): boolean {
  if (session.status === 'off') return openMode === 'admin';
  return session.status === 'signedIn' && session.user.admin;
}

/** `isAdmin` for the current session. */
export const useIsAdmin = (openMode: 'admin' | 'none'): boolean => isAdmin(useSession(), openMode);
