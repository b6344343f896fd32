import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/Spinner.tsx';
import { LazyToaster } from '../lib/toast.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';
import { APP_TEXTS } from '../texts/app.ts';

/** Every page: fixed navbar, the page (lazy, under an error boundary), footer, toasts top right (their code loads with the first one). */
export function Layout() {
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#conteudo">
        {APP_TEXTS.nav.skip}
      </a>
      <Navbar />
      <main id="conteudo" className="main">
        {/* Keyed by path: a failure on one page does not stick to the next. */}
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <LazyToaster />
    </>
  );
}
