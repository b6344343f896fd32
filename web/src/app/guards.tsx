import { lazy } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AlertIcon, Badge } from '../components/icons.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { StatusPage } from '../components/StatusPage.tsx';
import { isAdmin } from '../lib/admin.ts';
import { useSession } from '../lib/session.ts';
import { entrarPath } from '../paths.ts';
import { APP_TEXTS } from '../texts/app.ts';

const NotFound = lazy(() => import('../components/NotFound.tsx'));
// The refusal's texts are the users pages' own: only a refused visit loads them.
const AdminOnly = lazy(() => import('../features/usuarios/pages/AdminOnly.tsx'));

/** config.json could not be read: a page that needs sign-in cannot be shown (reloading tries again). */
function SessionFailed() {
  return (
    <StatusPage
      mark={<Badge className="status-icon" icon={<AlertIcon size={32} />} />}
      heading={<PageHeading title={APP_TEXTS.titles.error}>{APP_TEXTS.error.heading}</PageHeading>}
      text={APP_TEXTS.error.text}
      actions={
        <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
          {APP_TEXTS.error.reload}
        </button>
      }
    />
  );
}

/**
 * The routes that need a signed-in user (with sign-in off, the spec's open mode: everyone). An
 * anonymous visit goes to /entrar, which comes back here (path and query) after signing in.
 */
export function RequireUser() {
  const session = useSession();
  const { pathname, search } = useLocation();
  switch (session.status) {
    case 'off':
    case 'signedIn':
      return <Outlet />;
    case 'anonymous':
      return <Navigate to={entrarPath(pathname + search)} replace />;
    case 'failed':
      return <SessionFailed />;
    default:
      return <Spinner />;
  }
}

/** The pages of sign-in itself: with sign-in off they do not exist (the spec's open mode, as before). */
export function SignInPages() {
  const { status } = useSession();
  return status === 'off' ? <NotFound /> : status === 'loading' ? <Spinner /> : <Outlet />;
}

/**
 * The routes for administrators (under SignInPages: they exist only with sign-in). Anyone else
 * who typed the URL reads that the page is for administrators.
 */
export function RequireAdmin() {
  return isAdmin(useSession(), 'none') ? <Outlet /> : <AdminOnly />;
}
